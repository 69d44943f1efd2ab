// The dashboard's Citas Pendientes: today's citas (clinic time) not yet arrived, counted exactly
// against real rows, at the edges of the clinic's day, and the worklist its card opens lists the
// same atenciones. A walk-in atención that is Programado is no cita; only a cita can be missed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BusquedaFila } from '../../shared/busqueda.js'
import { hoyEn } from '../../shared/edad.js'
import type { Estadisticas } from '../../shared/estadisticas.js'
import type { Sql } from '../db.js'
import { diaSiguiente } from '../horario.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'

/** A cita written directly, at a clinic-local date and time (`tz`), lasting 10 minutes. */
async function insertarCita(
  sql: Sql,
  tz: string,
  c: { pacienteId: number; salaId: number; fecha: string; hora: string; estado?: string },
): Promise<number> {
  const [fila] = await sql<{ id: number }[]>`
    with t as (select (${c.fecha}::date + ${c.hora}::time) at time zone ${tz} as inicio)
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad,
      llegada, sala_id, turno)
    select ${c.pacienteId}, s.sede, s.modalidad, array['Cerebro'], ${c.estado ?? 'Programado'},
      'Ambulatorio', 'Rutina', t.inicio, s.id, tstzrange(t.inicio, t.inicio + interval '10 minutes')
    from salas s, t where s.id = ${c.salaId}
    returning id`
  return fila!.id
}

/** The day before `fecha`. */
const diaAnterior = (fecha: string) =>
  new Date(Date.parse(`${fecha}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

// Lima is UTC-5 all year; Kathmandu UTC+5:45: the clinic's day starts and ends on another UTC day.
for (const tz of ['America/Lima', 'Asia/Kathmandu']) {
  describe(`Citas Pendientes en ${tz}`, () => {
    let t: TestApp
    let hoy: string
    let esperadas: number[]
    beforeAll(async () => {
      t = await createTestApp({ CLINIC_TZ: tz })
      const sql = t.db.sql
      hoy = hoyEn(tz)
      const ayer = diaAnterior(hoy)
      const manana = diaSiguiente(hoy)
      const [sala] = await sql<{ id: number }[]>`
        select id from salas where modalidad = 'MRI' order by id limit 1`
      const salaId = sala!.id
      const p = await insertarPaciente(sql)
      const cita = (fecha: string, hora: string, estado?: string) =>
        insertarCita(sql, tz, { pacienteId: p, salaId, fecha, hora, estado })
      // Counted: booked today, first and last minute of the clinic's day included.
      esperadas = [await cita(hoy, '00:00'), await cita(hoy, '12:00'), await cita(hoy, '23:50')]
      // Not counted: the day before and after, by a minute; arrived, cancelled or missed today.
      await cita(ayer, '23:49')
      await cita(manana, '00:00')
      await cita(hoy, '09:00', 'En espera')
      await cita(hoy, '09:10', 'Cancelado')
      await cita(hoy, '09:20', 'No se presentó')
      await cita(hoy, '09:30', 'Completado')
      // A walk-in atención Programado today is not a cita.
      await insertarAtencion(sql, p, { estado: 'Programado', llegada: new Date().toISOString() })
    })
    afterAll(async () => {
      await t?.close()
    })

    const tarjetas = async () => {
      const res = await t.app.inject({ url: '/estadisticas', headers: t.headers })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<Estadisticas>().tarjetas
    }
    const lista = async (query: string) => {
      const res = await t.app.inject({
        url: `/pacientes/buscar?${query}&limite=200`,
        headers: t.headers,
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<BusquedaFila[]>()
    }

    test('cuenta las citas de hoy aún Programadas, ni una más', async () => {
      expect((await tarjetas()).citasPendientes).toBe(3)
    })

    test('la lista que abre la tarjeta son esas mismas citas', async () => {
      const filas = await lista(`fechaInicial=${hoy}&fechaFinal=${hoy}&estado=Programado&cita=si`)
      expect(filas.map((f) => f.atencionId).sort()).toEqual([...esperadas].sort())
      expect(filas.every((f) => f.cita)).toBe(true)
      // Without cita=si the walk-in Programado shows too, marked as no cita.
      const todas = await lista(`fechaInicial=${hoy}&fechaFinal=${hoy}&estado=Programado`)
      expect(todas).toHaveLength(4)
      expect(todas.filter((f) => !f.cita)).toHaveLength(1)
    })

    test('la llegada la descuenta y deshacerla la devuelve', async () => {
      const id = esperadas[1]!
      const llega = await t.app.inject({
        method: 'POST',
        url: `/citas/${id}/llegada`,
        headers: t.headers,
      })
      expect(llega.statusCode, llega.body).toBe(200)
      expect((await tarjetas()).citasPendientes).toBe(2)
      const deshacer = await t.app.inject({
        method: 'POST',
        url: `/atenciones/${id}/deshacer`,
        headers: { ...t.headers, 'content-type': 'application/json' },
        payload: { estado: 'En espera' },
      })
      expect(deshacer.statusCode, deshacer.body).toBe(200)
      expect((await tarjetas()).citasPendientes).toBe(3)
    })
  })
}

describe('«No se presentó» solo para una cita', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  test('una atención sin sala ni horario no puede quedar como No se presentó: 409, sin cambios', async () => {
    const sql = t.db.sql
    const p = await insertarPaciente(sql)
    const id = await insertarAtencion(sql, p, { estado: 'Programado' })
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/atenciones/${id}`,
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: { estado: 'No se presentó', desde: 'Programado' },
    })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json()).toEqual({
      message:
        'Solo una cita puede quedar como «No se presentó»: esta atención no tiene sala ni horario reservados',
    })
    const [fila] = await sql<{ estado: string }[]>`select estado from atenciones where id = ${id}`
    expect(fila!.estado).toBe('Programado')
    const [eventos] = await sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where detalle->>'atencion' = ${String(id)}`
    expect(eventos!.n).toBe(0)
  })

  test('cita=no es un 400 en castellano', async () => {
    const res = await t.app.inject({ url: '/pacientes/buscar?cita=no', headers: t.headers })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      errores: [{ campo: 'cita', mensaje: 'Use cita=si para ver solo las citas' }],
    })
  })
})
