// The embedded home's VACUUM, on a real PGlite: over many rounds of updates a table stays the
// size it was, where without it it grows every round; nothing runs while the server is busy, and
// a request that comes mid-way stops it before the next statement.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { iniciarMantenimiento, INACTIVIDAD_MS, vigilarActividad } from './mantenimiento.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'
import { insertarPaciente } from './test/factories.js'

const bases: TestDatabase[] = []
afterAll(async () => {
  for (const b of bases) await b.drop()
})

const log = pino({ level: 'silent' })
const tz = 'America/Lima'
const RONDAS = 8
const PACIENTES = 500

async function conPacientes(): Promise<TestDatabase> {
  const db = await createTestDatabase({ embedded: true })
  bases.push(db)
  const modelo = await insertarPaciente(db.sql)
  // The rest copied from it in one statement, each with its own document.
  await db.sql`
    insert into pacientes (tipo_documento, documento, primer_nombre, primer_apellido,
      fecha_nacimiento, sexo, departamento, municipio, zona_residencial, politica_aceptada_en,
      politica_version)
    select tipo_documento, lpad((20000000 + n)::text, 8, '0'), primer_nombre, primer_apellido,
      fecha_nacimiento, sexo, departamento, municipio, zona_residencial, politica_aceptada_en,
      politica_version
    from pacientes, generate_series(1, ${PACIENTES - 1}) n where id = ${modelo}`
  return db
}

/** Every patient's phone changed once: one dead row each. */
const ronda = (db: TestDatabase, n: number) =>
  db.sql`update pacientes set celular = ${String(900_000_000 + n)}`

const tamano = async (db: TestDatabase) =>
  (await db.sql<{ b: number }[]>`select pg_total_relation_size('pacientes')::int as b`)[0]!.b

describe('vacuum de la base embebida', () => {
  it('con él, el tamaño de la tabla queda acotado tras muchas rondas de cambios; sin él, crece cada ronda', async () => {
    const con = await conPacientes()
    const sin = await conPacientes()
    const m = iniciarMantenimiento({ db: con, log, inactivo: () => true, tz })!
    const tamanos: number[] = []
    for (let n = 1; n <= RONDAS; n++) {
      await ronda(con, n)
      await ronda(sin, n)
      const hechas = await m.revisar()
      expect(hechas).toContain('pacientes')
      tamanos.push(await tamano(con))
    }
    await m.cerrar()
    const [, , tercera] = tamanos
    // Bounded: after the first rounds the freed space is reused.
    expect(Math.max(...tamanos.slice(2))).toBeLessThanOrEqual(tercera! * 1.25)
    // Without it the dead rows stay: after these rounds, more than twice the size (measured: 2.4×).
    expect(await tamano(sin)).toBeGreaterThan(tamanos.at(-1)! * 2)
    const [stats] = await con.sql<{ muertas: number }[]>`
      select n_dead_tup::int as muertas from pg_stat_user_tables where relname = 'pacientes'`
    expect(stats!.muertas).toBe(0)
  }, 180_000)

  it('con el servidor ocupado no corre; si llega una solicitud a mitad, para antes de la sentencia siguiente', async () => {
    const db = await conPacientes()
    await ronda(db, 1)
    let ocupado = true
    const m = iniciarMantenimiento({ db, log, inactivo: () => !ocupado, tz })!
    expect(await m.revisar()).toEqual([])
    // Quiet for one statement, then a request arrives: nothing more runs.
    let preguntas = 0
    const m2 = iniciarMantenimiento({ db, log, inactivo: () => ++preguntas <= 2, tz })!
    ocupado = false
    const hechas = await m2.revisar()
    expect(hechas).toHaveLength(1)
    await m.cerrar()
    await m2.cerrar()
  }, 60_000)

  it('la ronda diaria de todas las tablas sigue la medianoche de la clínica, no la de UTC', async () => {
    const db = await createTestDatabase({ embedded: true })
    bases.push(db)
    let ahora = new Date('2026-11-27T04:00:00Z') // 23:00 of the 26th in Lima
    const m = iniciarMantenimiento({ db, log, inactivo: () => true, tz, ahora: () => ahora })!
    const todas = (await m.revisar()).length
    expect(todas).toBeGreaterThan(10) // the first round of the day takes every table
    ahora = new Date('2026-11-27T06:00:00Z') // 01:00 of the 27th in Lima, the same UTC day
    expect(await m.revisar()).toHaveLength(todas)
    ahora = new Date('2026-11-28T01:00:00Z') // 20:00 of the 27th in Lima, the next UTC day
    expect(await m.revisar()).toEqual([]) // nothing changed since, and no new day in Lima
    await m.cerrar()
  }, 60_000)

  it('inactivo: sin solicitudes en curso y un minuto después de la última', async () => {
    let soltar = () => {}
    let llegada = () => {}
    const llego = new Promise<void>((r) => (llegada = r))
    let cierre = () => {}
    const cerrada = new Promise<void>((r) => (cierre = r))
    const servidor = createServer((_req, res) => {
      res.once('close', cierre)
      soltar = () => res.end('ok')
      llegada()
    })
    let reloj = INACTIVIDAD_MS
    const { inactivo } = vigilarActividad(servidor, () => reloj)
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r))
    const { port } = servidor.address() as AddressInfo
    try {
      reloj += INACTIVIDAD_MS
      expect(inactivo()).toBe(true)
      const respuesta = fetch(`http://127.0.0.1:${port}/`)
      await llego
      reloj += 10 * INACTIVIDAD_MS
      expect(inactivo()).toBe(false) // a request in flight, however long it takes
      soltar()
      await (await respuesta).text()
      await cerrada
      expect(inactivo()).toBe(false) // it has just ended
      reloj += INACTIVIDAD_MS
      expect(inactivo()).toBe(true)
    } finally {
      servidor.closeAllConnections()
      await new Promise((r) => servidor.close(r))
    }
  })
})
