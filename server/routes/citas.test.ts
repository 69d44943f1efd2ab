// Citas: booking into a sala's free time, the rules the server and the database keep (no overlap,
// opening hours, the future, the sala's modality, the clinic's clock), rescheduling, arrival,
// cancellation and no-show on the same record, and the day agenda.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { diaIso } from '../../shared/citas.js'
import { hoyEn } from '../../shared/edad.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { citaAhora, crearPaciente } from '../test/factories.js'
import { proximo } from '../test/fechas.js'

const LIMA = 'America/Lima'

/** The most recent date before today (clinic time) that falls on ISO weekday `dia`. */
function anterior(tz: string, dia: number): string {
  const d = new Date(`${hoyEn(tz)}T00:00:00Z`)
  do d.setUTCDate(d.getUTCDate() - 1)
  while (diaIso(d.toISOString().slice(0, 10)) !== dia)
  return d.toISOString().slice(0, 10)
}

const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })

function llamadas(t: TestApp) {
  return {
    reservar: (payload: object, headers = t.headers) =>
      t.app.inject({ method: 'POST', url: '/citas', headers: json(headers), payload }),
    reprogramar: (id: number, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/citas/${id}/reprogramar`,
        headers: json(t.headers),
        payload,
      }),
    llegada: (id: number, headers = t.headers) =>
      t.app.inject({ method: 'POST', url: `/citas/${id}/llegada`, headers }),
    patch: (id: number, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/atenciones/${id}`,
        headers: json(t.headers),
        payload,
      }),
    agenda: (query: string, headers = t.headers) =>
      t.app.inject({ method: 'GET', url: `/agenda?${query}`, headers }),
  }
}

async function salaDe(t: TestApp, sede: string, modalidad: string): Promise<number> {
  const [fila] = await t.db.sql<{ id: number }[]>`
    select id from salas where sede = ${sede} and modalidad = ${modalidad} order by id limit 1`
  return fila!.id
}

/** 20 bookings of one slot at once: exactly one is taken, 19 hear who holds it, one row. */
async function carrera(t: TestApp) {
  const { reservar } = llamadas(t)
  const sala = await salaDe(t, 'Lima', 'MRI')
  const fecha = proximo(LIMA, 3)
  const pacientes = await Promise.all(Array.from({ length: 20 }, () => crearPaciente(t)))
  const respuestas = await Promise.all(
    pacientes.map((p) =>
      reservar({
        pacienteId: p.id,
        salaId: sala,
        inicio: `${fecha}T11:00`,
        estudios: [{ nombre: 'Cerebro' }],
      }),
    ),
  )
  const codigos = respuestas.map((r) => r.statusCode).sort()
  expect(codigos.filter((c) => c === 201)).toHaveLength(1)
  expect(codigos.filter((c) => c === 409)).toHaveLength(19)
  for (const r of respuestas.filter((r) => r.statusCode === 409)) {
    expect(r.json()).toEqual({
      message: 'Ese horario ya está tomado: la sala tiene una cita de 11:00 a 11:40',
    })
  }
  const [fila] = await t.db.sql<{ n: number }[]>`
    select count(*)::int as n from atenciones where sala_id = ${sala}`
  expect(fila!.n).toBe(1)
}

describe('en PostgreSQL (o el hogar de la corrida), America/Lima', () => {
  let t: TestApp
  let c: ReturnType<typeof llamadas>
  let rx: number
  let eco: number
  beforeAll(async () => {
    t = await createTestApp({ CLINIC_TZ: LIMA })
    c = llamadas(t)
    rx = await salaDe(t, 'Lima', 'RX')
    eco = await salaDe(t, 'Lima', 'Eco')
  })
  afterAll(async () => {
    await t?.close()
  })

  test('reservar: 201 con la atención Programada, su sala y su turno en hora de la clínica', async () => {
    const p = await crearPaciente(t)
    const fecha = proximo(LIMA, 1)
    const res = await c.reservar({
      pacienteId: p.id,
      salaId: rx,
      inicio: `${fecha}T07:00`,
      estudios: [{ nombre: 'Tórax PA' }, { nombre: 'Columna lumbar' }],
      prioridad: 'Urgente',
    })
    expect(res.statusCode, res.body).toBe(201)
    const cita = res.json()
    expect(cita).toMatchObject({
      pacienteId: p.id,
      sede: 'Lima',
      modalidad: 'RX',
      estado: 'Programado',
      prioridad: 'Urgente',
      procedencia: 'Ambulatorio',
      estudios: [{ nombre: 'Tórax PA' }, { nombre: 'Columna lumbar' }],
      salaId: rx,
      inicio: `${fecha}T07:00`,
      // 10 + 15 minutes, from the catalogue.
      fin: `${fecha}T07:25`,
      fechaLlegada: fecha,
      horaLlegada: '07:00',
    })
    // Lima is UTC-5 all year.
    const [fila] = await t.db.sql<{ desde: string; hasta: string }[]>`
      select to_char(lower(turno) at time zone 'UTC', 'HH24:MI') as desde,
        to_char(upper(turno) at time zone 'UTC', 'HH24:MI') as hasta
      from atenciones where id = ${cita.id}`
    expect(fila).toEqual({ desde: '12:00', hasta: '12:25' })
    const [evento] = await t.db.sql<{ usuario: string; pacienteId: number; detalle: object }[]>`
      select usuario, paciente_id::int, detalle from auditoria where accion = 'cita.creada'
      and (detalle->>'atencion')::int = ${cita.id}`
    expect(evento).toEqual({
      usuario: 'prueba.recepcion',
      pacienteId: p.id,
      detalle: { atencion: cita.id, sala: rx, inicio: `${fecha}T07:00`, fin: `${fecha}T07:25` },
    })
    // The patient's page lists it like any atención.
    const ficha = await t.app.inject({ url: `/pacientes/${p.id}`, headers: t.headers })
    expect(ficha.json().atenciones[0]).toMatchObject({ id: cita.id, estado: 'Programado' })
  })

  test('la base misma rechaza dos citas vivas que se solapan en una sala', async () => {
    const p = await crearPaciente(t)
    const fila = (inicio: string, fin: string) => t.db.sql`
      insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad,
        llegada, sala_id, turno)
      values (${p.id}, 'Lima', 'Eco', '{Renal}', 'Programado', 'Ambulatorio', 'Rutina',
        ${inicio}::timestamptz, ${eco}, tstzrange(${inicio}::timestamptz, ${fin}::timestamptz, '[)'))`
    await fila('2030-01-07T15:00:00Z', '2030-01-07T15:30:00Z')
    await expect(fila('2030-01-07T15:20:00Z', '2030-01-07T15:40:00Z')).rejects.toMatchObject({
      code: '23P01',
    })
    // Back to back is no overlap.
    await fila('2030-01-07T15:30:00Z', '2030-01-07T15:50:00Z')
    // A turno needs a sala; a sala without a turno is an atención registered at the desk (0026).
    await expect(
      t.db.sql`update atenciones set sala_id = null where sala_id = ${eco}`,
    ).rejects.toMatchObject({ code: '23514' })
  })

  test('20 reservas a la vez del mismo horario: una 201, 19 «ya está tomado», una fila', async () => {
    await carrera(t)
  })

  test('cada regla, un 400 en castellano bajo su campo', async () => {
    const p = await crearPaciente(t)
    const lunes = proximo(LIMA, 1)
    const domingo = proximo(LIMA, 7)
    const pasado = anterior(LIMA, 2)
    const casos: [object, string, string][] = [
      [
        { salaId: rx, inicio: `${lunes}T19:50`, estudios: [{ nombre: 'Pelvis' }] },
        'inicio',
        'Fuera del horario de la sala (07:00 a 20:00): la cita terminaría a las 20:05',
      ],
      [
        { salaId: rx, inicio: `${lunes}T06:55`, estudios: [{ nombre: 'Mano' }] },
        'inicio',
        'Fuera del horario de la sala (07:00 a 20:00): la cita terminaría a las 07:05',
      ],
      [
        { salaId: rx, inicio: `${domingo}T10:00`, estudios: [{ nombre: 'Mano' }] },
        'inicio',
        'La sala no atiende los domingos',
      ],
      [
        { salaId: rx, inicio: `${pasado}T10:00`, estudios: [{ nombre: 'Mano' }] },
        'inicio',
        'La cita debe ser en el futuro',
      ],
      [
        { salaId: rx, inicio: `${lunes}T10:00`, estudios: [{ nombre: 'Renal' }] },
        'estudios',
        'Estudio no disponible para DX (RX): Renal',
      ],
      [
        { salaId: 999_999, inicio: `${lunes}T10:00`, estudios: [{ nombre: 'Mano' }] },
        'salaId',
        'Sala no encontrada',
      ],
      [
        {
          pacienteId: 2 ** 31,
          salaId: rx,
          inicio: `${lunes}T10:00`,
          estudios: [{ nombre: 'Mano' }],
        },
        'pacienteId',
        'Paciente no válido',
      ],
      [
        { salaId: 2 ** 31, inicio: `${lunes}T10:00`, estudios: [{ nombre: 'Mano' }] },
        'salaId',
        'Sala no válida',
      ],
      [
        { salaId: rx, inicio: `${lunes}T10:00`, estudios: [] },
        'estudios',
        'Elija al menos un estudio',
      ],
      [
        { salaId: rx, inicio: `${lunes} 10:00`, estudios: [{ nombre: 'Mano' }] },
        'inicio',
        'Fecha y hora inválidas (AAAA-MM-DDTHH:MM)',
      ],
      [
        { salaId: rx, inicio: '2031-02-30T10:00', estudios: [{ nombre: 'Mano' }] },
        'inicio',
        'Fecha inválida',
      ],
    ]
    for (const [cuerpo, campo, mensaje] of casos) {
      const res = await c.reservar({ pacienteId: p.id, ...cuerpo })
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
      expect(res.json().errores, JSON.stringify(cuerpo)).toContainEqual({ campo, mensaje })
    }
    const [fila] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from atenciones where paciente_id = ${p.id}`
    expect(fila!.n).toBe(0)
  })

  test('una sala inactiva no recibe citas; un paciente que no existe es 404', async () => {
    const admin = await t.login('admin')
    const creada = await t.app.inject({
      method: 'POST',
      url: '/configuracion/salas',
      headers: json(admin),
      payload: {
        sede: 'Lima',
        modalidad: 'RX',
        nombre: 'RX 9',
        horario: [{ dia: 1, abre: '08:00', cierra: '12:00' }],
      },
    })
    expect(creada.statusCode, creada.body).toBe(201)
    const id = creada.json().id as number
    const baja = await t.app.inject({
      method: 'PATCH',
      url: `/configuracion/salas/${id}`,
      headers: json(admin),
      payload: { activa: false },
    })
    expect(baja.statusCode, baja.body).toBe(200)
    const p = await crearPaciente(t)
    const res = await c.reservar({
      pacienteId: p.id,
      salaId: id,
      inicio: `${proximo(LIMA, 1)}T09:00`,
      estudios: [{ nombre: 'Mano' }],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'salaId', mensaje: 'La sala no está activa' }])
    const nadie = await c.reservar({
      pacienteId: 999_999_999,
      salaId: rx,
      inicio: `${proximo(LIMA, 1)}T09:00`,
      estudios: [{ nombre: 'Mano' }],
    })
    expect(nadie.statusCode).toBe(404)
    expect(nadie.json()).toEqual({ message: 'Paciente no encontrado' })
  })

  test('toda llamada pide sesión', async () => {
    const sin = { origin: t.headers.origin! }
    expect((await c.agenda(`sede=Lima&fecha=${proximo(LIMA, 1)}`, sin)).statusCode).toBe(401)
    expect(
      (
        await c.reservar(
          { pacienteId: 1, salaId: rx, inicio: '2030-01-07T10:00', estudios: [{ nombre: 'Mano' }] },
          sin,
        )
      ).statusCode,
    ).toBe(401)
    expect((await c.llegada(1, sin)).statusCode).toBe(401)
    const r = await t.app.inject({
      method: 'POST',
      url: '/citas/1/reprogramar',
      headers: json(sin),
      payload: { inicio: '2030-01-07T10:00' },
    })
    expect(r.statusCode).toBe(401)
  })

  test('reprogramar: el mismo registro en otro horario; 409 si está tomado; auditado', async () => {
    const fecha = proximo(LIMA, 2)
    const [p, q] = [await crearPaciente(t), await crearPaciente(t)]
    const a = (
      await c.reservar({
        pacienteId: p.id,
        salaId: eco,
        inicio: `${fecha}T09:00`,
        estudios: [{ nombre: 'Renal' }],
      })
    ).json()
    const b = (
      await c.reservar({
        pacienteId: q.id,
        salaId: eco,
        inicio: `${fecha}T10:00`,
        estudios: [{ nombre: 'Abdominal completa' }],
      })
    ).json()
    const movida = await c.reprogramar(a.id, { inicio: `${fecha}T12:00` })
    expect(movida.statusCode, movida.body).toBe(200)
    expect(movida.json()).toMatchObject({
      id: a.id,
      inicio: `${fecha}T12:00`,
      fin: `${fecha}T12:20`,
      horaLlegada: '12:00',
      estado: 'Programado',
    })
    const choque = await c.reprogramar(a.id, { inicio: `${fecha}T10:15` })
    expect(choque.statusCode).toBe(409)
    expect(choque.json()).toEqual({
      message: 'Ese horario ya está tomado: la sala tiene una cita de 10:00 a 10:30',
    })
    // Its own old range does not stand in its way.
    expect((await c.reprogramar(a.id, { inicio: `${fecha}T12:10` })).statusCode).toBe(200)
    const otraModalidad = await c.reprogramar(a.id, { salaId: rx, inicio: `${fecha}T12:00` })
    expect(otraModalidad.statusCode).toBe(400)
    expect(otraModalidad.json().errores).toEqual([
      { campo: 'salaId', mensaje: 'La cita es de Eco: elija una sala de esa modalidad' },
    ])
    const arequipa = await salaDe(t, 'Arequipa', 'Eco')
    const otraSede = await c.reprogramar(a.id, { salaId: arequipa, inicio: `${fecha}T08:00` })
    expect(otraSede.json()).toMatchObject({ id: a.id, sede: 'Arequipa', salaId: arequipa })
    const eventos = await t.db.sql<{ detalle: Record<string, unknown> }[]>`
      select detalle from auditoria where accion = 'cita.reprogramada'
      and (detalle->>'atencion')::int = ${a.id} order by id`
    expect(eventos).toHaveLength(3)
    expect(eventos[0]!.detalle).toEqual({
      atencion: a.id,
      antes: { sala: eco, inicio: `${fecha}T09:00`, fin: `${fecha}T09:20` },
      despues: { sala: eco, inicio: `${fecha}T12:00`, fin: `${fecha}T12:20` },
    })
    // Only a cita, and only while Programado.
    await citaAhora(t.db.sql, b.id)
    expect((await c.llegada(b.id)).statusCode).toBe(200)
    const tarde = await c.reprogramar(b.id, { inicio: `${fecha}T15:00` })
    expect(tarde.statusCode).toBe(409)
    expect(tarde.json().message).toBe('Solo se reprograma una cita Programada; esta está En espera')
  })

  test('Llegó: pasa a En espera, el mismo registro, llegada ahora; se deshace como otro cambio', async () => {
    const p = await crearPaciente(t)
    const fecha = proximo(LIMA, 4)
    const cita = (
      await c.reservar({
        pacienteId: p.id,
        salaId: rx,
        inicio: `${fecha}T08:00`,
        estudios: [{ nombre: 'Mano' }],
      })
    ).json()
    // Its arrival is marked on its own day: the cita moves to now.
    await citaAhora(t.db.sql, cita.id)
    const [{ inicio } = { inicio: '' }] = await t.db.sql<{ inicio: string }[]>`
      select to_char(lower(turno) at time zone ${LIMA}, 'YYYY-MM-DD"T"HH24:MI') as inicio
      from atenciones where id = ${cita.id}`
    const res = await c.llegada(cita.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      id: cita.id,
      estado: 'En espera',
      fechaLlegada: hoyEn(LIMA),
      inicio,
      ultimoCambio: { desde: 'Programado' },
    })
    // A repeated click changes nothing.
    expect((await c.llegada(cita.id)).json()).toMatchObject({ id: cita.id, estado: 'En espera' })
    const [evento] = await t.db.sql<{ detalle: object }[]>`
      select detalle from auditoria where accion = 'cita.llegada'
      and (detalle->>'atencion')::int = ${cita.id}`
    expect(evento!.detalle).toEqual({ atencion: cita.id, estado: 'En espera', desde: 'Programado' })
    const deshecha = await t.app.inject({
      method: 'POST',
      url: `/atenciones/${cita.id}/deshacer`,
      headers: json(t.headers),
      payload: { estado: 'En espera' },
    })
    expect(deshecha.statusCode, deshecha.body).toBe(200)
    expect(deshecha.json()).toMatchObject({
      id: cita.id,
      estado: 'Programado',
      fechaLlegada: inicio.slice(0, 10),
      horaLlegada: inicio.slice(11),
    })
    // A walk-in atención is not a cita.
    const suelta = await t.app.inject({
      method: 'POST',
      url: `/pacientes/${p.id}/atenciones`,
      headers: json(t.headers),
      payload: {
        sede: 'Lima',
        modalidad: 'RX',
        estudios: [{ nombre: 'Mano' }],
        estado: 'Programado',
      },
    })
    expect((await c.llegada(suelta.json().id)).statusCode).toBe(404)
  })

  test('Llegó solo el día de la cita: otro día es un 409 que no cambia nada, por la agenda y por la lista', async () => {
    const p = await crearPaciente(t)
    const fecha = proximo(LIMA, 2)
    const cita = (
      await c.reservar({
        pacienteId: p.id,
        salaId: rx,
        inicio: `${fecha}T10:00`,
        estudios: [{ nombre: 'Mano' }],
      })
    ).json()
    const [a, m, d] = fecha.split('-')
    const mensaje = `La cita es del ${d}/${m}/${a}: la llegada se marca el día de la cita. Si el paciente se atiende hoy, reprograme la cita a hoy.`
    const llegada = await c.llegada(cita.id)
    expect(llegada.statusCode).toBe(409)
    expect(llegada.json()).toEqual({ message: mensaje })
    for (const estado of ['En espera', 'En proceso']) {
      const cambio = await c.patch(cita.id, { estado })
      expect(cambio.statusCode).toBe(409)
      expect(cambio.json()).toEqual({ message: mensaje })
    }
    const [fila] = await t.db.sql<{ estado: string; eventos: number }[]>`
      select estado, (select count(*)::int from auditoria where accion in ('cita.llegada', 'atencion.modificada')
        and (detalle->>'atencion')::int = ${cita.id}) as eventos
      from atenciones where id = ${cita.id}`
    expect(fila).toEqual({ estado: 'Programado', eventos: 0 })
    // Cancelling or a no-show are not arrivals: any day.
    expect((await c.patch(cita.id, { estado: 'No se presentó' })).statusCode).toBe(200)
  })

  test('cancelar libera el horario; deshacer la cancelación choca si otra lo tomó', async () => {
    const fecha = proximo(LIMA, 5)
    const [p, q] = [await crearPaciente(t), await crearPaciente(t)]
    const cuerpo = { salaId: rx, inicio: `${fecha}T09:00`, estudios: [{ nombre: 'Mano' }] }
    const a = (await c.reservar({ pacienteId: p.id, ...cuerpo })).json()
    expect((await c.reservar({ pacienteId: q.id, ...cuerpo })).statusCode).toBe(409)
    const cancelada = await c.patch(a.id, { estado: 'Cancelado', motivo: 'Llamó para anular' })
    expect(cancelada.statusCode).toBe(200)
    const b = await c.reservar({ pacienteId: q.id, ...cuerpo })
    expect(b.statusCode, b.body).toBe(201)
    const deshacer = await t.app.inject({
      method: 'POST',
      url: `/atenciones/${a.id}/deshacer`,
      headers: json(t.headers),
      payload: { estado: 'Cancelado' },
    })
    expect(deshacer.statusCode).toBe(409)
    expect(deshacer.json().message).toBe(
      'No se puede deshacer: el horario de la cita ya lo tomó otra (de 09:00 a 09:10). Reprograme la cita.',
    )
  })

  test('No se presentó: solo desde Programado, final, y libera el horario', async () => {
    const fecha = proximo(LIMA, 6)
    const [p, q] = [await crearPaciente(t), await crearPaciente(t)]
    const cuerpo = { salaId: rx, inicio: `${fecha}T10:00`, estudios: [{ nombre: 'Mano' }] }
    const a = (await c.reservar({ pacienteId: p.id, ...cuerpo })).json()
    const res = await c.patch(a.id, { estado: 'No se presentó', desde: 'Programado' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: a.id, estado: 'No se presentó' })
    expect((await c.reservar({ pacienteId: q.id, ...cuerpo })).statusCode).toBe(201)
    const despues = await c.patch(a.id, { estado: 'En espera' })
    expect(despues.statusCode).toBe(409)
    expect(despues.json().message).toBe(
      'No se puede pasar una atención de No se presentó a En espera: No se presentó es un estado final',
    )
    // Not from the worklist: only a booked atención is missed.
    const r = await crearPaciente(t)
    const suelta = await t.app.inject({
      method: 'POST',
      url: `/pacientes/${r.id}/atenciones`,
      headers: json(t.headers),
      payload: { sede: 'Lima', modalidad: 'RX', estudios: [{ nombre: 'Mano' }] },
    })
    const nunca = await c.patch(suelta.json().id, { estado: 'No se presentó' })
    expect(nunca.statusCode).toBe(409)
  })

  test('una cita no cambia de sede, modalidad ni hora por corrección: se reprograma', async () => {
    const p = await crearPaciente(t)
    // Not the day the race of the first test books.
    const fecha = proximo(LIMA, 3, 9, [proximo(LIMA, 3)])
    const a = (
      await c.reservar({
        pacienteId: p.id,
        salaId: rx,
        inicio: `${fecha}T16:00`,
        estudios: [{ nombre: 'Mano' }],
      })
    ).json()
    const res = await c.patch(a.id, { sede: 'Cusco', horaLlegada: '17:00', fechaLlegada: fecha })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores.map((e: { campo: string }) => e.campo)).toEqual([
      'sede',
      'fechaLlegada',
    ])
    // Other corrections go through; the same values again are no change.
    const ok = await c.patch(a.id, { prioridad: 'Urgente', sede: 'Lima', fechaLlegada: fecha })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  test('la agenda del día: salas de la sede con su horario, sus citas y los turnos libres', async () => {
    // Its own day: the other tests' Tuesdays hold citas this one lists.
    const fecha = proximo(LIMA, 2, 12, [proximo(LIMA, 2)])
    const p = await crearPaciente(t, { primerNombre: 'Lucía', primerApellido: 'Mamani' })
    const a = (
      await c.reservar({
        pacienteId: p.id,
        salaId: rx,
        inicio: `${fecha}T07:20`,
        estudios: [{ nombre: 'Pelvis' }],
      })
    ).json()
    const cancelada = (
      await c.reservar({
        pacienteId: p.id,
        salaId: rx,
        inicio: `${fecha}T08:00`,
        estudios: [{ nombre: 'Mano' }],
      })
    ).json()
    await c.patch(cancelada.id, { estado: 'Cancelado', motivo: 'Otro día' })

    const todas = await c.agenda(`sede=Lima&fecha=${fecha}`)
    expect(todas.statusCode, todas.body).toBe(200)
    expect(todas.json().salas.map((s: { modalidad: string }) => s.modalidad)).toEqual([
      'RX',
      'Eco',
      'MRI',
      'LAB',
    ])
    expect(todas.json().salas[0].libres).toBeUndefined()

    const res = await c.agenda(`sede=Lima&fecha=${fecha}&sala=${rx}&duracion=20`)
    expect(res.statusCode, res.body).toBe(200)
    const [sala] = res.json().salas
    expect(sala).toMatchObject({
      id: rx,
      modalidad: 'RX',
      apertura: { inicio: `${fecha}T07:00`, fin: `${fecha}T20:00` },
      citas: [
        {
          id: a.id,
          pacienteId: p.id,
          paciente: 'Lucía Mamani',
          estudios: [{ nombre: 'Pelvis' }],
          estado: 'Programado',
          prioridad: 'Rutina',
          inicio: `${fecha}T07:20`,
          fin: `${fecha}T07:35`,
        },
        { id: cancelada.id, estado: 'Cancelado', inicio: `${fecha}T08:00` },
      ],
    })
    // 07:00–07:20 fits before the cita; then from 07:35 on, through the cancelled one's time.
    expect(sala.libres.slice(0, 4)).toEqual([
      { inicio: `${fecha}T07:00`, fin: `${fecha}T07:20` },
      { inicio: `${fecha}T07:35`, fin: `${fecha}T07:55` },
      { inicio: `${fecha}T07:55`, fin: `${fecha}T08:15` },
      { inicio: `${fecha}T08:15`, fin: `${fecha}T08:35` },
    ])
    expect(sala.libres.at(-1)).toEqual({ inicio: `${fecha}T19:35`, fin: `${fecha}T19:55` })

    const domingo = await c.agenda(`sede=Lima&fecha=${proximo(LIMA, 7)}&duracion=20`)
    expect(domingo.json().salas[0]).toMatchObject({ apertura: null, citas: [], libres: [] })

    // Nothing of the past is offered.
    const hoy = (await c.agenda(`sede=Lima&fecha=${anterior(LIMA, 2)}&duracion=20`)).json()
    expect(hoy.salas[0].libres).toEqual([])

    const malos: [string, string][] = [
      ['sede=Tacna&fecha=2030-01-07', 'sede'],
      ['sede=Lima&fecha=2030-02-30', 'fecha'],
      // The last day PostgreSQL's dates reach, and before the clinic's records.
      ['sede=Lima&fecha=9999-12-31', 'fecha'],
      ['sede=Lima&fecha=1999-12-31', 'fecha'],
      ['sede=Lima&fecha=2030-01-07&duracion=2', 'duracion'],
      [`sede=Cusco&fecha=2030-01-07&sala=${rx}`, 'sala'],
    ]
    for (const [query, campo] of malos) {
      const r = await c.agenda(query)
      expect(r.statusCode, query).toBe(400)
      expect(r.json().errores[0].campo, query).toBe(campo)
    }
  })
})

describe('el reloj de la clínica con cambio de horario (Europe/Madrid)', () => {
  const MADRID = 'Europe/Madrid'
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ CLINIC_TZ: MADRID })
  })
  afterAll(async () => {
    await t?.close()
  })

  /** The next last Sunday of March: the clocks go from 02:00 to 03:00. */
  function cambioDeHora(): string {
    const hoy = hoyEn(MADRID)
    for (let anio = Number(hoy.slice(0, 4)); ; anio++) {
      const d = new Date(Date.UTC(anio, 2, 31))
      d.setUTCDate(31 - (d.getUTCDay() % 7))
      const f = d.toISOString().slice(0, 10)
      if (f > hoy) return f
    }
  }

  test('la sala abre de 00:00 a 06:00 en hora local: ese día son 5 horas, y 02:30 no existe', async () => {
    const admin = await t.login('admin')
    const sala = await t.app.inject({
      method: 'POST',
      url: '/configuracion/salas',
      headers: json(admin),
      payload: {
        sede: 'Lima',
        modalidad: 'LAB',
        nombre: 'LAB Noche',
        horario: [{ dia: 7, abre: '00:00', cierra: '06:00' }],
      },
    })
    expect(sala.statusCode, sala.body).toBe(201)
    const id = sala.json().id as number
    const fecha = cambioDeHora()
    const c = llamadas(t)
    const agenda = await c.agenda(`sede=Lima&fecha=${fecha}&sala=${id}&duracion=60`)
    expect(agenda.statusCode, agenda.body).toBe(200)
    expect(agenda.json().salas[0]).toMatchObject({
      apertura: { inicio: `${fecha}T00:00`, fin: `${fecha}T06:00` },
      libres: [
        { inicio: `${fecha}T00:00`, fin: `${fecha}T01:00` },
        // One real hour: the clock jumps from 02:00 to 03:00.
        { inicio: `${fecha}T01:00`, fin: `${fecha}T03:00` },
        { inicio: `${fecha}T03:00`, fin: `${fecha}T04:00` },
        { inicio: `${fecha}T04:00`, fin: `${fecha}T05:00` },
        { inicio: `${fecha}T05:00`, fin: `${fecha}T06:00` },
      ],
    })
    const p = await crearPaciente(t)
    const inexistente = await c.reservar({
      pacienteId: p.id,
      salaId: id,
      inicio: `${fecha}T02:30`,
      estudios: [{ nombre: 'Glucosa' }],
    })
    expect(inexistente.statusCode).toBe(400)
    expect(inexistente.json().errores).toEqual([
      {
        campo: 'inicio',
        mensaje: 'Esa hora no existe ese día: el reloj se adelanta por el cambio de horario',
      },
    ])
    // Six studies of 10 minutes from 01:30 end at 03:30 local: 60 real minutes.
    const cita = await c.reservar({
      pacienteId: p.id,
      salaId: id,
      inicio: `${fecha}T01:30`,
      estudios: [
        'Hemograma completo',
        'Glucosa',
        'Perfil lipídico',
        'Creatinina',
        'TSH',
        'Perfil hepático',
      ].map((nombre) => ({ nombre })),
    })
    expect(cita.statusCode, cita.body).toBe(201)
    expect(cita.json()).toMatchObject({ inicio: `${fecha}T01:30`, fin: `${fecha}T03:30` })
    const [fila] = await t.db.sql<{ desde: string; hasta: string }[]>`
      select to_char(lower(turno) at time zone 'UTC', 'HH24:MI') as desde,
        to_char(upper(turno) at time zone 'UTC', 'HH24:MI') as hasta
      from atenciones where id = ${cita.json().id}`
    expect(fila).toEqual({ desde: '00:30', hasta: '01:30' })
  })
})

describe('en el hogar embebido', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ CLINIC_TZ: LIMA }, { embedded: true })
  })
  afterAll(async () => {
    await t?.close()
  })

  test('btree_gist está cargado y la restricción de solape existe', async () => {
    expect(t.db.home).toBe('embedded')
    const [fila] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from pg_constraint where conname = 'atenciones_citas_sin_solape'`
    expect(fila!.n).toBe(1)
  })

  test('20 reservas a la vez del mismo horario: una 201, 19 «ya está tomado», una fila', async () => {
    await carrera(t)
  })
})
