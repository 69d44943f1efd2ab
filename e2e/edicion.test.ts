// Correcting a patient in Chromium at 1440 and 375 px, against the built app on a fresh database:
// Editar opens the registration form filled in, saving returns to the page with the new values and
// the change in the history; an edit someone else overtook shows the 412 message and both values;
// an arrival with no date or time is stored at the clinic's time of saving, whatever the browser's.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { fechaEnZona, horaEnZona } from '../shared/edad.js'
import { MENSAJES_EDICION } from '../shared/pacientes.js'
import { apiPost, DESKTOP, expectAccessible, PHONE, shot, usarApp } from './harness.js'
import { nuevoDni, pacienteApi } from './steps.js'

const e2e = usarApp()
const { errores } = e2e

/** A signed-in page of its own browser profile (its own session), at one width. */
function sesion(viewport: { width: number; height: number }, timezoneId?: string): Promise<Page> {
  return e2e.entrar(viewport, { timezoneId })
}

async function nuevoPaciente(page: Page, primerNombre: string): Promise<number> {
  const p = await apiPost<{ id: number }>(
    page,
    e2e.app,
    '/pacientes',
    pacienteApi({
      documento: nuevoDni(),
      primerNombre,
      primerApellido: 'Huamán',
      segundoApellido: 'Ccori',
      fechaNacimiento: '1988-08-08',
      departamento: 'Lima',
      celular: '987654321',
    }),
  )
  return p.id
}

const campo = (page: Page, nombre: string) =>
  page.getByRole('textbox', { name: nombre, exact: true })

for (const [ancho, viewport] of [
  ['1440', DESKTOP],
  ['375', PHONE],
] as const) {
  describe(`corregir un paciente (${ancho} px)`, () => {
    it('Editar abre el formulario lleno; al guardar vuelve a la ficha con los valores nuevos y el cambio en el historial', async () => {
      const page = await sesion(viewport)
      const id = await nuevoPaciente(page, 'Gloria')
      await page.goto(`/pacientes/${id}`)
      await page.getByRole('heading', { name: 'Gloria Huamán Ccori', level: 1 }).waitFor()
      const historial = page.getByRole('region', { name: 'Historial de cambios' })
      await historial.getByText('Registro del paciente').waitFor()

      await page.getByRole('link', { name: /Editar/ }).click()
      await page.waitForURL(`**/pacientes/${id}/editar`)
      await page.getByRole('heading', { name: 'Editar paciente', level: 1 }).waitFor()
      for (const s of ['Identificación', 'Datos Demográficos', 'Contacto'])
        await page.getByRole('heading', { name: s }).waitFor()
      expect(await campo(page, 'Primer nombre').inputValue()).toBe('Gloria')
      expect(await campo(page, 'Celular').inputValue()).toBe('987654321')
      expect(await page.getByLabel('Provincia').inputValue()).toBe('Lima')
      expect(await page.getByRole('radio', { name: 'Masculino' }).isChecked()).toBe(true)
      await page.getByText(/Política de privacidad aceptada el/).waitFor()

      // The registration's rules and messages, under the field.
      await campo(page, 'Documento').fill('123')
      await page.getByRole('button', { name: 'Guardar cambios' }).click()
      expect(await page.locator('#documento-error').innerText()).toBe('El DNI debe tener 8 dígitos')
      await shot(page, 'editar-errores')
      await page.goto(`/pacientes/${id}/editar`)
      await campo(page, 'Primer nombre').waitFor()

      await campo(page, 'Primer nombre').fill('Gladys')
      await campo(page, 'Celular').fill('')
      await page.getByLabel('Departamento').selectOption('Arequipa')
      expect(await page.getByLabel('Provincia').inputValue()).toBe('Arequipa')
      await shot(page, 'editar')
      await expectAccessible(page, `editar (${ancho})`)
      await page.getByRole('button', { name: 'Guardar cambios' }).click()

      await page.waitForURL((u) => u.pathname === `/pacientes/${id}`)
      await page.getByRole('heading', { name: 'Gladys Huamán Ccori', level: 1 }).waitFor()
      await page.getByRole('status').filter({ hasText: 'Cambios guardados.' }).waitFor()
      const cambio = historial.locator('li.historial__evento').first()
      await cambio.getByText('Cambio', { exact: true }).waitFor()
      const texto = await cambio.innerText()
      expect(texto).toContain('admin')
      const linea = (c: string, antes: string, ahora: string) =>
        new RegExp(`${c}:\\s*antes\\s*${antes}\\s*→\\s*ahora\\s*${ahora}`)
      expect(texto).toMatch(linea('Primer nombre', 'Gloria', 'Gladys'))
      expect(texto).toMatch(linea('Departamento', 'Lima', 'Arequipa'))
      expect(texto).toMatch(linea('Provincia', 'Lima', 'Arequipa'))
      expect(texto).toMatch(linea('Celular', '987654321', '—'))
      await historial.scrollIntoViewIfNeeded()
      await shot(page, 'historial')
      await expectAccessible(page, `historial (${ancho})`)
    })

    it('dos sesiones editan a la vez: la segunda recibe el 412 con los valores actuales junto a los suyos y puede volver a aplicarlos', async () => {
      const a = await sesion(viewport)
      const b = await sesion(viewport)
      const id = await nuevoPaciente(a, 'Marcos')
      await Promise.all([a.goto(`/pacientes/${id}/editar`), b.goto(`/pacientes/${id}/editar`)])
      await campo(a, 'Celular').waitFor()
      await campo(b, 'Celular').waitFor()

      await campo(a, 'Celular').fill('911222333')
      await a.getByRole('button', { name: 'Guardar cambios' }).click()
      await a.waitForURL((u) => u.pathname === `/pacientes/${id}`)

      await campo(b, 'Primer nombre').fill('Marco Antonio')
      await b.getByRole('button', { name: 'Guardar cambios' }).click()
      const alerta = b.getByRole('alert').filter({ hasText: MENSAJES_EDICION.versionVieja })
      await alerta.waitFor()
      const filas = await alerta.locator('tbody tr').allInnerTexts()
      expect(filas.map((f) => f.replace(/\s+/g, ' ').trim())).toEqual([
        'Primer nombre Marcos Marco Antonio',
        'Celular 911222333 sin cambios suyos',
      ])
      // The form holds the other person's value and this user's own.
      expect(await campo(b, 'Celular').inputValue()).toBe('911222333')
      expect(await campo(b, 'Primer nombre').inputValue()).toBe('Marco Antonio')
      await shot(b, 'editar-412')
      await expectAccessible(b, `412 (${ancho})`)

      await b.getByRole('button', { name: 'Guardar cambios' }).click()
      await b.waitForURL((u) => u.pathname === `/pacientes/${id}`)
      await b.getByRole('heading', { name: 'Marco Antonio Huamán Ccori', level: 1 }).waitFor()
      await b.getByText('911222333').first().waitFor()
      const eventos = b
        .getByRole('region', { name: 'Historial de cambios' })
        .locator('li.historial__evento')
      await expect.poll(() => eventos.count()).toBe(3)
    })
  })
}

describe('llegada sin fecha ni hora', () => {
  it('se guarda con la fecha y hora de la clínica al registrar, aunque el navegador esté en otra zona', async () => {
    // Tokyo is 14 hours ahead of Lima: a default taken from the browser would be another day.
    const page = await sesion(DESKTOP, 'Asia/Tokyo')
    const id = await nuevoPaciente(page, 'Teresa')
    await page.goto(`/pacientes/${id}`)
    await page.getByRole('heading', { name: 'Teresa Huamán Ccori', level: 1 }).waitFor()
    expect(await page.getByLabel('Fecha de llegada').inputValue()).toBe('')
    expect(await page.getByLabel('Hora de llegada').inputValue()).toBe('')
    await page.getByText('Vacía: ahora, en la hora de la clínica al registrar').waitFor()

    await page.getByLabel('Sede').selectOption('Lima')
    await page.getByLabel('Modalidad').selectOption({ label: 'DX (RX)' })
    await page.getByRole('checkbox', { name: 'Tórax PA', exact: true }).check()
    const antes = new Date()
    await page.getByRole('button', { name: 'Registrar atención' }).click()
    await page.getByRole('alert').filter({ hasText: 'Atención registrada' }).waitFor()
    const despues = new Date()
    const llegada = await page
      .locator('tbody tr')
      .first()
      .locator('td[data-label="Llegada"]')
      .innerText()
    const lima = (d: Date) =>
      `${fechaEnZona(d, 'America/Lima').split('-').reverse().join('/')} ${horaEnZona(d, 'America/Lima')}`
    expect([lima(antes), lima(despues)]).toContain(llegada.trim())
    // The form is blank again for the next arrival.
    expect(await page.getByLabel('Fecha de llegada').inputValue()).toBe('')
  })

  it('al final: ninguna falla de script en las páginas recorridas', async () => {
    expect(errores.flat()).toEqual([])
  })
})
