// The whole product at 1440 px in Chromium, against the built app on a fresh database.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Estadisticas } from '../shared/estadisticas.js'
import {
  api,
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
import { idRegistrado, llenarRegistro, nuevoDni, pacienteApi } from './steps.js'

let app: App
let context: BrowserContext
let page: Page
let errors: string[]

beforeAll(async () => {
  app = await startApp()
  context = await newContext(app, DESKTOP)
  page = await context.newPage()
  errors = watchErrors(page)
}, 240_000)

afterAll(async () => {
  await app?.close()
})

const path = () => new URL(page.url()).pathname + new URL(page.url()).search

describe('escritorio (1440 px)', () => {
  it('sin sesión lleva a /login; la contraseña errónea muestra el mensaje del servidor; al entrar vuelve a la página pedida', async () => {
    await page.goto('/pacientes/buscar?primerApellido=Quispe')
    await page.waitForURL(/\/login\?volver=/)
    expect(decodeURIComponent(path())).toBe('/login?volver=/pacientes/buscar?primerApellido=Quispe')
    await shot(page, 'login')
    await expectAccessible(page, 'login')

    await login(page, 'admin', 'no-es-la-clave')
    await page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' }).waitFor()
    await shot(page, 'login-error')

    await login(page)
    await page.waitForURL(
      (u) => u.pathname + u.search === '/pacientes/buscar?primerApellido=Quispe',
    )
    expect(await page.getByLabel('Primer apellido').inputValue()).toBe('Quispe')
    await page.getByText('No hay resultados para mostrar.').waitFor()
  })

  it('/ abre el Dashboard; una ruta desconocida lleva a /login, que con la sesión abierta sigue al Dashboard', async () => {
    await page.goto('/')
    await page.waitForURL('**/dashboard')
    for (const ruta of ['/no-existe/ni-esta', '/pacientes/1/otra/cosa', '/login']) {
      const pasos: string[] = []
      const anotar = (f: { url(): string }) => pasos.push(new URL(f.url()).pathname)
      page.on('framenavigated', anotar)
      await page.goto(ruta)
      await page.waitForURL('**/dashboard')
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
      page.off('framenavigated', anotar)
      if (ruta !== '/login') expect(pasos, ruta).toContain('/login')
      expect(await page.getByRole('button', { name: 'Entrar' }).count()).toBe(0)
    }
    // Signed out, the same address shows the login form.
    const fuera = await newContext(app, DESKTOP)
    const otra = await fuera.newPage()
    await otra.goto('/no-existe/ni-esta')
    await otra.waitForURL('**/login')
    await otra.getByRole('button', { name: 'Entrar' }).waitFor()
    await fuera.close()
  })

  it('la barra lateral se contrae a 5rem y se expande a 16rem; Pacientes despliega sus opciones; Citas abre la agenda; Configuración, para un administrador, sí', async () => {
    await page.goto('/dashboard')
    const barra = page.getByRole('complementary', { name: 'Menú principal' })
    await barra.waitFor()
    expect((await barra.boundingBox())?.width).toBe(256)
    const contraer = page.getByRole('button', { name: 'Contraer menú lateral' })
    expect(await contraer.getAttribute('aria-expanded')).toBe('true')
    await contraer.click()
    await expect.poll(async () => (await barra.boundingBox())?.width).toBe(80)
    await shot(page, 'menu-contraido')
    await page.getByRole('button', { name: 'Expandir menú lateral' }).click()
    await expect.poll(async () => (await barra.boundingBox())?.width).toBe(256)

    const desplegar = page.getByRole('button', { name: 'Mostrar opciones de Pacientes' })
    expect(await desplegar.getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByRole('link', { name: 'Crear paciente' }).isVisible()).toBe(false)
    await desplegar.click()
    await page.getByRole('link', { name: 'Crear paciente' }).click()
    await page.waitForURL('**/pacientes/crear')
    await page.getByRole('heading', { name: 'Registro de Paciente' }).waitFor()
    await page.getByRole('link', { name: 'Buscar paciente' }).click()
    // The worklist opens on today: the day goes into the URL.
    await page.waitForURL(
      (u) => u.pathname === '/pacientes/buscar' && u.searchParams.has('fechaInicial'),
    )

    // Citas opens the agenda (e2e/citas.test.ts goes further).
    const citas = page.getByRole('link', { name: 'Citas', exact: true })
    expect(await citas.getAttribute('aria-disabled')).toBeNull()
    await citas.click()
    await page.waitForURL((u) => u.pathname === '/citas' && u.searchParams.has('fecha'))
    expect(await citas.getAttribute('aria-current')).toBe('page')
    // An admin's Configuración opens its first section (e2e/configuracion.test.ts goes further).
    await page.getByRole('link', { name: 'Configuración', exact: true }).click()
    await page.waitForURL('**/configuracion/personal')
    await page
      .getByRole('link', { name: /Radiología y laboratorio/ })
      .first()
      .click()
    await page.waitForURL('**/dashboard')
  })

  it('el menú se usa con el teclado y el foco se ve', async () => {
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Saltar al contenido',
    )
    const pacientes = page.getByRole('link', { name: 'Pacientes', exact: true })
    await pacientes.focus()
    const outline = await pacientes.evaluate((el) => getComputedStyle(el).outlineStyle)
    expect(outline).not.toBe('none')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/pacientes')
    await page.getByRole('link', { name: 'Buscar paciente' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.pathname === '/pacientes/buscar')
  })

  it('Registro de Paciente: errores bajo sus campos, municipio dependiente, edad en vivo, éxito, documento duplicado, errores del servidor', async () => {
    await page.goto('/pacientes')
    await page.getByRole('heading', { name: 'Registro de Paciente' }).waitFor()
    for (const s of ['Identificación', 'Datos Demográficos', 'Contacto'])
      await page.getByRole('heading', { name: s }).waitFor()
    await expectAccessible(page, 'pacientes')

    await page.getByRole('button', { name: 'Guardar' }).click()
    const requeridos = [
      'tipoDocumento',
      'documento',
      'primerNombre',
      'primerApellido',
      'fechaNacimiento',
      'sexo',
      'departamento',
      'municipio',
      'zonaResidencial',
    ]
    for (const campo of requeridos)
      expect(await page.locator(`#${campo}-error`).innerText(), campo).toBe('Campo requerido')
    expect(await page.locator('#aceptaPolitica-error').innerText()).toBe(
      'Debes aceptar la política de privacidad',
    )
    expect(
      await page
        .getByRole('textbox', { name: 'Documento', exact: true })
        .getAttribute('aria-invalid'),
    ).toBe('true')
    await shot(page, 'registro-errores')
    await expectAccessible(page, 'registro con errores')

    const municipio = page.getByLabel('Provincia')
    expect(await municipio.isDisabled()).toBe(true)
    await page.getByLabel('Departamento').selectOption('Arequipa')
    expect(await municipio.isDisabled()).toBe(false)
    expect(await municipio.inputValue()).toBe('Arequipa')
    await page.getByLabel('Departamento').selectOption('Cusco')
    expect(await municipio.inputValue()).toBe('Cusco')
    // All of Peru: 25 departamentos after «Seleccione…», in alphabetical order; Puno's provincias
    // start with its capital's. Lima keeps Callao among its own.
    const departamentos = await page.getByLabel('Departamento').locator('option').allInnerTexts()
    expect(departamentos).toHaveLength(26)
    expect(departamentos.slice(1, 4)).toEqual(['Amazonas', 'Áncash', 'Apurímac'])
    await page.getByLabel('Departamento').selectOption('Puno')
    expect(await municipio.inputValue()).toBe('Puno')
    const provincias = await municipio.locator('option').allInnerTexts()
    expect(provincias.slice(1, 4)).toEqual(['Puno', 'Azángaro', 'Carabaya'])
    expect(provincias).toHaveLength(14)
    await municipio.selectOption('Yunguyo')
    await shot(page, 'registro-puno')
    await page.getByLabel('Departamento').selectOption('Lima')
    expect(await municipio.inputValue()).toBe('Lima')
    expect(await municipio.locator('option').allInnerTexts()).toContain('Callao')

    const edad = page.getByLabel('Edad')
    expect(await edad.getAttribute('readonly')).not.toBeNull()
    await page.getByLabel('Fecha de nacimiento').fill('2000-01-01')
    const hoy = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' })
    const esperada = Math.floor((Date.parse(hoy) - Date.parse('2000-01-01')) / 86_400_000 / 365.25)
    expect(await edad.inputValue()).toBe(`${esperada} años`)

    // Cancelar empties the form, after asking: something was typed.
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await page
      .getByRole('dialog', { name: '¿Descartar los datos ingresados?' })
      .getByRole('button', { name: 'Descartar' })
      .click()
    expect(await page.getByLabel('Fecha de nacimiento').inputValue()).toBe('')
    expect(await page.locator('#documento-error').count()).toBe(0)

    const dni = nuevoDni()
    await llenarRegistro(page, {
      documento: dni,
      primerNombre: 'Valentina',
      primerApellido: 'Quispe',
      segundoApellido: 'Mamani',
      fechaNacimiento: '1990-05-17',
      celular: '987654321',
    })
    await page.getByRole('button', { name: 'Guardar' }).click()
    const id = await idRegistrado(page)
    await shot(page, 'registro-exito')
    // Reset after success, and the new patient on top of the list at once.
    expect(await page.getByRole('textbox', { name: 'Documento', exact: true }).inputValue()).toBe(
      '',
    )
    const primera = page.locator('table tbody tr').first()
    expect(await primera.locator('td').first().innerText()).toBe(String(id))
    expect(await primera.innerText()).toContain('Valentina Quispe Mamani')
    expect(await primera.innerText()).toContain('987654321')

    // Same document again: the server's 409 message, and the field marked with the patient who
    // has it (known since Documento lost focus).
    await llenarRegistro(page, {
      documento: dni,
      primerNombre: 'Otra',
      primerApellido: 'Persona',
      fechaNacimiento: '1985-02-02',
    })
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error al registrar paciente: Ya existe un paciente con ese documento' })
      .waitFor()
    expect(await page.locator('#documento-error').innerText()).toBe(
      `Ya existe un paciente con ese documento: Valentina Quispe Mamani (ID ${id}). Ver el paciente ya registrado`,
    )

    // A 400 the browser did not catch (the request altered on its way): its errores land under their fields.
    await page.route('**/pacientes', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const body = {
        ...route.request().postDataJSON(),
        documento: '12AB',
        correoElectronico: 'no-es-correo',
      }
      await route.continue({ postData: JSON.stringify(body) })
    })
    await page.getByRole('textbox', { name: 'Documento', exact: true }).fill(nuevoDni())
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page.getByRole('alert').filter({ hasText: 'Error al registrar paciente: ' }).waitFor()
    expect(await page.locator('#documento-error').innerText()).toBe('El DNI debe tener 8 dígitos')
    expect(await page.locator('#correoElectronico-error').innerText()).toBe(
      'Correo electrónico inválido',
    )
    await page.unroute('**/pacientes')
    await shot(page, 'registro-error-servidor')
  })

  it('posibles duplicados aparecen junto al formulario y se pide confirmación antes de guardar', async () => {
    await page.goto('/pacientes/crear')
    await llenarRegistro(page, {
      documento: nuevoDni(),
      primerNombre: 'valentina',
      primerApellido: 'QUISPE',
      segundoApellido: 'Mamani',
      fechaNacimiento: '1990-05-17',
    })
    const panel = page.getByRole('region', { name: /Posibles duplicados/ })
    await panel.getByRole('heading', { name: 'Posibles duplicados (1)' }).waitFor()
    const enlace = panel.getByRole('link', { name: /Valentina Quispe Mamani/ })
    expect(await enlace.getAttribute('href')).toMatch(/^\/pacientes\/\d+$/)
    await page.getByRole('button', { name: 'Guardar' }).click()
    const dialogo = page.getByRole('dialog', { name: '¿Registrar de todos modos?' })
    await dialogo.waitFor()
    await shot(page, 'registro-duplicados')
    await dialogo.getByRole('button', { name: 'Revisar' }).click()
    await dialogo.waitFor({ state: 'hidden' })
    expect(await page.getByRole('alert').filter({ hasText: 'Paciente registrado' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await dialogo.getByRole('button', { name: 'Registrar de todos modos' }).click()
    await idRegistrado(page)
  })

  it('Dashboard: las cuatro tarjetas con los valores del servidor, el gráfico uPlot por mes y Últimos Pacientes con su botón de detalles', async () => {
    const uplot: string[] = []
    page.on('request', (r) => {
      if (/uPlot/i.test(r.url())) uplot.push(new URL(r.url()).pathname)
    })
    await page.goto('/pacientes')
    await page.getByRole('heading', { name: 'Pacientes', exact: true }).waitFor()
    expect(uplot, 'uPlot solo se carga en el Dashboard').toEqual([])

    const paciente = await apiPost<{ id: number }>(
      page,
      app,
      '/pacientes',
      pacienteApi({
        documento: nuevoDni(),
        primerNombre: 'Ernesto',
        primerApellido: 'Huamán',
        fechaNacimiento: '1970-03-03',
      }),
    )
    await apiPost(page, app, `/pacientes/${paciente.id}/atenciones`, {
      sede: 'Lima',
      modalidad: 'RX',
      estudios: [{ nombre: 'Tórax PA' }, { nombre: 'Pelvis' }],
      prioridad: 'Urgente',
    })
    const datos = await api<Estadisticas>(page, '/estadisticas')
    expect(datos.tarjetas.totalPacientes).toBeGreaterThanOrEqual(3)

    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    const tarjetas = {
      'Total Pacientes': datos.tarjetas.totalPacientes,
      'Citas Pendientes': datos.tarjetas.citasPendientes,
      'Estudios Hoy': datos.tarjetas.estudiosHoy,
      Alertas: datos.tarjetas.alertas,
    }
    for (const [titulo, valor] of Object.entries(tarjetas)) {
      const tarjeta = page.getByRole('article', { name: titulo })
      await expect.poll(() => tarjeta.locator('.stat__value').innerText()).toBe(String(valor))
      expect(await tarjeta.locator('svg').count()).toBe(1)
    }
    expect(datos.tarjetas.estudiosHoy).toBeGreaterThanOrEqual(2)
    expect(datos.tarjetas.alertas).toBeGreaterThanOrEqual(1)
    await page.locator('.uplot canvas').waitFor()
    expect(uplot.length).toBeGreaterThan(0)
    const meses = await page.locator('figure .visually-hidden table tbody th').allInnerTexts()
    expect(meses[0]).toBe('Enero')
    expect(meses).toEqual(datos.atencionesPorMes.map((m) => m.nombre))
    await shot(page, 'dashboard')
    await expectAccessible(page, 'dashboard')

    const ultimos = page.getByRole('region', { name: 'Últimos Pacientes' })
    await ultimos.getByText('Ernesto Huamán').waitFor()
    await ultimos.getByRole('link', { name: 'Ver detalles de Ernesto Huamán' }).click()
    await page.waitForURL(`**/pacientes/${paciente.id}`)
    await page.getByRole('heading', { name: 'Ernesto Huamán', level: 1 }).waitFor()
  })

  it('ficha del paciente: registrar una atención desde los catálogos y cambiar su estado', async () => {
    const paciente = await apiPost<{ id: number }>(
      page,
      app,
      '/pacientes',
      pacienteApi({
        documento: nuevoDni(),
        primerNombre: 'Sofía',
        primerApellido: 'Ccori',
        fechaNacimiento: '2024-01-10',
      }),
    )
    await page.goto(`/pacientes/${paciente.id}`)
    await page.getByRole('heading', { name: 'Sofía Ccori', level: 1 }).waitFor()
    await page.getByText('Este paciente aún no tiene atenciones registradas.').waitFor()

    await page.getByRole('button', { name: 'Registrar atención' }).click()
    expect(await page.locator('#at-sede-error').innerText()).toBe('Campo requerido')
    await page.getByLabel('Sede').selectOption('Arequipa')
    await page.getByLabel('Modalidad').selectOption({ label: 'Eco (US)' })
    await page.getByRole('checkbox', { name: 'Renal' }).check()
    await page.getByRole('checkbox', { name: 'Pélvica' }).check()
    await page.getByLabel('Prioridad').selectOption('Emergencia')
    await page.getByRole('button', { name: 'Registrar atención' }).click()
    await page.getByRole('alert').filter({ hasText: 'Atención registrada' }).waitFor()
    const fila = page.locator('tbody tr').first()
    expect(await fila.innerText()).toContain('Pélvica, Renal')
    expect(await fila.innerText()).toContain('En espera')
    await shot(page, 'paciente')
    await expectAccessible(page, 'paciente')

    await fila.getByRole('button', { name: 'Pasar a En proceso' }).click()
    await expect.poll(() => fila.locator('.badge').last().innerText()).toBe('En proceso')
    await fila.getByRole('button', { name: 'Pasar a Completado' }).click()
    await expect.poll(() => fila.locator('.badge').last().innerText()).toBe('Completado')
    await page.reload()
    await page.locator('tbody tr').first().getByText('Completado').waitFor()

    await page.goto('/pacientes/999999')
    await page.getByRole('heading', { name: 'Paciente no encontrado' }).waitFor()
  })

  it('al final: ninguna falla de script en las páginas recorridas', () => {
    expect(errors).toEqual([])
  })
})
