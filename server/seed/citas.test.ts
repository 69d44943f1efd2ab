// The seeded citas: over the coming weeks, inside each sala's opening hours, never overlapping, and
// a second run only fills slots still free; the demo set books today's slots still ahead and the
// coming week's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { cargarDatos } from './cargar.js'
import { agendarCitas } from './citas.js'
import { cargarDemo } from './demo.js'

const TZ = 'America/Lima'

describe('citas de la semilla (agendarCitas)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ CLINIC_TZ: TZ })
    await cargarDatos(t.db.sql, { pacientes: 300, tz: TZ, semilla: 5 })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('reserva turnos de las próximas semanas dentro del horario de cada sala', async () => {
    const n = await agendarCitas(t.db.sql, { tz: TZ, semanas: 2 })
    expect(n).toBeGreaterThan(1000)
    const [f] = await t.db.sql<
      {
        citas: number
        salas: number
        fuera: number
        pasadas: number
        lejanas: number
        programadas: number
      }[]
    >`
      select count(*)::int as citas, count(distinct a.sala_id)::int as salas,
        count(*) filter (where not exists (
          select 1 from salas s, jsonb_to_recordset(s.horario) h (dia int, abre text, cierra text)
          where s.id = a.sala_id and h.dia = extract(isodow from lower(a.turno) at time zone ${TZ})
            and (lower(a.turno) at time zone ${TZ})::time >= h.abre::time
            and (upper(a.turno) at time zone ${TZ})::time <= h.cierra::time))::int as fuera,
        count(*) filter (where lower(a.turno) <= now())::int as pasadas,
        count(*) filter (where lower(a.turno) > now() + interval '15 days')::int as lejanas,
        count(*) filter (where a.estado = 'Programado' and a.llegada = lower(a.turno))::int as programadas
      from atenciones a where a.turno is not null`
    // Every sala has its share, whatever its studies' durations.
    expect(f).toEqual({ citas: n, salas: 12, fuera: 0, pasadas: 0, lejanas: 0, programadas: n })
    // A second run books only what is still free: never an overlap, never an error.
    const mas = await agendarCitas(t.db.sql, { tz: TZ, semanas: 2 })
    const [g] = await t.db.sql<{ citas: number }[]>`
      select count(*)::int as citas from atenciones where turno is not null`
    expect(g!.citas).toBe(n + mas)
  })
})

describe('citas de la demostración (cargarDemo)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ CLINIC_TZ: TZ })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('hoy, después de ahora, y cada día que se atiende de la semana tienen citas', async () => {
    // A Tuesday, 10:00 in Lima: the rest of today and the next seven days.
    const ahora = new Date('2026-03-10T15:00:00Z')
    await cargarDemo(t.db.sql, TZ, ahora)
    const dias = await t.db.sql<{ dia: string; citas: number; antes: number; salas: number }[]>`
      select to_char(lower(turno) at time zone ${TZ}, 'YYYY-MM-DD') as dia, count(*)::int as citas,
        count(*) filter (where lower(turno) <= ${ahora}::timestamptz)::int as antes,
        count(distinct sala_id)::int as salas
      from atenciones where turno is not null group by 1 order by 1`
    // Today and the coming week but Sunday, when the seeded salas are closed.
    expect(dias.map((d) => d.dia)).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-16',
      '2026-03-17',
    ])
    for (const d of dias) {
      expect(d.antes, d.dia).toBe(0)
      expect(d.salas, d.dia).toBeGreaterThan(5)
    }
    // Today's agenda shows them, as staff open it.
    const res = await t.app.inject({
      method: 'GET',
      url: '/agenda?sede=Lima&fecha=2026-03-10',
      headers: t.headers,
    })
    expect(res.statusCode).toBe(200)
    const { salas } = res.json<{ salas: { citas: unknown[] }[] }>()
    expect(salas.reduce((n, s) => n + s.citas.length, 0)).toBeGreaterThan(0)
  })
})
