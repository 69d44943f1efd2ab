// An admin merges two records of one person from the duplicates list and undoes it, and dismisses
// a pair that is not one person, at 1440 and 375 px, through the built app.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  api,
  apiPost,
  DESKTOP,
  expectAccessible,
  login,
  newContext,
  PHONE,
  shot,
  startApp,
  watchErrors,
  type App,
} from './harness.js'
import { nuevoDni, pacienteApi } from './steps.js'

let app: App
beforeAll(async () => {
  app = await startApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})

interface Detalle {
  id: number
  celular: string | null
  atenciones: { id: number }[]
}

for (const [nombre, viewport] of [
  ['escritorio', DESKTOP],
  ['teléfono', PHONE],
] as const) {
  describe(`fusionar y deshacer desde Posibles duplicados (${viewport.width} px)`, () => {
    let context: BrowserContext
    let page: Page
    let errors: string[]
    let a: number
    let b: number
    let c: number
    let d: number
    const apellido = viewport.width > 500 ? 'Huamaní' : 'Ñaupari'

    beforeAll(async () => {
      context = await newContext(app, viewport)
      page = await context.newPage()
      errors = watchErrors(page)
      await page.goto('/login')
      await login(page)
      await page.waitForURL('**/dashboard')
      const crear = async (datos: Parameters<typeof pacienteApi>[0]) =>
        (await apiPost<{ id: number }>(page, app, '/pacientes', pacienteApi(datos))).id
      // One person registered twice: the same names and birth date, two DNIs; the second time
      // with a phone number and two atenciones.
      a = await crear({
        documento: nuevoDni(),
        primerNombre: 'Gregoria',
        primerApellido: apellido,
        fechaNacimiento: '1948-03-15',
      })
      b = await crear({
        documento: nuevoDni(),
        primerNombre: 'GREGORIA',
        primerApellido: apellido.normalize('NFD').replace(/\p{M}/gu, ''),
        fechaNacimiento: '1948-03-15',
        celular: '984 123 456',
      })
      for (const [modalidad, estudio] of [
        ['RX', 'Tórax PA'],
        ['LAB', 'Glucosa'],
      ] as const)
        await apiPost(page, app, `/pacientes/${b}/atenciones`, {
          sede: 'Cusco',
          modalidad,
          estudios: [{ nombre: estudio }],
        })
      // Two people who only share names and birth date.
      c = await crear({
        documento: nuevoDni(),
        primerNombre: 'Teodoro',
        primerApellido: apellido,
        fechaNacimiento: '1960-10-10',
      })
      d = await crear({
        documento: nuevoDni(),
        primerNombre: 'Teodoro',
        primerApellido: apellido,
        fechaNacimiento: '1960-10-10',
      })
    }, 60_000)

    afterAll(async () => {
      await context?.close()
    })

    it('la lista muestra los pares; «No es duplicado» quita el par', async () => {
      // The entry sits under Pacientes, whose options are folded away outside its pages.
      if (viewport.width < 500) await page.getByRole('button', { name: 'Abrir menú' }).click()
      await page.getByRole('button', { name: 'Mostrar opciones de Pacientes' }).click()
      await page.getByRole('link', { name: 'Duplicados' }).click()
      await page.waitForURL('**/pacientes/duplicados')
      await page.getByRole('heading', { name: 'Posibles duplicados', level: 1 }).waitFor()
      const par = page.getByTestId(`par-${a}-${b}`)
      await par.waitFor()
      expect(await par.innerText()).toContain('Mismos nombres y fecha de nacimiento')
      await page.getByTestId(`par-${c}-${d}`).waitFor()
      await shot(page, 'duplicados')
      await expectAccessible(page, 'Posibles duplicados')

      await page
        .getByTestId(`par-${c}-${d}`)
        .getByRole('button', { name: 'No es duplicado' })
        .click()
      await page.getByText(`Los registros ${c} y ${d} quedaron marcados`).waitFor()
      expect(await page.getByTestId(`par-${c}-${d}`).count()).toBe(0)
      await page.reload()
      await par.waitFor()
      expect(await page.getByTestId(`par-${c}-${d}`).count()).toBe(0)
    })

    it('Fusionar abre la comparación; se elige el registro y el valor de cada dato', async () => {
      await page.getByTestId(`par-${a}-${b}`).getByRole('link', { name: 'Fusionar' }).click()
      await page.waitForURL(`**/pacientes/duplicados/${a}/${b}`)
      await page.getByRole('heading', { name: 'Fusionar registros' }).waitFor()
      // By default the record with more history stays: B, with its two atenciones.
      expect(
        await page
          .getByRole('radio', { name: /Registro B/ })
          .first()
          .isChecked(),
      ).toBe(true)
      await page
        .getByRole('radio', { name: /Registro A/ })
        .first()
        .check()
      const celular = page.getByRole('group', { name: 'Celular' })
      // A has no phone: its blank value is not the default, B's number is.
      expect(await celular.getByRole('radio', { name: /984 123 456/ }).isChecked()).toBe(true)
      const primerApellido = page.getByRole('group', { name: 'Primer apellido' })
      await primerApellido.getByRole('radio', { name: new RegExp(`^${apellido}`) }).check()
      await shot(page, 'comparar')
      await expectAccessible(page, 'Fusionar registros')

      await page.getByRole('button', { name: 'Fusionar', exact: true }).click()
      await page.getByRole('button', { name: 'Confirmar fusión' }).click()
      await page.getByRole('heading', { name: 'Registros fusionados' }).waitFor()
      await shot(page, 'fusion-hecha')

      const conservado = await api<Detalle>(page, `/pacientes/${a}`)
      expect(conservado.celular).toBe('984 123 456')
      expect(conservado.atenciones).toHaveLength(2)
      const absorbido = await api<Detalle>(page, `/pacientes/${b}`)
      expect(absorbido.id).toBe(a)
    })

    it('la ficha del registro absorbido dice dónde quedó', async () => {
      await page.goto(`/pacientes/${b}`)
      const aviso = page.getByTestId('fusionado')
      await aviso.waitFor()
      expect(await aviso.innerText()).toContain(`El registro ${b} se fusionó con este paciente`)
      await page.getByRole('heading', { name: `Gregoria ${apellido}`, level: 1 }).waitFor()
      await shot(page, 'paciente-fusionado')
    })

    it('Deshacer fusión devuelve ambos registros con sus atenciones', async () => {
      await page.goto('/pacientes/duplicados')
      const fila = page.locator('[data-testid^="fusion-"]').filter({ hasText: `ID ${b}` })
      await fila.waitFor()
      expect(await page.getByTestId(`par-${a}-${b}`).count()).toBe(0)
      await fila.getByRole('button', { name: 'Deshacer fusión' }).click()
      await fila.getByRole('button', { name: 'Sí, deshacer' }).click()
      await fila.getByText('Deshecha el').waitFor()
      await page.getByText(`Fusión deshecha: los registros ${a} y ${b}`).waitFor()
      await page.getByTestId(`par-${a}-${b}`).waitFor()

      const ra = await api<Detalle>(page, `/pacientes/${a}`)
      const rb = await api<Detalle>(page, `/pacientes/${b}`)
      expect([ra.id, ra.celular, ra.atenciones.length]).toEqual([a, null, 0])
      expect([rb.id, rb.celular, rb.atenciones.length]).toEqual([b, '984 123 456', 2])
      expect(errors, nombre).toEqual([])
    })
  })
}
