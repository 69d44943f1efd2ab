// Undoing a reschedule: the cita goes back to the sala and time it had, like an estado change is
// undone — its author for MINUTOS_DESHACER minutes, an admin always — audited, never over another
// cita, never into the past, and only while the cita is still where the move left it.
import { feriadoNacional } from '../../shared/feriados.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { diaIso } from '../../shared/citas.js'
import { hoyEn } from '../../shared/edad.js'
import { diaSiguiente } from '../horario.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { crearPaciente } from '../test/factories.js'

const LIMA = 'America/Lima'
let t: TestApp
let eco: number
let eco2: number

/**
 * A Wednesday when every seeded Eco sala of Lima is open: the first at least two days ahead, or
 * `semanas` bookable ones after it; a feriado nacional takes no citas, so two counts never meet.
 */
function miercoles(semanas = 0): string {
  let f = diaSiguiente(diaSiguiente(hoyEn(LIMA)))
  for (let n = -1; ; f = diaSiguiente(f)) {
    if (diaIso(f) === 3 && !feriadoNacional(f)) n += 1
    if (n === semanas) return f
  }
}

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: LIMA })
  const salas = await t.db.sql<{ id: number }[]>`
    select id from salas where sede = 'Lima' and modalidad = 'Eco' order by id`
  eco = salas[0]!.id
  // A second Eco sala of the sede, so a move can change sala too.
  const [otra] = await t.db.sql<{ id: number }[]>`
    insert into salas (sede, nombre, modalidad, horario)
    select sede, nombre || ' bis', modalidad, horario from salas where id = ${eco}
    returning id`
  // Inserted before any call reads the catalogues, so the first read has it.
  eco2 = otra!.id
})
afterAll(async () => {
  await t?.close()
})

const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })
const post = (url: string, payload: object, headers = t.headers) =>
  t.app.inject({ method: 'POST', url, headers: json(headers), payload })

async function reservar(fecha: string, hora: string) {
  const p = await crearPaciente(t)
  const r = await post('/citas', {
    pacienteId: p.id,
    salaId: eco,
    inicio: `${fecha}T${hora}`,
    estudios: [{ nombre: 'Renal' }],
  })
  expect(r.statusCode, r.body).toBe(201)
  return r.json<{ id: number; pacienteId: number }>()
}

const deshacer = (id: number, inicio: string, headers = t.headers) =>
  post(`/citas/${id}/reprogramar/deshacer`, { inicio }, headers)

test('vuelve a la sala y la hora de antes, el mismo registro, auditado; no se deshace dos veces', async () => {
  const fecha = miercoles()
  const cita = await reservar(fecha, '09:00')
  const movida = await post(`/citas/${cita.id}/reprogramar`, {
    salaId: eco2,
    inicio: `${fecha}T11:00`,
  })
  expect(movida.statusCode, movida.body).toBe(200)
  const r = await deshacer(cita.id, `${fecha}T11:00`)
  expect(r.statusCode, r.body).toBe(200)
  expect(r.json()).toMatchObject({
    id: cita.id,
    salaId: eco,
    inicio: `${fecha}T09:00`,
    fin: `${fecha}T09:20`,
    horaLlegada: '09:00',
    estado: 'Programado',
  })
  const [evento] = await t.db.sql<{ detalle: unknown; pacienteId: number }[]>`
    select detalle, paciente_id::int from auditoria where accion = 'cita.reprogramacion_deshecha'
    and detalle->>'atencion' = ${String(cita.id)}`
  expect(evento).toEqual({
    pacienteId: cita.pacienteId,
    detalle: {
      atencion: cita.id,
      antes: { sala: eco2, inicio: `${fecha}T11:00`, fin: `${fecha}T11:20` },
      despues: { sala: eco, inicio: `${fecha}T09:00`, fin: `${fecha}T09:20` },
    },
  })
  const otraVez = await deshacer(cita.id, `${fecha}T09:00`)
  expect(otraVez.statusCode).toBe(409)
  expect(otraVez.json()).toEqual({ message: 'La cita no tiene una reprogramación que deshacer' })
})

test('una cita nunca movida, o movida otra vez, o vista en otra hora: 409 y nada cambia', async () => {
  const fecha = miercoles()
  const cita = await reservar(fecha, '13:00')
  expect((await deshacer(cita.id, `${fecha}T13:00`)).json()).toEqual({
    message: 'La cita no tiene una reprogramación que deshacer',
  })
  await post(`/citas/${cita.id}/reprogramar`, { inicio: `${fecha}T14:00` })
  const vistaAntes = await deshacer(cita.id, `${fecha}T13:00`)
  expect(vistaAntes.statusCode).toBe(409)
  expect(vistaAntes.json().message).toBe(
    'La cita cambió desde su reprogramación: ahora está a las 14:00. Reprográmela si hace falta.',
  )
  // Moved by hand meanwhile (a direct change leaves no move in the trail): the trail no longer fits.
  await t.db.sql`
    update atenciones set turno = tstzrange(lower(turno) + interval '1 hour', upper(turno) + interval '1 hour')
    where id = ${cita.id}`
  expect((await deshacer(cita.id, `${fecha}T15:00`)).statusCode).toBe(409)
  const [fila] = await t.db.sql<{ inicio: Date }[]>`
    select lower(turno) as inicio from atenciones where id = ${cita.id}`
  expect(fila!.inicio.toISOString()).toBe(new Date(`${fecha}T15:00:00-05:00`).toISOString())
})

test('si otra cita tomó el horario de antes: 409 que dice cuál, y la cita queda donde está', async () => {
  const fecha = miercoles(1)
  const cita = await reservar(fecha, '15:00')
  await post(`/citas/${cita.id}/reprogramar`, { inicio: `${fecha}T16:00` })
  await reservar(fecha, '15:10')
  const r = await deshacer(cita.id, `${fecha}T16:00`)
  expect(r.statusCode).toBe(409)
  expect(r.json().message).toBe(
    'No se puede deshacer: el horario de la cita ya lo tomó otra (de 15:10 a 15:30). Reprograme la cita.',
  )
  const [fila] = await t.db.sql<{ n: number }[]>`
    select count(*)::int as n from auditoria where accion = 'cita.reprogramacion_deshecha'
    and detalle->>'atencion' = ${String(cita.id)}`
  expect(fila!.n).toBe(0)
})

test('solo su autor dentro del plazo, o un administrador; nunca de una cita que ya llegó', async () => {
  const fecha = miercoles()
  const cita = await reservar(fecha, '17:00')
  await post(`/citas/${cita.id}/reprogramar`, { inicio: `${fecha}T17:30` })
  const otro = await t.login('admin')
  // Another staff member: refused. (The admin below may.)
  await crearUsuario(t.db.sql, {
    usuario: 'prueba.otra',
    nombre: 'Otra Persona',
    rol: 'recepcion',
    contrasena: CONTRASENA_PRUEBA,
  })
  const headersOtra = await iniciarSesionPrueba(t.app, t.config, 'prueba.otra')
  const r = await deshacer(cita.id, `${fecha}T17:30`, headersOtra)
  expect(r.statusCode).toBe(403)
  expect(r.json().message).toBe('Solo quien hizo el cambio o un administrador puede deshacerlo')
  const admin = await deshacer(cita.id, `${fecha}T17:30`, otro)
  expect(admin.statusCode, admin.body).toBe(200)
  expect(admin.json().inicio).toBe(`${fecha}T17:00`)

  const llego = await reservar(fecha, '18:00')
  await post(`/citas/${llego.id}/reprogramar`, { inicio: `${fecha}T18:30` })
  // It arrived (on its own day, which the test does not wait for: the estado is set directly).
  await t.db.sql`update atenciones set estado = 'En espera' where id = ${llego.id}`
  const tarde = await deshacer(llego.id, `${fecha}T18:30`)
  expect(tarde.statusCode).toBe(409)
  expect(tarde.json().message).toBe('Solo se reprograma una cita Programada; esta está En espera')
})

test('datos malos: un 400 en castellano; una atención sin cita es 404', async () => {
  const r = await deshacer(1, 'mañana')
  expect(r.statusCode).toBe(400)
  expect(JSON.stringify(r.json())).toContain('Fecha y hora inválidas (AAAA-MM-DDTHH:MM)')
  const [p] = await t.db.sql<{ id: number }[]>`select id from pacientes limit 1`
  const [a] = await t.db.sql<{ id: number }[]>`
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada)
    values (${p!.id}, 'Lima', 'RX', array['Tórax PA'], 'Programado', 'Ambulatorio', 'Rutina', now())
    returning id`
  const sinCita = await deshacer(a!.id, '2030-01-01T10:00')
  expect(sinCita.statusCode).toBe(404)
  expect(sinCita.json()).toEqual({ message: 'Cita no encontrada' })
})
