// A sala's time in Chromium at 1440, 1366 and 375 px: an admin gives a new sala a lunch break on
// Monday and copies it to the other open days; blocks a period that holds a cita (the panel names
// the cita and its patient); the day's agenda says both ranges and shows the block; the block is
// removed.
import { describe, expect, it } from 'vitest'
import { diaIso } from '../shared/citas.js'
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
import { abrirAgenda, atenderFeriados, registrarPorApi } from './steps.js'

const e2e = usarApp()

/** A Monday-to-Saturday date a week or more after `hoy`. */
function diaHabil(hoy: string): string {
  const d = new Date(`${hoy}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 8)
  let f = d.toISOString().slice(0, 10)
  if (diaIso(f) === 7) {
    d.setUTCDate(d.getUTCDate() + 1)
    f = d.toISOString().slice(0, 10)
  }
  return f
}

for (const [viewport, sede] of [
  [DESKTOP, 'Lima'],
  [{ width: 1366, height: 768 }, 'Arequipa'],
  [PHONE, 'Cusco'],
] as const) {
  const ancho = viewport.width
  describe(`Horario y bloqueos de una sala (${ancho} px)`, () => {
    it('almuerzo copiado a la semana, un bloqueo con su cita dentro, y la agenda de ese día', async () => {
      const page = await e2e.entrar(viewport)
      const nombre = `Muestras ${ancho}`
      await page.goto('/configuracion/salas')
      await page.getByRole('button', { name: 'Nueva sala' }).click()
      const form = page.getByRole('region', { name: 'Nueva sala' })
      await form.getByLabel('Sede').selectOption(sede)
      await form.getByLabel('Modalidad').selectOption('LAB')
      await form.getByLabel('Nombre').fill(nombre)
      const dia = (d: string) => form.getByRole('group', { name: d, exact: true })
      await dia('Lunes').getByLabel('Apertura', { exact: true }).fill('08:00')
      await dia('Lunes').getByLabel('Cierre', { exact: true }).fill('13:00')
      await form.getByRole('button', { name: 'Agregar un tramo al lunes' }).click()
      await dia('Lunes').getByLabel('Apertura del tramo 2').fill('14:00')
      await dia('Lunes').getByLabel('Cierre del tramo 2').fill('18:00')
      await form
        .getByRole('button', { name: 'Copiar a los días que abren el horario del lunes' })
        .click()
      expect(await dia('Sábado').getByLabel('Cierre del tramo 2').inputValue()).toBe('18:00')
      expect(await dia('Sábado').getByLabel('Cierre', { exact: true }).inputValue()).toBe('13:00')
      // Sunday stays closed, with no second range.
      expect(await dia('Domingo').getByLabel('Cierre del tramo 2').count()).toBe(0)
      // Two ranges that overlap are refused, naming the day.
      await dia('Martes').getByLabel('Apertura del tramo 2').fill('12:00')
      await form.getByRole('button', { name: 'Crear sala' }).click()
      await form
        .getByText('Los tramos del martes se cruzan: uno debe cerrar antes de que abra el otro')
        .waitFor()
      await dia('Martes').getByLabel('Apertura del tramo 2').fill('14:00')
      await shot(page, 'sala-horario-almuerzo')
      await sinScrollHorizontal(page)
      await form.getByRole('button', { name: 'Crear sala' }).click()
      await form.waitFor({ state: 'detached' })
      const fila = page.locator('tbody tr').filter({ hasText: nombre })
      expect(await fila.locator('td[data-label="Horario"]').innerText()).toBe(
        'Lun–Sáb 08:00–13:00 y 14:00–18:00',
      )

      // A cita on a working day, then a block over it.
      const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
      const fecha = diaHabil(hoy)
      await atenderFeriados(page, e2e.app, [fecha])
      const salas = await api<{ id: number; nombre: string; sede: string }[]>(
        page,
        '/configuracion/salas',
      )
      const sala = salas.find((s) => s.nombre === nombre && s.sede === sede)!
      const paciente = await registrarPorApi(page, e2e.app, {
        primerNombre: 'Rosa',
        primerApellido: 'Quispe',
        fechaNacimiento: '1979-04-12',
      })
      await apiPost(page, e2e.app, '/citas', {
        pacienteId: paciente.id,
        salaId: sala.id,
        inicio: `${fecha}T10:30`,
        estudios: [{ nombre: 'Glucosa' }],
      })
      await page.getByRole('button', { name: `Bloqueos de la sala ${nombre} de ${sede}` }).click()
      const panel = page.getByRole('region', { name: `Bloqueos de ${nombre} (${sede})` })
      await panel.getByText('La sala no tiene bloqueos vigentes.').waitFor()
      await panel.getByRole('button', { name: 'Bloquear' }).click()
      await expect.poll(() => panel.getByText('Campo requerido').count()).toBe(3)
      await panel.getByLabel('Desde').fill(`${fecha}T10:00`)
      await panel.getByLabel('Hasta').fill(`${fecha}T12:00`)
      await panel.getByLabel('Motivo').fill('Mantenimiento del analizador')
      await panel.getByRole('button', { name: 'Bloquear' }).click()
      const dma = fecha.split('-').reverse().join('/')
      await panel
        .getByText('Queda 1 cita dentro del bloqueo: reprográmelas o avise al paciente.')
        .waitFor()
      await panel.getByRole('link', { name: paciente.nombreCompleto }).waitFor()
      const vigentes = panel.getByRole('list', { name: 'Bloqueos vigentes' })
      await vigentes.getByText(`${dma} de 10:00 a 12:00`).waitFor()
      await shot(page, 'sala-bloqueo')
      await sinScrollHorizontal(page)
      await expectAccessible(page, 'sala-bloqueo')

      // The day's agenda: both ranges, the block in its place, no slot inside it.
      const columna = await abrirAgenda(page, sede, fecha, nombre)
      await columna.getByText('Atiende de 08:00 a 13:00 y de 14:00 a 18:00').waitFor()
      const bloqueo = columna.locator('.agenda-bloqueo')
      await expect.poll(() => bloqueo.innerText()).toMatch(/10:00–12:00\s+Bloqueada: Mantenimiento/)
      await shot(page, 'agenda-bloqueo')
      await sinScrollHorizontal(page)
      await expectAccessible(page, 'agenda-bloqueo')

      // Removed from Configuración.
      await page.goto('/configuracion/salas')
      await page.getByRole('button', { name: `Bloqueos de la sala ${nombre} de ${sede}` }).click()
      await panel
        .getByRole('button', { name: `Quitar el bloqueo: ${dma} de 10:00 a 12:00` })
        .click()
      await panel.getByText(`Bloqueo quitado: ${dma} de 10:00 a 12:00.`).waitFor()
      await panel.getByText('La sala no tiene bloqueos vigentes.').waitFor()
    })
  })
}
