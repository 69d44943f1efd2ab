// Configuración › Laboratorio in Chromium at 1440, 1366 and 375 px against the built app on a fresh
// database: the section's tab fits the row beside the others; an admin opens an analito, changes
// its delta check, edits a band's limit, meets the Spanish message of two bands of one sex sharing
// ages (naming the other band), removes it and saves; the catalogue then holds the band in days.
// The same admin lets a sede's technologists validate their own results (asked first) and enables
// a tecnólogo to validate results in Personal.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Analito, CatalogoLaboratorio } from '../shared/laboratorio.js'
import { deDias } from '../shared/laboratorio-config.js'
import type { UsuarioDetalle } from '../shared/usuarios.js'
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

const e2e = usarApp()
const { errores } = e2e

const aviso = (page: Page, texto: string) =>
  page.getByRole('alert').filter({ hasText: texto }).waitFor()

/** Each width edits an analito, a sede and an account of its own: all share one database. */
const CASOS = [
  ['escritorio', DESKTOP, { analito: 'GLU', sede: 'Lima', cuenta: 'tm.lima' }],
  [
    'portátil',
    { width: 1366, height: 768 },
    { analito: 'CREA', sede: 'Arequipa', cuenta: 'tm.arequipa' },
  ],
  ['teléfono', PHONE, { analito: 'TSH', sede: 'Cusco', cuenta: 'tm.cusco' }],
] as const

describe.each(CASOS)('Configuración › Laboratorio en %s', (_nombre, viewport, c) => {
  let page: Page
  let suyos: string[] = []
  let analito: Analito

  beforeAll(async () => {
    page = await e2e.entrar(viewport)
    suyos = errores.at(-1) ?? []
    const catalogo = await api<CatalogoLaboratorio>(page, '/laboratorio/analitos')
    analito = catalogo.analitos.find((a) => a.codigo === c.analito)!
  })

  it('la pestaña Laboratorio cabe en la fila de secciones y lista analitos y exámenes', async () => {
    await page.goto('/configuracion/personal')
    const menu = page.getByRole('navigation', { name: 'Secciones de Configuración' })
    await menu.getByRole('link', { name: 'Laboratorio', exact: true }).click()
    await page.waitForURL('**/configuracion/laboratorio')
    expect(await menu.getByRole('link', { name: 'Laboratorio' }).getAttribute('aria-current')).toBe(
      'page',
    )
    // From 768 px up every tab shows, in two rows at most (docs/producto.md#configuración); a
    // phone scrolls the row sideways, as it always did.
    if (viewport.width >= 768) {
      const fila = menu.locator('ul')
      expect(await fila.evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true)
      const altos = await menu
        .getByRole('link')
        .evaluateAll((ls) => ls.map((l) => l.getBoundingClientRect().top))
      expect(new Set(altos).size).toBeLessThanOrEqual(2)
    }
    await page.getByTestId(`analito-${c.analito}`).waitFor()
    await page.getByTestId('examen-LAB-HEMOGRAMA').getByText('Tubo tapa lila (EDTA)').waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'configuracion-laboratorio')
    await expectAccessible(page, 'configuracion-laboratorio')
  })

  it('cambia el control delta y un rango; una banda que se cruza se dice y no se guarda', async () => {
    await page.getByRole('button', { name: `Editar el analito ${c.analito}` }).click()
    const form = page.getByRole('region', { name: `Editar analito ${c.analito}` })
    await form.getByLabel('Control delta (%)').fill('45')
    await form.getByRole('button', { name: 'Guardar cambios' }).click()
    await aviso(page, `Analito ${c.analito} (${analito.nombre}) guardado.`)

    // The last band (the adults'): its normal maximum one unit higher, typed with a comma.
    const ultima = analito.rangos.length
    const banda = analito.rangos[ultima - 1]!
    const maximo = banda.normalMax! + 1
    await page.getByLabel(`Normal máximo, banda ${ultima}`).fill(String(maximo).replace('.', ','))
    // A new band of the same sex from 40 años overlaps it.
    await page.getByRole('button', { name: 'Agregar banda' }).click()
    const nueva = ultima + 1
    await page.getByLabel(`Sexo, banda ${nueva}`).selectOption(banda.sexo ?? '')
    await page.getByLabel(`Edad desde, banda ${nueva}`, { exact: true }).fill('40')
    await page.getByLabel(`Normal mínimo, banda ${nueva}`).fill('1')
    await page.getByRole('button', { name: 'Guardar rangos' }).click()
    const cruce = page
      .getByTestId(`banda-${nueva}`)
      .getByText(`La banda ${nueva} se cruza con la banda ${ultima}`, { exact: false })
    await cruce.waitFor()
    await shot(page, 'configuracion-laboratorio-rangos-error')
    await sinScrollHorizontal(page)
    await expectAccessible(page, 'configuracion-laboratorio-rangos-error')

    await page.getByRole('button', { name: `Quitar la banda ${nueva}` }).click()
    await page.getByRole('button', { name: 'Guardar rangos' }).click()
    await aviso(page, `Rangos de ${analito.nombre} guardados.`)
    await shot(page, 'configuracion-laboratorio-rangos')

    const despues = (await api<CatalogoLaboratorio>(page, '/laboratorio/analitos')).analitos.find(
      (a) => a.codigo === c.analito,
    )!
    expect(despues.deltaPorcentaje).toBe(45)
    expect(despues.rangos).toEqual(
      analito.rangos.map((r, i) => (i === ultima - 1 ? { ...r, normalMax: maximo } : r)),
    )
    // Stored in days (6575 for 18 años), shown back in the unit it was written in.
    const { valor, unidad } = deDias(banda.edadDesdeDias)
    expect(unidad).toBe('años')
    expect(await page.getByLabel(`Edad desde, banda ${ultima}`, { exact: true }).inputValue()).toBe(
      String(valor),
    )
    expect(await page.getByLabel(`Unidad de edad desde, banda ${ultima}`).inputValue()).toBe(unidad)
  })

  it('una sede permite la autovalidación preguntando antes; Personal habilita a un tecnólogo', async () => {
    await page.goto('/configuracion/sedes')
    const celda = page
      .getByTestId(`sede-${c.sede}`)
      .locator('td[data-label="Autovalidación (lab.)"]')
    await expect.poll(() => celda.innerText()).toBe('No')
    await page.getByRole('button', { name: `Permitir autovalidación en la sede ${c.sede}` }).click()
    const dialogo = page.getByRole('dialog', {
      name: `¿Permitir autovalidación en la sede ${c.sede}?`,
    })
    await dialogo.getByText('sin una segunda persona', { exact: false }).waitFor()
    await dialogo.getByRole('button', { name: 'Permitir autovalidación' }).click()
    await aviso(
      page,
      `En la sede ${c.sede}, quien ingresa un resultado de laboratorio puede validarlo también.`,
    )
    await expect.poll(() => celda.innerText()).toBe('Sí')
    await sinScrollHorizontal(page)
    await shot(page, 'configuracion-sedes-autovalidacion')

    const cuenta = await apiPost<UsuarioDetalle>(page, e2e.app, '/usuarios', {
      usuario: c.cuenta,
      nombre: 'Tecnóloga de Laboratorio',
      rol: 'tecnologo',
      colegiatura: 'CTMP 5150',
      contrasena: 'centrifuga-azul-2026',
    })
    expect(cuenta.validaResultados).toBe(false)
    await page.goto('/configuracion/personal')
    const casilla = page.getByLabel(`Valida resultados de laboratorio: ${c.cuenta}`)
    // The box follows the account as the server answers it, so it is ticked once saved.
    await casilla.click()
    await aviso(page, 'Tecnóloga de Laboratorio ahora valida resultados de laboratorio.')
    await expect.poll(() => casilla.isChecked()).toBe(true)
    await sinScrollHorizontal(page)
    await shot(page, 'configuracion-personal-valida')
    const lista = await api<UsuarioDetalle[]>(page, '/usuarios')
    expect(lista.find((u) => u.usuario === c.cuenta)?.validaResultados).toBe(true)
  })

  it('sin errores en la consola', () => {
    expect(suyos).toEqual([])
  })
})
