// A newborn registered by its CNV in Chromium at 1440, 1366 and 375 px: the form asks for the
// mother; a document nobody has says to register her first; hers names her; Guardar without her
// says why; the newborn's page links to her page.
import { describe, expect, it } from 'vitest'
import {
  api,
  apiPost,
  DESKTOP,
  expectAccessible,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { idRegistrado, llenarRegistro, nuevoDni, pacienteApi } from './steps.js'

const e2e = usarApp()

for (const [viewport, nombre, cnv] of [
  [DESKTOP, 'Mateo', '1000458731'],
  [{ width: 1366, height: 768 }, 'Thiago', '1000458732'],
  [PHONE, 'Liam', '1000458733'],
] as const) {
  const ancho = viewport.width
  describe(`Recién nacido con CNV (${ancho} px)`, () => {
    it('se registra con su madre, buscada por su documento, y su ficha la enlaza', async () => {
      const page = await e2e.entrar(viewport)
      const dniMadre = nuevoDni()
      const madre = await apiPost<{ id: number }>(page, e2e.app, '/pacientes', {
        ...pacienteApi({
          documento: dniMadre,
          primerNombre: 'Gladys',
          primerApellido: `Huamán ${nombre}`,
          fechaNacimiento: '1994-02-11',
        }),
        sexo: 'Femenino',
      })
      const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
      await page.goto('/pacientes/crear')
      await llenarRegistro(page, {
        documento: cnv,
        primerNombre: nombre,
        primerApellido: 'Huamán',
        fechaNacimiento: hoy,
      })
      await page.getByLabel('Tipo de documento').selectOption('cnv')
      const bloque = page.getByRole('group', { name: 'Madre' })
      // Guardar without her says why, under Madre.
      await page.getByRole('button', { name: 'Guardar', exact: true }).click()
      await bloque.getByText('Un recién nacido con CNV se registra con su madre').waitFor()
      // A document nobody holds.
      await bloque.getByLabel('Documento de la madre', { exact: true }).fill(nuevoDni())
      await bloque.getByRole('button', { name: 'Buscar madre' }).click()
      await bloque.getByText('No hay una paciente con ese documento: regístrela primero').waitFor()
      // Hers, with Enter.
      await bloque.getByLabel('Documento de la madre', { exact: true }).fill(dniMadre)
      await bloque.getByLabel('Documento de la madre', { exact: true }).press('Enter')
      const enlace = bloque.getByRole('link', { name: `Gladys Huamán ${nombre} (DNI ${dniMadre})` })
      await enlace.waitFor()
      await shot(page, 'recien-nacido-madre')
      await sinScrollHorizontal(page)
      await expectAccessible(page, 'recien-nacido-madre')
      await page.getByRole('button', { name: 'Guardar', exact: true }).click()
      const id = await idRegistrado(page)
      // The next registration starts empty: no mother, nothing typed for one.
      await page.getByLabel('Tipo de documento').selectOption('cnv')
      expect(await bloque.getByLabel('Documento de la madre', { exact: true }).inputValue()).toBe(
        '',
      )
      expect(await bloque.getByRole('link').count()).toBe(0)

      await page.goto(`/pacientes/${id}`)
      const datos = page.getByRole('region', { name: 'Identificación' })
      await datos.getByText(`CNV (recién nacido) ${cnv}`).waitFor()
      const suya = datos.getByRole('link', { name: `Gladys Huamán ${nombre} (DNI ${dniMadre})` })
      await suya.waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'recien-nacido-ficha')
      await suya.click()
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/pacientes/${madre.id}`)
      await page.getByRole('heading', { name: `Gladys Huamán ${nombre}` }).waitFor()
      // Her page names her newborn, linked back.
      await page
        .getByRole('region', { name: 'Identificación' })
        .getByRole('link', { name: `${nombre} Huamán (CNV (recién nacido) ${cnv})` })
        .waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'recien-nacido-madre-ficha')
    })
  })
}
