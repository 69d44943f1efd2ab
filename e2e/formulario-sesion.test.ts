// A session that ends under a filled form, in Chromium at 1440 and 375 px, against the built app
// on a fresh database: after logging in again the same form comes back with its values and saves;
// a correction keeps the version it was opened at, so someone else's change in between is shown,
// not overwritten; another account gets nothing; nothing of the patient is ever left in the
// browser's storage.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiPost, DESKTOP, expectAccessible, login, PHONE, usarApp } from './harness.js'
import { idRegistrado, llenarRegistro, nuevoDni, pacienteApi, type DatosPaciente } from './steps.js'

const e2e = usarApp()
const { errores } = e2e

function sesion(viewport: { width: number; height: number }): Promise<Page> {
  return e2e.entrar(viewport)
}

/** The session ends on the server, as when it expires (the cookie the page holds stops working). */
async function caducar(page: Page): Promise<void> {
  const res = await page.request.delete('/sesion', { headers: { origin: e2e.app.url } })
  expect(res.status()).toBe(204)
}

/**
 * Presses the save button with the session already closed. The save's own call meets the 401, or
 * a call the page made first (a check of what was just typed, slower on a busy machine) has opened
 * the login already: either way the login opens with the form kept, which is what the tests check
 * next. One press, or none if the login is there already, and never `locator.click()`: that one
 * retries until the button is there again, so a click still pending when the login opened would
 * land on the restored form after it and save it behind the test's back.
 */
async function guardarSinSesion(page: Page, boton: string): Promise<void> {
  await page.evaluate((nombre) => {
    const botones = [...document.querySelectorAll('button')]
    botones.find((b) => b.textContent?.trim() === nombre)?.click()
  }, boton)
  await page.waitForURL('**/login?**')
}

/** A menu entry, through the slide-in menu on a phone. */
async function menu(page: Page, entrada: string): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) < 768)
    await page.getByRole('button', { name: 'Abrir menú' }).click()
  await page.getByRole('link', { name: entrada, exact: true }).click()
}

const pregunta = (page: Page, titulo: string) => page.getByRole('dialog', { name: titulo })
const primerNombre = (page: Page) => page.getByLabel('Primer nombre')
const texto = (page: Page, nombre: string) =>
  page.getByRole('textbox', { name: nombre, exact: true }).inputValue()
const aviso = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Su sesión había terminado.' })

/** Everything the page keeps in the browser's storage, as text. */
const almacenado = (page: Page) =>
  page.evaluate(async () => {
    const todo = (s: Storage) => Object.entries(s).map(([k, v]) => `${k}=${v}`)
    const bases = (await indexedDB.databases()).map((d) => d.name ?? '')
    return [...todo(localStorage), ...todo(sessionStorage), ...bases].join('\n')
  })

for (const [ancho, viewport] of [
  ['1440', DESKTOP],
  ['375', PHONE],
] as const) {
  const nombre = (a: string, b: string) => (ancho === '1440' ? a : b)
  describe(`la sesión caduca con el formulario lleno (${ancho} px)`, () => {
    it('la sesión caducada conserva el formulario: tras entrar otra vez, los datos siguen ahí y se guardan', async () => {
      const page = await sesion(viewport)
      await page.goto('/pacientes/crear')
      const datos: DatosPaciente = {
        documento: nuevoDni(),
        primerNombre: nombre('Eleuteria', 'Filomena'),
        primerApellido: 'Chambi',
        segundoApellido: 'Apaza',
        fechaNacimiento: '1983-12-03',
        departamento: 'Arequipa',
        celular: '987123456',
      }
      await llenarRegistro(page, datos)
      await page.getByLabel('Provincia').selectOption('Camaná')
      await page
        .getByRole('region', { name: /Posibles duplicados/ })
        .getByText('No hay pacientes con los mismos nombres y fecha de nacimiento.')
        .waitFor()

      // The session ends, then Guardar: the registration's call is the one that finds out.
      await caducar(page)
      await guardarSinSesion(page, 'Guardar')
      await page.waitForURL((u) => u.pathname + u.search === '/login?volver=%2Fpacientes%2Fcrear')
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await almacenado(page)).not.toMatch(new RegExp(`${datos.documento}|Chambi`))
      await login(page)
      await page.waitForURL('**/pacientes/crear')

      await aviso(page).waitFor()
      await expectAccessible(page, 'formulario recuperado')
      expect(await texto(page, 'Documento')).toBe(datos.documento)
      expect(await texto(page, 'Primer nombre')).toBe(datos.primerNombre)
      expect(await texto(page, 'Primer apellido')).toBe('Chambi')
      expect(await texto(page, 'Segundo apellido')).toBe('Apaza')
      expect(await texto(page, 'Celular')).toBe('987123456')
      expect(await page.getByLabel('Fecha de nacimiento').inputValue()).toBe('1983-12-03')
      expect(await page.getByLabel('Departamento').inputValue()).toBe('Arequipa')
      expect(await page.getByLabel('Provincia').inputValue()).toBe('Camaná')
      expect(await page.getByRole('radio', { name: 'Femenino' }).isChecked()).toBe(true)
      expect(await page.getByLabel(/acepta la política de privacidad/).isChecked()).toBe(true)

      // Still a form not saved: leaving it asks.
      await menu(page, 'Dashboard')
      await pregunta(page, '¿Salir sin guardar?')
        .getByRole('button', { name: 'Seguir editando' })
        .click()

      await page.getByRole('button', { name: 'Guardar' }).click()
      const id = await idRegistrado(page)
      const guardado = await page.request.get(`/pacientes/${id}`, {
        headers: { accept: 'application/json' },
      })
      expect(await guardado.json()).toMatchObject({
        documento: datos.documento,
        primerApellido: 'Chambi',
        municipio: 'Camaná',
      })
      expect(await almacenado(page)).not.toMatch(new RegExp(`${datos.documento}|Chambi`))

      // Cancelled and logged out: nothing comes back at the next login.
      await primerNombre(page).fill('Chambi')
      await page.getByRole('button', { name: 'Cancelar' }).click()
      await pregunta(page, '¿Descartar los datos ingresados?')
        .getByRole('button', { name: 'Descartar' })
        .click()
      await primerNombre(page).fill('Chambi')
      if (ancho === '375') await page.getByRole('button', { name: 'Abrir menú' }).click()
      await page.getByRole('button', { name: 'Cerrar Sesión' }).click()
      await pregunta(page, '¿Salir sin guardar?')
        .getByRole('button', { name: 'Salir sin guardar' })
        .click()
      await page.waitForURL('**/login')
      expect(await almacenado(page)).not.toMatch(new RegExp(`${datos.documento}|Chambi`))
      await login(page)
      await page.waitForURL('**/dashboard')
      await page.goto('/pacientes/crear')
      expect(await primerNombre(page).inputValue()).toBe('')
    })

    it('una corrección con la sesión caducada vuelve con los cambios y se guarda', async () => {
      const page = await sesion(viewport)
      const p = await apiPost<{ id: number }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento: nuevoDni(),
          primerNombre: nombre('Eulogio', 'Primitivo'),
          primerApellido: 'Ayma',
          fechaNacimiento: '1951-05-05',
        }),
      )
      await page.goto(`/pacientes/${p.id}/editar`)
      await page.getByLabel('Celular').fill('955444333')
      await caducar(page)
      await guardarSinSesion(page, 'Guardar cambios')
      await page.waitForURL(
        (u) => u.pathname + u.search === `/login?volver=%2Fpacientes%2F${p.id}%2Feditar`,
      )
      await login(page)
      await page.waitForURL(`**/pacientes/${p.id}/editar`)
      await aviso(page).waitFor()
      expect(await texto(page, 'Celular')).toBe('955444333')
      await page.getByRole('button', { name: 'Guardar cambios' }).click()
      await page.waitForURL(`**/pacientes/${p.id}`)
      await page.getByText('Cambios guardados.').waitFor()
      const guardado = await page.request.get(`/pacientes/${p.id}`, {
        headers: { accept: 'application/json' },
      })
      expect((await guardado.json()).celular).toBe('955444333')
      expect(await almacenado(page)).not.toMatch(/955444333|Ayma/)
    })
  })
}

describe('la sesión caducada y otra persona', () => {
  it('una corrección recuperada guarda sobre la versión en que se abrió: el cambio de otra persona se muestra, no se pisa', async () => {
    const page = await sesion(DESKTOP)
    const otra = await sesion(DESKTOP)
    const p = await apiPost<{ id: number }>(
      page,
      e2e.app,
      '/pacientes',
      pacienteApi({
        documento: nuevoDni(),
        primerNombre: 'Higinio',
        primerApellido: 'Layme',
        fechaNacimiento: '1949-04-04',
      }),
    )
    await page.goto(`/pacientes/${p.id}/editar`)
    await page.getByLabel('Celular').fill('944555666')
    await caducar(page)
    await guardarSinSesion(page, 'Guardar cambios')
    await page.waitForURL('**/login?**')

    // Meanwhile someone else corrects the address.
    const leido = await otra.request.get(`/pacientes/${p.id}`, {
      headers: { accept: 'application/json' },
    })
    const cambio = await otra.request.patch(`/pacientes/${p.id}`, {
      headers: { origin: e2e.app.url, 'if-match': leido.headers().etag! },
      data: { direccion: 'Jr. Lampa 321' },
    })
    expect(cambio.status(), await cambio.text()).toBe(200)

    await login(page)
    await page.waitForURL(`**/pacientes/${p.id}/editar`)
    expect(await texto(page, 'Celular')).toBe('944555666')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    const conflicto = page
      .getByRole('alert')
      .filter({ hasText: 'Otra persona modificó este paciente' })
    await conflicto.waitFor()
    expect(await conflicto.getByRole('row', { name: /Dirección/ }).innerText()).toContain(
      'Jr. Lampa 321',
    )
    expect(await texto(page, 'Celular')).toBe('944555666')
    expect(await texto(page, 'Dirección')).toBe('Jr. Lampa 321')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await page.waitForURL(`**/pacientes/${p.id}`)
    const guardado = await page.request.get(`/pacientes/${p.id}`, {
      headers: { accept: 'application/json' },
    })
    expect(await guardado.json()).toMatchObject({
      celular: '944555666',
      direccion: 'Jr. Lampa 321',
    })
  })

  it('quien entra con otra cuenta no recibe el formulario de la anterior', async () => {
    const page = await sesion(DESKTOP)
    const cuenta = await page.request.post('/usuarios', {
      headers: { origin: e2e.app.url },
      data: {
        usuario: 'recepcion.tarde',
        nombre: 'Recepción Tarde',
        rol: 'recepcion',
        contrasena: 'otra-clave-larga-de-prueba',
      },
    })
    expect(cuenta.status(), await cuenta.text()).toBe(201)
    await page.goto('/pacientes/crear')
    await primerNombre(page).fill('Saturnina')
    // The session ends; the next call (the document's check) finds it gone.
    await page.request.delete('/sesion', { headers: { origin: e2e.app.url } })
    await page.getByLabel('Tipo de documento').selectOption('dni')
    await page.getByRole('textbox', { name: 'Documento', exact: true }).fill(nuevoDni())
    await page.getByRole('textbox', { name: 'Documento', exact: true }).press('Tab')
    await page.waitForURL('**/login?volver=%2Fpacientes%2Fcrear')
    await login(page, 'recepcion.tarde', 'otra-clave-larga-de-prueba')
    await page.waitForURL('**/pacientes/crear')
    await page.getByRole('heading', { name: 'Registro de Paciente' }).waitFor()
    expect(await primerNombre(page).inputValue()).toBe('')
    expect(await page.getByRole('status').filter({ hasText: 'Su sesión' }).count()).toBe(0)
  })
})

describe('al final', () => {
  it('ninguna falla de script en las páginas recorridas', () => {
    expect(errores.flat()).toEqual([])
  })
})
