// Leaving a filled registration form in Chromium at 1440 and 375 px, against the built app on a
// fresh database: a menu entry, Cancelar, Cerrar Sesión, Back and closing or reloading the tab ask first;
// an empty or saved form lets go at once; Editar's Cancelar asks the same.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiPost, DESKTOP, expectAccessible, PHONE, usarApp } from './harness.js'
import { idRegistrado, llenarRegistro, nuevoDni, pacienteApi, type DatosPaciente } from './steps.js'

const e2e = usarApp()
const { errores } = e2e

function sesion(viewport: { width: number; height: number }): Promise<Page> {
  return e2e.entrar(viewport)
}

/** A menu entry, through the slide-in menu on a phone. */
async function menu(page: Page, entrada: string): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) < 768)
    await page.getByRole('button', { name: 'Abrir menú' }).click()
  await page.getByRole('link', { name: entrada, exact: true }).click()
}

const pregunta = (page: Page, titulo: string) => page.getByRole('dialog', { name: titulo })
const primerNombre = (page: Page) => page.getByLabel('Primer nombre')

for (const [ancho, viewport] of [
  ['1440', DESKTOP],
  ['375', PHONE],
] as const) {
  const nombre = (a: string, b: string) => (ancho === '1440' ? a : b)
  describe(`salir de un formulario lleno (${ancho} px)`, () => {
    it('el menú, Cancelar y Cerrar Sesión preguntan antes de perder lo ingresado; tras guardar, no', async () => {
      const page = await sesion(viewport)
      await page.goto('/pacientes/crear')
      // Empty: leaving asks nothing.
      await menu(page, 'Dashboard')
      await page.waitForURL('**/dashboard')
      await page.goto('/pacientes/crear')

      await primerNombre(page).fill('Leocadia')
      await menu(page, 'Dashboard')
      const salir = pregunta(page, '¿Salir sin guardar?')
      await salir.waitFor()
      await expectAccessible(page, 'pregunta al salir')
      expect(await salir.innerText()).toContain(
        'Los datos que ingresó en el formulario no se guardaron y se perderán.',
      )
      await salir.getByRole('button', { name: 'Seguir editando' }).click()
      await salir.waitFor({ state: 'hidden' })
      expect(new URL(page.url()).pathname).toBe('/pacientes/crear')
      expect(await primerNombre(page).inputValue()).toBe('Leocadia')

      // Cancelar empties the form, after asking.
      await page.getByRole('button', { name: 'Cancelar' }).click()
      const descartar = pregunta(page, '¿Descartar los datos ingresados?')
      await descartar.getByRole('button', { name: 'Seguir editando' }).click()
      expect(await primerNombre(page).inputValue()).toBe('Leocadia')
      await page.getByRole('button', { name: 'Cancelar' }).click()
      await descartar.getByRole('button', { name: 'Descartar' }).click()
      expect(await primerNombre(page).inputValue()).toBe('')
      await page.getByRole('button', { name: 'Cancelar' }).click()
      expect(await page.getByRole('dialog').count()).toBe(0)

      // Cerrar Sesión asks too; staying keeps the session.
      await primerNombre(page).fill('Leocadia')
      if (ancho === '375') await page.getByRole('button', { name: 'Abrir menú' }).click()
      await page.getByRole('button', { name: 'Cerrar Sesión' }).click()
      await salir.getByRole('button', { name: 'Seguir editando' }).click()
      expect(new URL(page.url()).pathname).toBe('/pacientes/crear')

      // Saved: the menu leaves at once.
      const datos: DatosPaciente = {
        documento: nuevoDni(),
        primerNombre: nombre('Leocadia', 'Gumercinda'),
        primerApellido: 'Yupanqui',
        fechaNacimiento: '1979-09-09',
      }
      await llenarRegistro(page, datos)
      await page.getByRole('button', { name: 'Guardar' }).click()
      await idRegistrado(page)
      await menu(page, 'Dashboard')
      await page.waitForURL('**/dashboard')
      expect(await page.getByRole('dialog').count()).toBe(0)

      // Leaving for good from a filled form.
      await page.goto('/pacientes/crear')
      await primerNombre(page).fill('Leocadia')
      await menu(page, 'Buscar paciente')
      await salir.getByRole('button', { name: 'Salir sin guardar' }).click()
      await page.waitForURL(/\/pacientes\/buscar(\?|$)/)
    })

    it('Atrás del navegador pregunta antes de perder lo ingresado; Adelante vuelve al formulario vacío', async () => {
      const page = await sesion(viewport)
      await page.goto('/pacientes/buscar')
      await menu(page, 'Crear paciente')
      await page.getByRole('heading', { name: 'Registro de Paciente' }).waitFor()
      await primerNombre(page).fill('Eudocia')
      const salir = pregunta(page, '¿Salir sin guardar?')
      // Back: the form stays on screen with its values, at its own address, until confirmed.
      await page.goBack()
      await salir.waitFor()
      expect(new URL(page.url()).pathname).toBe('/pacientes/crear')
      await salir.getByRole('button', { name: 'Seguir editando' }).click()
      await salir.waitFor({ state: 'hidden' })
      expect(new URL(page.url()).pathname).toBe('/pacientes/crear')
      expect(await primerNombre(page).inputValue()).toBe('Eudocia')
      // Back again, and this time leave: the page the person was going back to.
      await page.goBack()
      await salir.getByRole('button', { name: 'Salir sin guardar' }).click()
      await page.waitForURL(/\/pacientes\/buscar(\?|$)/)
      await page.getByRole('heading', { name: 'Buscar Paciente' }).waitFor()
      // Forward to the emptied form asks nothing.
      await page.goForward()
      await page.waitForURL('**/pacientes/crear')
      expect(await primerNombre(page).inputValue()).toBe('')
      expect(await page.getByRole('dialog').count()).toBe(0)
    })

    it('cerrar o recargar la pestaña con el formulario lleno lo pregunta el navegador', async () => {
      const page = await sesion(viewport)
      await page.goto('/pacientes/crear')
      const dialogos: string[] = []
      let respuesta: 'accept' | 'dismiss' = 'accept'
      page.on('dialog', (d) => {
        dialogos.push(d.type())
        void d[respuesta]()
      })
      // Reloading asks; going ahead reloads, and the values are gone (they were only in memory).
      await primerNombre(page).fill('Hermelinda')
      await page.reload()
      expect(dialogos).toEqual(['beforeunload'])
      await page.getByRole('heading', { name: 'Registro de Paciente' }).waitFor()
      expect(await primerNombre(page).inputValue()).toBe('')

      // Closing asks; staying keeps the tab.
      respuesta = 'dismiss'
      await primerNombre(page).fill('Hermelinda')
      await page.close({ runBeforeUnload: true })
      await expect.poll(() => dialogos).toEqual(['beforeunload', 'beforeunload'])
      expect(page.isClosed()).toBe(false)

      // An empty form lets the tab go without a question.
      await page.getByRole('button', { name: 'Cancelar' }).click()
      await pregunta(page, '¿Descartar los datos ingresados?')
        .getByRole('button', { name: 'Descartar' })
        .click()
      await page.close({ runBeforeUnload: true })
      await expect.poll(() => page.isClosed()).toBe(true)
      expect(dialogos).toEqual(['beforeunload', 'beforeunload'])
    })

    it('en Editar, Cancelar con cambios pregunta antes de volver a la ficha; sin cambios vuelve', async () => {
      const page = await sesion(viewport)
      const p = await apiPost<{ id: number }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento: nuevoDni(),
          primerNombre: nombre('Anacleto', 'Bonifacio'),
          primerApellido: 'Huillca',
          fechaNacimiento: '1966-01-30',
        }),
      )
      await page.goto(`/pacientes/${p.id}/editar`)
      await page.getByRole('button', { name: 'Cancelar' }).click()
      await page.waitForURL(`**/pacientes/${p.id}`)
      await page.getByRole('link', { name: /Editar/ }).click()
      await page.getByLabel('Celular').fill('912345678')
      await page.getByRole('button', { name: 'Cancelar' }).click()
      const salir = pregunta(page, '¿Salir sin guardar?')
      await salir.getByRole('button', { name: 'Seguir editando' }).click()
      expect(await page.getByLabel('Celular').inputValue()).toBe('912345678')
      await page.getByRole('button', { name: 'Cancelar' }).click()
      await salir.getByRole('button', { name: 'Salir sin guardar' }).click()
      await page.waitForURL(`**/pacientes/${p.id}`)

      // A saved correction goes back to the page without asking.
      await page.getByRole('link', { name: /Editar/ }).click()
      await page.getByLabel('Celular').fill('912345678')
      await page.getByRole('button', { name: 'Guardar cambios' }).click()
      await page.waitForURL(`**/pacientes/${p.id}`)
      await page.getByText('Cambios guardados.').waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)
    })
  })
}

describe('al final', () => {
  it('ninguna falla de script en las páginas recorridas', () => {
    expect(errores.flat()).toEqual([])
  })
})
