// Buscar Paciente, the end of a session, throttled logins and the routing-failure screen, at 1440 px.
import type { BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiPost,
  DESKTOP,
  expectAccessible,
  login,
  newContext,
  shot,
  startApp,
  watchErrors,
  type App,
} from './harness.js'
import { nuevoDni, pacienteApi } from './steps.js'

let app: App
let context: BrowserContext
let page: Page
let errors: string[]

const esBusqueda = (url: URL) => url.pathname === '/pacientes/buscar'
/** The search's JSON call, not the page itself, which shares its URL. */
const esLlamada = (route: Route) => route.request().resourceType() === 'fetch'

beforeAll(async () => {
  app = await startApp()
  context = await newContext(app, DESKTOP)
  page = await context.newPage()
  errors = watchErrors(page)
  await page.goto('/login')
  await login(page)
  await page.waitForURL('**/dashboard')
  // Three Pérez with an atención each at different sedes and modalities, and one Rojas.
  const visitas = [
    ['Lima', 'RX', 'Tórax PA'],
    ['Arequipa', 'Eco', 'Renal'],
    ['Cusco', 'MRI', 'Rodilla'],
  ] as const
  for (const [i, nombre] of ['José', 'Josefina', 'Joaquín'].entries()) {
    const p = await apiPost<{ id: number }>(
      page,
      app,
      '/pacientes',
      pacienteApi({
        documento: nuevoDni(),
        primerNombre: nombre,
        primerApellido: 'Pérez',
        fechaNacimiento: `198${i}-06-1${i}`,
      }),
    )
    const [sede, modalidad, estudio] = visitas[i]!
    await apiPost(page, app, `/pacientes/${p.id}/atenciones`, {
      sede,
      modalidad,
      estudios: [{ nombre: estudio }],
      fechaLlegada: `2025-0${i + 3}-10`,
      horaLlegada: '08:15',
    })
  }
  await apiPost(
    page,
    app,
    '/pacientes',
    pacienteApi({
      documento: nuevoDni(),
      primerNombre: 'Rosa',
      primerApellido: 'Rojas',
      fechaNacimiento: '1975-01-01',
    }),
  )
}, 240_000)

afterAll(async () => {
  await app?.close()
})

const filas = () => page.locator('table tbody tr')

describe('búsqueda y sesión (1440 px)', () => {
  it('muestra Buscar Paciente con los diez filtros y sus opciones', async () => {
    await page.goto('/pacientes/buscar')
    await page.getByRole('heading', { name: 'Buscar Paciente', level: 1 }).waitFor()
    // It opens on today's arrivals: none in this data.
    await page.waitForURL((u) => u.searchParams.has('fechaInicial'))
    const etiquetas = [
      'Tipo de documento',
      'Documento',
      'Primer nombre',
      'Segundo nombre',
      'Primer apellido',
      'Segundo apellido',
      'Fecha inicial',
      'Fecha final',
      'Sede',
      'Modalidad',
    ]
    for (const e of etiquetas) expect(await page.getByLabel(e, { exact: true }).count(), e).toBe(1)
    expect(await page.getByLabel('Modalidad').locator('option').allInnerTexts()).toEqual([
      'Todas',
      'DX (RX)',
      'Eco (US)',
      'MRI',
      'Laboratorio',
    ])
    expect(await page.getByLabel('Sede').locator('option').allInnerTexts()).toEqual([
      'Todas',
      'Lima',
      'Arequipa',
      'Cusco',
    ])
    expect(await page.getByLabel('Tipo de documento').locator('option').allInnerTexts()).toEqual([
      'Todos',
      'DNI',
      'Cédula',
      'Pasaporte',
      'RUC',
      'Carné de extranjería',
      'CPP (PTP)',
      'CNV (recién nacido)',
    ])
    await page.getByText('No hay resultados para mostrar.').waitFor()
    await expectAccessible(page, 'buscar')

    // Limpiar appears beside a date once it holds a value, and empties it.
    expect(await page.getByRole('button', { name: /Limpiar/ }).count()).toBe(2)
    await page.getByRole('button', { name: 'Limpiar fecha final' }).click()
    await page.getByRole('button', { name: 'Limpiar fecha inicial' }).click()
    expect(await page.getByRole('button', { name: /Limpiar/ }).count()).toBe(0)
    await page.getByLabel('Fecha inicial').fill('2025-01-01')
    await page.getByRole('button', { name: 'Limpiar fecha inicial' }).click()
    expect(await page.getByLabel('Fecha inicial').inputValue()).toBe('')
    expect(await page.getByRole('button', { name: /Limpiar/ }).count()).toBe(0)
  })

  it('Buscar dice "Buscando..." y se desactiva mientras carga; los filtros quedan en la URL; cada búsqueda limpia la anterior; Atrás la deshace', async () => {
    await page.route(esBusqueda, async (route) => {
      if (esLlamada(route)) await new Promise((r) => setTimeout(r, 700))
      await route.continue()
    })
    await page.getByLabel('Primer apellido').fill('perez')
    await page.getByRole('button', { name: 'Buscar' }).click()
    const ocupado = page.getByRole('button', { name: 'Buscando...' })
    await ocupado.waitFor()
    expect(await ocupado.isDisabled()).toBe(true)
    await page.waitForURL((u) => u.pathname + u.search === '/pacientes/buscar?primerApellido=perez')
    await expect.poll(() => filas().count()).toBe(3)
    expect(await page.getByRole('button', { name: 'Buscar' }).isEnabled()).toBe(true)
    expect(await filas().first().innerText()).toContain('Pérez')
    expect(await page.locator('table thead').innerText()).toMatch(
      /N\.º[\s\S]*Llegada[\s\S]*Paciente[\s\S]*Estudios[\s\S]*Sede[\s\S]*Prioridad[\s\S]*Estado/i,
    )
    await shot(page, 'buscar-resultados')
    await expectAccessible(page, 'buscar con resultados')

    await page.getByLabel('Modalidad').selectOption({ label: 'Eco (US)' })
    await page.getByRole('button', { name: 'Buscar' }).click()
    await page.getByRole('button', { name: 'Buscando...' }).waitFor()
    expect(await filas().count(), 'los resultados anteriores se limpian al buscar').toBe(0)
    await expect.poll(() => filas().count()).toBe(1)
    expect(await filas().first().innerText()).toContain('Renal')
    expect(new URL(page.url()).search).toBe('?primerApellido=perez&modalidad=Eco')

    await page.getByLabel('Primer nombre').fill('Zacarías')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await page.getByText('No hay resultados para mostrar.').waitFor()
    expect(await filas().count()).toBe(0)

    await page.goBack()
    await page.waitForURL(
      (u) => u.pathname + u.search === '/pacientes/buscar?primerApellido=perez&modalidad=Eco',
    )
    expect(await page.getByLabel('Primer nombre').inputValue()).toBe('')
    await expect.poll(() => filas().count()).toBe(1)
    await page.goBack()
    await expect.poll(() => filas().count()).toBe(3)
    expect(await page.getByLabel('Modalidad').inputValue()).toBe('')
    await page.unroute(esBusqueda)
  })

  it('muestra en rojo sobre la tabla el error de una respuesta fallida, y la siguiente búsqueda lo limpia', async () => {
    // The call altered on its way so the server answers 400: a real failing response.
    await page.route(esBusqueda, (route) =>
      esLlamada(route)
        ? route.continue({ url: `${route.request().url()}&fechaInicial=2025-13-45` })
        : route.continue(),
    )
    await page.getByRole('button', { name: 'Buscar' }).click()
    const error = page
      .getByRole('alert')
      .filter({ hasText: 'Error en la búsqueda: Filtros de búsqueda inválidos' })
    await error.waitFor()
    const rojo = await error.locator('.text-error').evaluate((el) => getComputedStyle(el).color)
    expect(rojo).toBe('rgb(180, 35, 24)')
    const tarjeta = page.getByRole('region', { name: 'Resultados' })
    expect((await error.boundingBox())!.y).toBeLessThan(
      (await tarjeta.getByText('No hay resultados para mostrar.').boundingBox())!.y,
    )
    await shot(page, 'buscar-error')
    await page.unroute(esBusqueda)
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect.poll(() => filas().count()).toBe(3)
    expect(await page.getByText('Error en la búsqueda').count()).toBe(0)
  })

  it('"Cargar más" sigue el encabezado Link', async () => {
    await page.goto('/pacientes/buscar?primerApellido=P%C3%A9rez&limite=2')
    await expect.poll(() => filas().count()).toBe(2)
    await page.getByRole('button', { name: 'Cargar más' }).click()
    await expect.poll(() => filas().count()).toBe(3)
    expect(await page.getByRole('button', { name: 'Cargar más' }).count()).toBe(0)
  })

  it('la lista de /pacientes llega del servidor, la más reciente primero, con íconos de estudios', async () => {
    await page.goto('/pacientes')
    const cuerpo = page.getByRole('region', { name: 'Pacientes registrados' }).locator('tbody tr')
    await expect.poll(() => cuerpo.count()).toBe(4)
    expect(await cuerpo.first().innerText()).toContain('Rosa Rojas')
    const joaquin = cuerpo.filter({ hasText: 'Joaquín Pérez' })
    expect(await joaquin.getByRole('img', { name: 'MRI' }).count()).toBe(1)
    const jose = cuerpo.filter({ hasText: 'José Pérez' })
    expect(await jose.getByRole('img', { name: 'DX (RX)' }).count()).toBe(1)
  })

  it('una falla al cargar una página muestra la pantalla de error en español', async () => {
    await page.route('**/assets/dashboard-page-*.js', (route) => route.abort())
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'No se pudo mostrar esta pantalla' }).waitFor()
    await shot(page, 'error-aplicacion')
    await page.unroute('**/assets/dashboard-page-*.js')
    errors.splice(0) // the aborted chunk logged its failure on purpose
  })

  it('si la sesión vence, la siguiente llamada lleva a /login y al entrar vuelve a la misma búsqueda', async () => {
    await page.goto('/pacientes/buscar?primerApellido=Rojas')
    await expect.poll(() => filas().count()).toBe(1)
    await context.clearCookies()
    await page.getByRole('button', { name: 'Buscar' }).click()
    await page.waitForURL((u) => u.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('volver')).toBe(
      '/pacientes/buscar?primerApellido=Rojas',
    )
    await login(page)
    await page.waitForURL((u) => u.pathname + u.search === '/pacientes/buscar?primerApellido=Rojas')
    await expect.poll(() => filas().count()).toBe(1)
  })

  it('Cerrar Sesión termina la sesión en el servidor y vuelve a /login', async () => {
    await page.goto('/pacientes/buscar')
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click()
    await page.waitForURL('**/login')
    const sesion = await page.request.get('/sesion', { headers: { accept: 'application/json' } })
    expect(sesion.status()).toBe(401)
    expect((await sesion.json()).message).toBe('Sesión requerida')
    await page.goto('/dashboard')
    await page.waitForURL((u) => u.pathname + u.search === '/login?volver=%2Fdashboard')
  })

  it('tras demasiados intentos fallidos muestra el mensaje de espera del servidor', async () => {
    const otro = await newContext(app, DESKTOP)
    const p = await otro.newPage()
    await p.goto('/login')
    const intento = async (clave: string) => {
      const respuesta = p.waitForResponse(
        (r) => new URL(r.url()).pathname === '/sesion' && r.request().method() === 'POST',
      )
      await login(p, 'intruso', clave)
      return (await respuesta).status()
    }
    for (let i = 0; i < 5; i++) {
      expect(await intento(`clave-${i}`)).toBe(401)
      await p.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' }).waitFor()
    }
    expect(await intento('otra-mas')).toBe(429)
    await p
      .getByRole('alert')
      .filter({ hasText: /Demasiados intentos fallidos\. Intente nuevamente en \d+ minutos?\./ })
      .waitFor()
    await shot(p, 'login-bloqueado')
    await otro.close()
  })

  it('al final: ninguna falla de script en las páginas recorridas', () => {
    expect(errors).toEqual([])
  })
})
