// The waiting room in Chromium at 1440, 1366 and 375 px: one day of the worklist is in sections
// (En espera, Citas por llegar…) in attention order (Emergencia, Urgente, then the longest wait),
// each waiting patient says for how long, a column header sorts and gives the order back, and a
// technologist's sala is remembered so «Mi sala · En espera» is one click. The clinic's zone is
// picked so that it is midday there whatever the hour the test runs at: the morning's arrivals
// below are always in the past.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Preferencias } from '../shared/preferencias.js'
import {
  api,
  apiPatch,
  apiPost,
  DESKTOP,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
  zonaDeMediodia,
} from './harness.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp({ CLINIC_TZ: zonaDeMediodia() })

const filas = (page: Page) => page.locator('table.worklist tbody tr.worklist__fila')
const nombres = async (page: Page) =>
  (await filas(page).locator('.worklist__nombre').allInnerTexts()).map((n) => n.split(' ')[0])
const secciones = (page: Page) =>
  page.locator('table.worklist tbody tr.worklist__seccion').allInnerTexts()

for (const [viewport, sede] of [
  [DESKTOP, 'Lima'],
  [{ width: 1366, height: 768 }, 'Arequipa'],
  [PHONE, 'Cusco'],
] as const) {
  const ancho = viewport.width
  describe(`Sala de espera (${ancho} px)`, () => {
    it('el día en orden de atención, la espera de cada uno, columnas que ordenan y «Mi sala · En espera»', async () => {
      const page = await e2e.entrar(viewport)
      const { hoy } = await api<Preferencias>(page, '/preferencias')
      const sala = await apiPost<{ id: number }>(page, e2e.app, '/configuracion/salas', {
        sede,
        modalidad: 'RX',
        nombre: `RX espera ${ancho}`,
        horario: [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, abre: '07:00', cierra: '20:00' })),
        juegoCaracteres: 'ISO_IR 192',
        activa: true,
      })
      // Names in another order than attention's, so a sort by name shows.
      const llega = async (
        primerNombre: string,
        hora: string,
        prioridad: string,
        estado = 'En espera',
      ) => {
        const p = await registrarPorApi(page, e2e.app, {
          primerNombre,
          primerApellido: `Espera ${{ 1440: 'Uno', 1366: 'Dos', 375: 'Tres' }[ancho]}`,
          fechaNacimiento: '1970-05-05',
        })
        await apiPost(page, e2e.app, `/pacientes/${p.id}/atenciones`, {
          sede,
          modalidad: 'RX',
          salaId: sala.id,
          estudios: [{ nombre: 'Tórax PA' }],
          prioridad,
          estado,
          fechaLlegada: hoy,
          horaLlegada: hora,
        })
      }
      await llega('Dora', '08:00', 'Rutina')
      await llega('Beto', '10:00', 'Urgente')
      await llega('Alba', '11:00', 'Emergencia')
      await llega('Ciro', '09:00', 'Rutina')
      await llega('Eva', '10:30', 'Rutina', 'Programado')

      await page.goto(`/pacientes/buscar?fechaInicial=${hoy}&fechaFinal=${hoy}&sede=${sede}`)
      await expect.poll(() => filas(page).count()).toBe(5)
      expect(await secciones(page)).toEqual(['En espera · 4', 'Citas por llegar · 1'])
      // Emergencia, Urgente, then who has waited longest; the one still to arrive apart.
      expect(await nombres(page)).toEqual(['Alba', 'Beto', 'Dora', 'Ciro', 'Eva'])
      const dora = filas(page).filter({ hasText: 'Dora' })
      expect(await dora.locator('.worklist__espera').innerText()).toMatch(
        /^Espera [1-4] h( \d+ min)?$/,
      )
      expect(
        await filas(page).filter({ hasText: 'Eva' }).locator('.worklist__espera').innerText(),
      ).toMatch(/^Atrasada \d+ (h|min)/)
      await sinScrollHorizontal(page)
      await shot(page, `sala-de-espera-${ancho}`)

      // A column sorts each section; a third click gives the attention order back. A phone has no
      // header row to click: the order is the attention's there.
      if (ancho > 500) {
        const paciente = page.getByRole('columnheader', { name: /Paciente/ })
        await paciente.getByRole('button').click()
        expect(await paciente.getAttribute('aria-sort')).toBe('ascending')
        expect(await nombres(page)).toEqual(['Alba', 'Beto', 'Ciro', 'Dora', 'Eva'])
        await paciente.getByRole('button').click()
        expect(await nombres(page)).toEqual(['Dora', 'Ciro', 'Beto', 'Alba', 'Eva'])
        await paciente.getByRole('button').click()
        expect(await paciente.getAttribute('aria-sort')).toBeNull()
        expect(await nombres(page)).toEqual(['Alba', 'Beto', 'Dora', 'Ciro', 'Eva'])
      }

      // The sala chosen in the filter is remembered with the account: the bare list opens on it,
      // and «Mi sala · En espera» is one click.
      if (ancho < 768) await page.locator('summary', { hasText: 'Filtros' }).click()
      await page
        .getByRole('group', { name: 'De la atención' })
        .getByLabel('Sala')
        .selectOption({ label: `RX espera ${ancho}` })
      await page.waitForURL((u) => u.searchParams.get('sala') === String(sala.id))
      await expect
        .poll(async () => (await api<Preferencias>(page, '/preferencias')).sala)
        .toBe(sala.id)
      await page.goto('/pacientes/buscar')
      await page.waitForURL((u) => u.searchParams.get('sala') === String(sala.id))
      await expect.poll(() => filas(page).count()).toBe(5)
      await page.getByRole('button', { name: 'Mi sala · En espera' }).click()
      await page.waitForURL((u) => u.searchParams.get('estado') === 'En espera')
      await expect.poll(() => nombres(page)).toEqual(['Alba', 'Beto', 'Dora', 'Ciro'])
      await sinScrollHorizontal(page)
      await shot(page, `sala-de-espera-mi-sala-${ancho}`)
      // The next viewport's test starts from no sala remembered.
      await apiPatch(page, e2e.app, '/preferencias', { sede: null, sala: null })
    })
  })
}
