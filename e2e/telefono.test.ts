// Every screen at 375 px, the front desk's phone: the slide-in menu and each page laid out for it.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiPost,
  expectAccessible,
  login,
  newContext,
  PHONE,
  shot,
  startApp,
  watchErrors,
  type App,
} from './harness.js'
import { idRegistrado, llenarRegistro, nuevoDni, pacienteApi } from './steps.js'

let app: App
let context: BrowserContext
let page: Page
let errors: string[]
let pacienteId: number

beforeAll(async () => {
  app = await startApp()
  context = await newContext(app, PHONE)
  page = await context.newPage()
  errors = watchErrors(page)
}, 240_000)

afterAll(async () => {
  await app?.close()
})

const menu = () => page.getByRole('complementary', { name: 'Menú principal' })
const abrir = () => page.getByRole('button', { name: 'Abrir menú' })
/** Opens the menu and waits for its slide-in to end: mid-slide its buttons are still off screen. */
async function abrirMenu(): Promise<void> {
  await abrir().click()
  await menu().waitFor()
  const handle = await menu().elementHandle()
  await page.waitForFunction((m) => m !== null && m.getBoundingClientRect().left >= 0, handle)
  await page.evaluate(
    (m) => Promise.all((m?.getAnimations({ subtree: true }) ?? []).map((a) => a.finished)),
    handle,
  )
}

/** Each row of a table is a card on a phone: every value must start clear of its column's name. */
async function expectTarjetasLegibles(): Promise<void> {
  const celdas = await page.evaluate(() =>
    [...document.querySelectorAll('.table--cards tbody td')].map((td) => ({
      campo: td.getAttribute('data-label'),
      nombre: parseFloat(getComputedStyle(td, '::before').width),
      sangria: parseFloat(getComputedStyle(td).paddingLeft),
    })),
  )
  expect(celdas.length).toBeGreaterThan(0)
  expect(celdas.filter((c) => !(c.nombre > 0 && c.sangria > c.nombre))).toEqual([])
}

async function menuAbierto(): Promise<boolean> {
  return menu().isVisible()
}

describe('teléfono (375 px)', () => {
  it('login', async () => {
    await page.goto('/dashboard')
    await page.waitForURL(/\/login\?volver=%2Fdashboard$/)
    await shot(page, 'login')
    await expectAccessible(page, 'login (teléfono)')
    await login(page, 'admin', 'equivocada')
    await page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' }).waitFor()
    await shot(page, 'login-error')
    await login(page)
    await page.waitForURL('**/dashboard')
    const p = await apiPost<{ id: number }>(
      page,
      app,
      '/pacientes',
      pacienteApi({
        documento: nuevoDni(),
        primerNombre: 'Teodoro',
        primerApellido: 'Condori',
        fechaNacimiento: '1962-08-30',
        celular: '912345678',
      }),
    )
    pacienteId = p.id
    await apiPost(page, app, `/pacientes/${p.id}/atenciones`, {
      sede: 'Cusco',
      modalidad: 'LAB',
      estudios: [{ nombre: 'Glucosa' }],
    })
  })

  it('el menú se desliza; se cierra al tocar fuera, con su botón, con Escape y al elegir una entrada', async () => {
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    expect(await menuAbierto()).toBe(false)
    expect(await abrir().getAttribute('aria-expanded')).toBe('false')

    await abrirMenu()
    // While the menu is open the page behind it is inert, its button included.
    expect(await page.locator('.topbar__menu').getAttribute('aria-expanded')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Cerrar menú',
    )
    expect(await page.locator('main').getAttribute('inert')).not.toBeNull()
    await page.waitForTimeout(300) // the slide-in finishes
    await shot(page, 'menu-movil')
    await expectAccessible(page, 'menú móvil')
    // A tap on the dimmed page beside the menu closes it.
    await page.mouse.click(355, 400)
    await menu().waitFor({ state: 'hidden' })

    await abrirMenu()
    await page.getByRole('button', { name: 'Cerrar menú' }).click()
    await menu().waitFor({ state: 'hidden' })

    await abrirMenu()
    await page.keyboard.press('Escape')
    await menu().waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Abrir menú',
    )

    await abrirMenu()
    await menu().getByRole('link', { name: 'Citas', exact: true }).click()
    await page.waitForURL((u) => u.pathname === '/citas')
    await menu().waitFor({ state: 'hidden' })
    await abrirMenu()
    await menu().getByRole('button', { name: 'Mostrar opciones de Pacientes' }).click()
    await menu().getByRole('link', { name: 'Buscar paciente' }).click()
    await page.waitForURL((u) => u.pathname === '/pacientes/buscar')
    await menu().waitFor({ state: 'hidden' })
  })

  it('Dashboard', async () => {
    await abrirMenu()
    await menu().getByRole('link', { name: 'Dashboard' }).click()
    await page
      .getByRole('article', { name: 'Total Pacientes' })
      .getByText('1', { exact: true })
      .waitFor()
    await page.locator('.uplot canvas').waitFor()
    await page
      .getByRole('region', { name: 'Últimos Pacientes' })
      .getByText('Teodoro Condori')
      .waitFor()
    await shot(page, 'dashboard')
    await expectAccessible(page, 'dashboard (teléfono)')
  })

  it('Registro de Paciente y la lista', async () => {
    await page.goto('/pacientes/crear')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page.locator('#documento-error').waitFor()
    await shot(page, 'registro-errores')
    await llenarRegistro(page, {
      documento: nuevoDni(),
      primerNombre: 'Milagros',
      primerApellido: 'Ttito',
      fechaNacimiento: '2001-12-24',
      departamento: 'Cusco',
    })
    expect(await page.getByLabel('Provincia').inputValue()).toBe('Cusco')
    // Any of Peru's provincias: she lives in Puno's Yunguyo.
    await page.getByLabel('Departamento').selectOption('Puno')
    expect(await page.getByLabel('Provincia').inputValue()).toBe('Puno')
    await page.getByLabel('Provincia').selectOption('Yunguyo')
    await shot(page, 'registro-puno')
    await page.getByRole('button', { name: 'Guardar' }).click()
    const id = await idRegistrado(page)
    await shot(page, 'registro-exito')

    await page.goto('/pacientes')
    const filas = page.getByRole('region', { name: 'Pacientes registrados' }).locator('tbody tr')
    await expect.poll(() => filas.count()).toBe(2)
    expect(await filas.first().innerText()).toContain(String(id))
    expect(await filas.nth(1).getByRole('img', { name: 'Laboratorio' }).count()).toBe(1)
    await expectTarjetasLegibles()
    await shot(page, 'pacientes')
    await expectAccessible(page, 'pacientes (teléfono)')
  })

  it('Buscar Paciente', async () => {
    await page.goto('/pacientes/buscar')
    await page.waitForURL((u) => u.searchParams.has('fechaInicial'))
    // On a phone the filters fold under «Filtros», the list first.
    await page.getByText(/^Filtros/).click()
    await page.getByRole('button', { name: 'Limpiar fecha inicial' }).click()
    await page.getByLabel('Primer apellido').fill('condori')
    await page.getByLabel('Fecha final').fill('2099-12-31')
    await page.getByRole('button', { name: 'Limpiar fecha final' }).waitFor()
    await page.getByRole('button', { name: 'Buscar' }).click()
    await page.waitForURL((u) => u.search === '?primerApellido=condori&fechaFinal=2099-12-31')
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1)
    expect(await page.locator('table tbody tr').innerText()).toContain('Glucosa')
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      375,
    )
    await shot(page, 'buscar-resultados')
    await expectAccessible(page, 'buscar (teléfono)')
  })

  it('ficha del paciente y una atención nueva', async () => {
    await page.goto(`/pacientes/${pacienteId}`)
    await page.getByRole('heading', { name: 'Teodoro Condori', level: 1 }).waitFor()
    await page.getByLabel('Sede').selectOption('Lima')
    await page.getByLabel('Modalidad').selectOption({ label: 'MRI' })
    await page.getByRole('checkbox', { name: 'Cerebro' }).check()
    await page.getByRole('button', { name: 'Registrar atención' }).click()
    await page.getByRole('alert').filter({ hasText: 'Atención registrada' }).waitFor()
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2)
    await expectTarjetasLegibles()
    await shot(page, 'paciente')
    await expectAccessible(page, 'paciente (teléfono)')
  })

  it('la pantalla de error de una página que no carga', async () => {
    await page.route('**/assets/buscar-page-*.js', (route) => route.abort())
    await page.goto('/pacientes/buscar')
    await page.getByRole('heading', { name: 'No se pudo mostrar esta pantalla' }).waitFor()
    await shot(page, 'error-aplicacion')
    await page.unroute('**/assets/buscar-page-*.js')
    errors.splice(0) // the aborted chunk logged its failure on purpose
  })

  it('Cerrar Sesión desde el menú', async () => {
    await page.goto('/dashboard')
    await abrirMenu()
    await menu().getByRole('button', { name: 'Cerrar Sesión' }).click()
    await page.waitForURL('**/login')
    expect(await menuAbierto()).toBe(false)
    expect(errors).toEqual([])
  })
})
