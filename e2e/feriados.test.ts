// Feriados in Chromium at 1440, 1366 and 375 px: Configuración › Feriados lists Peru's national
// ones of the year; an admin adds one of the clinic's for one sede, and that day's agenda says the
// feriado and offers no slot; a national one the clinic works opens again («Atender»), and back.
import { describe, expect, it } from 'vitest'
import { api, DESKTOP, PHONE, shot, sinScrollHorizontal, usarApp } from './harness.js'

const e2e = usarApp()

for (const [viewport, dia] of [
  [DESKTOP, '02'],
  [{ width: 1366, height: 768 }, '03'],
  [PHONE, '04'],
] as const) {
  const ancho = viewport.width
  describe(`Feriados (${ancho} px)`, () => {
    it('los nacionales del año, uno de la clínica para una sede, y la agenda de ese día cerrada', async () => {
      const page = await e2e.entrar(viewport)
      const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
      const anio = Number(hoy.slice(0, 4))
      await page.goto('/configuracion/feriados')
      const tabla = page.getByRole('region', { name: 'Feriados' })
      await tabla.getByText('Navidad').waitFor()
      expect(await tabla.getByText('Fiestas Patrias').count()).toBe(2)
      await sinScrollHorizontal(page)
      await shot(page, 'feriados')
      // Navidad worked, then closed again.
      const navidad = `Navidad del 25/12/${anio}`
      await page.getByRole('button', { name: `Atender el feriado ${navidad}` }).click()
      await page.getByRole('alert').filter({ hasText: 'la clínica atiende' }).waitFor()
      await page.getByRole('button', { name: `Cerrar el feriado ${navidad}` }).click()
      await page.getByRole('alert').filter({ hasText: 'las salas no atienden citas' }).waitFor()
      // One of the clinic's, next year, for Arequipa only (November 2 to 4 are no national ones).
      const fecha = `${anio + 1}-11-${dia}`
      await page.getByRole('button', { name: 'Nuevo feriado' }).click()
      const form = page.getByRole('region', { name: 'Nuevo feriado' })
      await form.getByRole('button', { name: 'Agregar feriado' }).click()
      // Nothing filled: each required field says so.
      await expect.poll(() => form.getByText('Campo requerido').count()).toBe(2)
      await form.getByLabel('Fecha').fill(fecha)
      await form.getByLabel('Nombre').fill('Aniversario de la sede')
      await form.getByLabel('Sede').selectOption('Arequipa')
      await form.getByRole('button', { name: 'Agregar feriado' }).click()
      const dma = fecha.split('-').reverse().join('/')
      await page
        .getByRole('alert')
        .filter({ hasText: `Aniversario de la sede del ${dma}` })
        .waitFor()
      await expect
        .poll(() => page.getByTestId(`feriado-${fecha}-Arequipa`).innerText())
        .toContain('De la clínica')
      await shot(page, 'feriados-agregado')
      // That day's agenda at Arequipa says so and offers nothing; Lima's is open.
      await page.goto(`/citas?sede=Arequipa&fecha=${fecha}`)
      await page.getByText('Feriado: Aniversario de la sede. No atiende citas').first().waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'feriados-agenda')
      await page.goto(`/citas?sede=Lima&fecha=${fecha}`)
      await page
        .getByText(/Atiende de \d\d:\d\d a \d\d:\d\d/)
        .first()
        .waitFor()
      expect(await page.getByText('Feriado:').count()).toBe(0)
    })
  })
}
