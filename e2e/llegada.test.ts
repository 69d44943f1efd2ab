// A cita's arrival in Chromium at 1440, 1366 and 375 px: «Llegó» is offered on today's cita and
// marks it En espera, is not offered on tomorrow's (the server refuses it too: a 409 in Spanish),
// and a cita past its time without arriving says how late it is, on an agenda left open. The clinic's zone is picked so
// that it is midday there whatever the hour the test runs at, and the test's own sala opens every
// day of the week: today always has free time ahead.
import { describe, expect, it } from 'vitest'
import {
  api,
  apiPost,
  DESKTOP,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
  zonaDeMediodia,
} from './harness.js'
import { abrirAgenda, atenderFeriados, registrarPorApi } from './steps.js'

const e2e = usarApp({ CLINIC_TZ: zonaDeMediodia() })
const TODOS_LOS_DIAS = [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, abre: '07:00', cierra: '20:00' }))

const siguienteDia = (fecha: string) => {
  const d = new Date(`${fecha}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

for (const [viewport, sede] of [
  [DESKTOP, 'Lima'],
  [{ width: 1366, height: 768 }, 'Arequipa'],
  [PHONE, 'Cusco'],
] as const) {
  const ancho = viewport.width
  describe(`Llegada de una cita (${ancho} px)`, () => {
    it('«Llegó» solo en la cita de hoy; mañana no; una cita pasada su hora dice cuánto se atrasó', async () => {
      const page = await e2e.entrar(viewport)
      await page.context().clock.install()
      const nombreSala = `Eco ${ancho}`
      const sala = await apiPost<{ id: number }>(page, e2e.app, '/configuracion/salas', {
        sede,
        modalidad: 'Eco',
        nombre: nombreSala,
        horario: TODOS_LOS_DIAS,
        juegoCaracteres: 'ISO_IR 192',
        activa: true,
      })
      const paciente = await registrarPorApi(page, e2e.app, {
        primerNombre: 'Leoncio',
        primerApellido: 'Mamani',
        fechaNacimiento: '1961-08-30',
      })
      const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
      const manana = siguienteDia(hoy)
      await atenderFeriados(page, e2e.app, [hoy, manana])
      const { salas } = await api<{ salas: { id: number; libres: { inicio: string }[] }[] }>(
        page,
        `/agenda?sede=${sede}&fecha=${hoy}&duracion=20`,
      )
      // Two free slots of today, ahead of now (not the first: it may start within seconds).
      const libres = salas.find((s) => s.id === sala.id)!.libres
      const llega = libres[1]!.inicio
      const tarde = libres[3]!.inicio
      const reservar = (inicio: string) =>
        apiPost<{ id: number }>(page, e2e.app, '/citas', {
          pacienteId: paciente.id,
          salaId: sala.id,
          inicio,
          estudios: [{ nombre: 'Renal' }],
        })
      await reservar(llega)
      await reservar(tarde)
      const otroDia = await reservar(`${manana}T09:00`)

      // Tomorrow's cita: moved, cancelled, but no arrival, neither on screen nor by the API.
      let columna = await abrirAgenda(page, sede, manana, nombreSala)
      const deManana = columna.getByTestId('cita')
      await deManana.getByRole('button', { name: 'Mover' }).waitFor()
      expect(await deManana.getByRole('button', { name: 'Llegó' }).count()).toBe(0)
      const refusal = await page.request.post(`/citas/${otroDia.id}/llegada`, {
        headers: { origin: e2e.app.url },
      })
      expect(refusal.status()).toBe(409)
      expect((await refusal.json()).message).toMatch(
        /^La cita es del .*: la llegada se marca el día de la cita/,
      )

      // Today's: the first arrives.
      columna = await abrirAgenda(page, sede, hoy, nombreSala)
      const primera = columna.getByTestId('cita').filter({ hasText: `${llega.slice(11)}–` })
      await primera.getByRole('button', { name: 'Llegó' }).click()
      await primera.getByText('En espera', { exact: true }).waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'llegada')

      // Two hours later, the agenda left open reads itself again: the second one (at most 80 min
      // ahead) is late. The browser's clock moves; the page keeps the server's offset from it.
      await page.context().clock.fastForward('02:00:00')
      const segunda = columna.getByTestId('cita').filter({ hasText: `${tarde.slice(11)}–` })
      await segunda.getByText(/^Atrasada \d/).waitFor()
      await shot(page, 'cita-atrasada')
    })
  })
}
