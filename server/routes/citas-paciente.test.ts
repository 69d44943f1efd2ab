// A patient's next citas for their page: from today (clinic time) on, by start, with sede, sala,
// studies and estado; cancelled and missed ones and past days left out.
import { feriadoNacional } from '../../shared/feriados.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { diaIso, type ProximaCita } from '../../shared/citas.js'
import { hoyEn } from '../../shared/edad.js'
import { diaSiguiente } from '../horario.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente } from '../test/factories.js'

const LIMA = 'America/Lima'
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: LIMA })
})
afterAll(async () => {
  await t?.close()
})

/**
 * The Thursday `semanas` bookable Thursdays after the first one at least two days ahead; a feriado
 * nacional takes no citas, so it is no bookable Thursday and two counts never meet.
 */
function jueves(semanas: number): string {
  let f = diaSiguiente(diaSiguiente(hoyEn(LIMA)))
  for (let n = -1; ; f = diaSiguiente(f)) {
    if (diaIso(f) === 4 && !feriadoNacional(f)) n += 1
    if (n === semanas) return f
  }
}

test('las citas de hoy en adelante, por hora, sin las canceladas, perdidas ni pasadas', async () => {
  const sql = t.db.sql
  const p = await crearPaciente(t)
  const [eco] = await sql<{ id: number; nombre: string }[]>`
    select id, nombre from salas where sede = 'Lima' and modalidad = 'Eco' order by id limit 1`
  const reservar = async (fecha: string, hora: string) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/citas',
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: {
        pacienteId: p.id,
        salaId: eco!.id,
        inicio: `${fecha}T${hora}`,
        estudios: [{ nombre: 'Renal' }],
      },
    })
    expect(r.statusCode, r.body).toBe(201)
    return r.json<{ id: number }>().id
  }
  const lejos = jueves(1)
  const cerca = jueves(0)
  const segunda = await reservar(lejos, '10:00')
  const primera = await reservar(cerca, '08:00')
  const cancelada = await reservar(cerca, '09:00')
  await sql`update atenciones set estado = 'Cancelado', motivo_cancelacion = 'x' where id = ${cancelada}`
  // Yesterday's, written directly (a booking must be in the future).
  await sql`
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad,
      llegada, sala_id, turno)
    values (${p.id}, 'Lima', 'Eco', array['Renal'], 'Programado', 'Ambulatorio', 'Rutina',
      now() - interval '1 day', ${eco!.id}, tstzrange(now() - interval '1 day', now() - interval '23 hours'))`

  const r = await t.app.inject({ url: `/pacientes/${p.id}/citas`, headers: t.headers })
  expect(r.statusCode, r.body).toBe(200)
  const citas = r.json<ProximaCita[]>()
  expect(citas).toEqual([
    {
      id: primera,
      sede: 'Lima',
      sala: eco!.nombre,
      estudios: [{ nombre: 'Renal' }],
      estado: 'Programado',
      inicio: `${cerca}T08:00`,
      fin: `${cerca}T08:20`,
    },
    expect.objectContaining({ id: segunda, inicio: `${lejos}T10:00` }),
  ])
})

test('un paciente que no existe es 404; un id que no es número, 400; ambos en castellano', async () => {
  const r = await t.app.inject({ url: '/pacientes/999999/citas', headers: t.headers })
  expect(r.statusCode).toBe(404)
  expect(r.json()).toEqual({ message: 'Paciente no encontrado' })
  const abc = await t.app.inject({ url: '/pacientes/abc/citas', headers: t.headers })
  expect(abc.statusCode).toBe(400)
  expect(abc.json().message).toMatch(/[áéíóúñ]|inválid|no válid/i)
  const sin = await t.app.inject({ url: '/pacientes/1/citas' })
  expect(sin.statusCode).toBe(401)
})
