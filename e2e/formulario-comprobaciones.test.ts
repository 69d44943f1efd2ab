// The registration form's checks in Chromium at 1440 and 375 px, against the built app on a fresh
// database: a registered document is reported when Documento loses focus (with a link to its
// patient, and never the patient's own document in Editar); Guardar pressed before the possible
// duplicates answered still waits for them and asks; "today" is the clinic's, not the browser's.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { fechaEnZona } from '../shared/edad.js'
import { apiPost, DESKTOP, expectAccessible, PHONE, usarApp } from './harness.js'
import { llenarRegistro, nuevoDni, pacienteApi, type DatosPaciente } from './steps.js'

const e2e = usarApp()
const { errores } = e2e

function sesion(
  viewport: { width: number; height: number },
  timezoneId?: string,
  antesDeEntrar?: (page: Page) => Promise<void>,
): Promise<Page> {
  return e2e.entrar(viewport, { timezoneId, antesDeEntrar })
}

const documento = (page: Page) => page.getByRole('textbox', { name: 'Documento', exact: true })
const avisoDocumento = (page: Page) => page.locator('#documento-error')

for (const [ancho, viewport] of [
  ['1440', DESKTOP],
  ['375', PHONE],
] as const) {
  // Names of this width's own patients: each width's look-alikes are its own.
  const nombre = (a: string, b: string) => (ancho === '1440' ? a : b)
  describe(`comprobaciones del formulario (${ancho} px)`, () => {
    it('un documento ya registrado se avisa al salir del campo, con el enlace a su paciente', async () => {
      const page = await sesion(viewport)
      const dni = nuevoDni()
      const otro = await apiPost<{ id: number }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento: dni,
          primerNombre: 'Casimira',
          primerApellido: 'Pari',
          fechaNacimiento: '1972-02-12',
        }),
      )
      await page.goto('/pacientes/crear')
      await page.getByLabel('Tipo de documento').selectOption('dni')
      await documento(page).fill(dni)
      expect(await avisoDocumento(page).count()).toBe(0)
      await documento(page).press('Tab')
      await expect
        .poll(() => avisoDocumento(page).innerText())
        .toBe(
          `Ya existe un paciente con ese documento: Casimira Pari (ID ${otro.id}). Ver el paciente ya registrado`,
        )
      expect(await documento(page).getAttribute('aria-invalid')).toBe('true')
      expect(await documento(page).getAttribute('aria-describedby')).toBe('documento-error')
      await expectAccessible(page, 'documento ya registrado')

      // Another number clears it; a half-typed one asks nothing; the same number as a passport is
      // someone else's document.
      await documento(page).fill(dni.slice(0, 5))
      expect(await avisoDocumento(page).count()).toBe(0)
      await documento(page).press('Tab')
      await page.getByLabel('Tipo de documento').selectOption('pasaporte')
      await documento(page).fill(dni)
      await documento(page).press('Tab')
      await page.waitForTimeout(300)
      expect(await avisoDocumento(page).count()).toBe(0)
      await page.getByLabel('Tipo de documento').selectOption('dni')
      await avisoDocumento(page).getByRole('link').waitFor()

      // The link leaves a filled form: asked first, then the patient's page.
      await avisoDocumento(page)
        .getByRole('link', { name: 'Ver el paciente ya registrado' })
        .click()
      const pregunta = page.getByRole('dialog', { name: '¿Salir sin guardar?' })
      await pregunta.getByRole('button', { name: 'Salir sin guardar' }).click()
      await page.waitForURL(`**/pacientes/${otro.id}`)
      await page.getByRole('heading', { name: 'Casimira Pari', level: 1 }).waitFor()
    })

    it('en Editar el documento propio no se avisa; el de otro paciente sí', async () => {
      const page = await sesion(viewport)
      const propio = await apiPost<{ id: number; documento: string }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento: nuevoDni(),
          primerNombre: 'Romualdo',
          primerApellido: 'Ttito',
          fechaNacimiento: '1960-10-10',
        }),
      )
      const otro = await apiPost<{ id: number; documento: string }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento: nuevoDni(),
          primerNombre: 'Felícitas',
          primerApellido: 'Ttito',
          fechaNacimiento: '1962-11-11',
        }),
      )
      const consultas: string[] = []
      page.on('request', (r) => {
        if (r.url().includes('/pacientes/por-documento')) consultas.push(r.url())
      })
      await page.goto(`/pacientes/${propio.id}/editar`)
      await documento(page).focus()
      await documento(page).press('Tab')
      await documento(page).fill(otro.documento)
      await documento(page).press('Tab')
      await expect.poll(() => avisoDocumento(page).innerText()).toContain('Felícitas Ttito')
      await documento(page).fill(propio.documento)
      await documento(page).press('Tab')
      await page.waitForTimeout(300)
      expect(await avisoDocumento(page).count()).toBe(0)
      // Its own document is not even asked about.
      expect(consultas).toHaveLength(1)
    })

    it('Guardar justo después de la fecha de nacimiento espera a los posibles duplicados y pide confirmar', async () => {
      const page = await sesion(viewport)
      const datos: DatosPaciente = {
        documento: nuevoDni(),
        primerNombre: nombre('Wenceslao', 'Eustaquio'),
        primerApellido: 'Condori',
        fechaNacimiento: '1958-03-21',
      }
      await apiPost(page, e2e.app, '/pacientes', pacienteApi(datos))
      // The check answers only when the test lets it.
      let soltar = () => {}
      const suelto = new Promise<void>((r) => (soltar = r))
      let preguntas = 0
      await page.route(
        (url) => url.pathname === '/pacientes/posibles-duplicados',
        async (route) => {
          preguntas += 1
          await suelto
          await route.continue()
        },
      )
      const registros: string[] = []
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/pacientes')
          registros.push(r.url())
      })

      await page.goto('/pacientes/crear')
      // The birth date last, Guardar at once: no pause for the check to start.
      await llenarRegistro(page, { ...datos, documento: nuevoDni(), fechaNacimiento: '' })
      await page.getByLabel('Fecha de nacimiento').fill(datos.fechaNacimiento)
      await page.getByRole('button', { name: 'Guardar' }).click()

      await expect.poll(() => preguntas).toBe(1)
      await page.waitForTimeout(500)
      expect(registros).toEqual([])
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true)

      soltar()
      const dialogo = page.getByRole('dialog', { name: '¿Registrar de todos modos?' })
      await dialogo.waitFor()
      expect(await dialogo.innerText()).toContain('Ya existe 1 paciente')
      await dialogo.getByRole('button', { name: 'Revisar' }).click()
      await dialogo.waitFor({ state: 'hidden' })
      expect(registros).toEqual([])
      // The one question served both the panel and Guardar.
      expect(preguntas).toBe(1)
      await page
        .getByRole('region', { name: /Posibles duplicados/ })
        .getByRole('heading', { name: 'Posibles duplicados (1)' })
        .waitFor()
      await page.unrouteAll()
    })

    it('«hoy» es el de la clínica aunque el navegador tenga otra zona y otro reloj', async () => {
      // The browser's clock three days off, ahead in a zone 19 hours ahead of Lima, or behind in
      // UTC: either way its own date is not Lima's.
      const [desfase, zona] =
        ancho === '1440' ? [3 * 86_400_000, 'Pacific/Kiritimati'] : [-3 * 86_400_000, 'UTC']
      const reloj = Date.now() + desfase
      const page = await sesion(viewport, zona, (p) => p.clock.setFixedTime(reloj))
      const hoyLima = fechaEnZona(new Date(), 'America/Lima')
      const hoyNavegador = fechaEnZona(new Date(reloj), zona)
      expect(hoyNavegador).not.toBe(hoyLima)
      expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).toBe(hoyNavegador)

      await page.goto('/pacientes/crear')
      const fecha = page.getByLabel('Fecha de nacimiento')
      expect(await fecha.getAttribute('max')).toBe(hoyLima)
      const manana = fechaEnZona(new Date(Date.parse(`${hoyLima}T12:00:00Z`) + 86_400_000), 'UTC')
      await llenarRegistro(page, {
        documento: nuevoDni(),
        primerNombre: nombre('Nayeli', 'Yessenia'),
        primerApellido: 'Ccahuana',
        fechaNacimiento: manana,
      })
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expect
        .poll(() => page.locator('#fechaNacimiento-error').innerText())
        .toBe('La fecha de nacimiento no puede ser futura')

      // Born today in Lima: accepted, aged 0 days, whatever the browser's date.
      await fecha.fill(hoyLima)
      expect(await page.getByLabel('Edad').inputValue()).toBe('0 días')
      await page.getByRole('button', { name: 'Guardar' }).click()
      await page
        .getByRole('alert')
        .filter({ hasText: '¡Paciente registrado con éxito! ID: ' })
        .waitFor()
    })
  })
}

describe('al final', () => {
  it('ninguna falla de script en las páginas recorridas', () => {
    expect(errores.flat()).toEqual([])
  })
})
