// pacientes_actividad (0029) holds each patient's words and the instant of its newest row, the
// order the search takes its page's patients in: after every kind of write, and after two writes
// for one patient at once, it must equal what the tables themselves say.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import type { Quien } from './auditoria.js'
import { deshacerFusion, fusionar } from './fusiones.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => {
  await db?.drop()
})

const quien: Quien = { usuarioId: null, usuario: 'prueba', direccion: null }

/** The patients whose kept row differs from their rows' newest instant or their names' words. */
async function desfasados(): Promise<unknown[]> {
  return [
    ...(await db.sql`
    select p.id, r.ultima, r.palabras from pacientes p
    full join pacientes_actividad r on r.paciente_id = p.id
    where p.id is null or r.paciente_id is null
      or r.ultima is distinct from greatest(
        (select max(a.llegada) from atenciones a where a.paciente_id = p.id),
        (select s.creado_en from pacientes_sin_atencion s where s.paciente_id = p.id))
      or r.palabras is distinct from palabras_nombres(p.primer_nombre_norm, p.segundo_nombre_norm,
        p.primer_apellido_norm, p.segundo_apellido_norm)`),
  ]
}

const ultima = async (id: number) =>
  (
    await db.sql<{ ultima: Date | null }[]>`
      select ultima from pacientes_actividad where paciente_id = ${id}`
  )[0]?.ultima?.toISOString() ?? null

test('cada escritura mantiene el instante más reciente y las palabras de cada paciente', async () => {
  const registro = '2025-05-10T12:00:00.000Z'
  const a = await insertarPaciente(db.sql, { primerNombre: 'Álvaro', creadoEn: registro })
  const b = await insertarPaciente(db.sql, { primerNombre: 'Berta', creadoEn: registro })
  expect(await ultima(a)).toBe(registro)

  // An arrival older than the registration: the patient's only row is now that arrival.
  const vieja = await insertarAtencion(db.sql, a, { llegada: '2025-05-01T09:00:00Z' })
  expect(await ultima(a)).toBe('2025-05-01T09:00:00.000Z')
  const nueva = await insertarAtencion(db.sql, a, { llegada: '2025-06-01T09:00:00Z' })
  expect(await ultima(a)).toBe('2025-06-01T09:00:00.000Z')

  // A change of estado leaves it; a rescheduled arrival moves it, back as well as forward.
  await db.sql`update atenciones set estado = 'Completado' where id = ${nueva}`
  await db.sql`update atenciones set llegada = '2025-04-01T09:00:00Z' where id = ${nueva}`
  expect(await ultima(a)).toBe('2025-05-01T09:00:00.000Z')

  // Without atenciones again, the registration is its row once more.
  await db.sql`delete from atenciones where id in (${vieja}, ${nueva})`
  expect(await ultima(a)).toBe(registro)

  await db.sql`update pacientes set primer_apellido = 'De la Cruz' where id = ${a}`
  expect(await desfasados()).toEqual([])

  // A fusion moves the absorbed record's rows to the survivor and leaves it none; undone, both back.
  await insertarAtencion(db.sql, b, { llegada: '2025-07-01T09:00:00Z' })
  const fusion = await fusionar(db.sql, { conservar: a, absorber: b }, () => [], quien)
  if (!('id' in fusion)) throw new Error(JSON.stringify(fusion))
  expect(await ultima(a)).toBe('2025-07-01T09:00:00.000Z')
  expect(await ultima(b)).toBeNull()
  expect(await desfasados()).toEqual([])
  expect(await deshacerFusion(db.sql, fusion.id, quien)).toEqual({ ok: true })
  expect(await ultima(a)).toBe(registro)
  expect(await ultima(b)).toBe('2025-07-01T09:00:00.000Z')

  // A bulk load through the same triggers.
  const ids = await db.sql<{ id: number }[]>`
    insert into pacientes (tipo_documento, documento, primer_nombre, primer_apellido, fecha_nacimiento,
      sexo, departamento, municipio, zona_residencial, politica_aceptada_en, politica_version)
    select 'dni', (47000000 + i)::text, 'Carga', 'Masiva', '1990-01-01', 'Femenino', 'Lima', 'Lima',
      'Urbana', now(), 'v1'
    from generate_series(1, 200) i
    returning id`
  await db.sql`
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada)
    select id, 'Lima', 'RX', '{Tórax PA}', 'En espera', 'Ambulatorio', 'Rutina',
      '2025-08-01T00:00:00Z'::timestamptz + (id % 7) * interval '1 hour'
    from unnest(${ids.filter((_, i) => i % 2).map((f) => f.id)}::int[]) id`
  expect(await desfasados()).toEqual([])
})

test('dos llegadas de un mismo paciente a la vez dejan el instante más nuevo', async () => {
  const p = await insertarPaciente(db.sql, { creadoEn: '2025-01-01T00:00:00Z' })
  const primera = await db.sql.reserve()
  const segunda = await db.sql.reserve()
  try {
    await primera`begin`
    await insertarAtencion(primera as never, p, { llegada: '2025-09-02T10:00:00Z' })
    await segunda`begin`
    // Its trigger waits for the first transaction's lock on the patient's row...
    const espera = insertarAtencion(segunda as never, p, { llegada: '2025-09-01T10:00:00Z' })
    await new Promise((r) => setTimeout(r, 200))
    await primera`commit`
    // ...and then compares with the instant the first one left: its older arrival does not win.
    await espera
    await segunda`commit`
  } finally {
    primera.release()
    segunda.release()
  }
  expect(await ultima(p)).toBe('2025-09-02T10:00:00.000Z')
  expect(await desfasados()).toEqual([])
})
