// The embedded home's VACUUM. PGlite has no autovacuum: without this, every update leaves a dead
// row behind for good, tables and indexes only grow, and the search's walks read ever more pages.
// So the server does autovacuum's work itself, when nobody is waiting for it: a minute after the
// last request, one statement at a time (each holds PGlite's one session while it runs), stopping
// as soon as a request comes. It picks what autovacuum would: a VACUUM where dead rows passed 50 +
// 20 % of the live ones, an ANALYZE where as many rows changed since the last one; and once a day
// a VACUUM of every table, since PGlite forgets those counts when it restarts. VACUUM and ANALYZE
// go apart because ANALYZE is the long one (pacientes' expression indexes: 1.4 s at 100,000
// patients, its VACUUM 0.2 s; docs/presupuestos.md), and is rarely due. After bulk work (the demo
// data, a seed, a restore) the caller runs `vacuumTodo`.
import type { Server } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { fechaEnZona } from '../shared/edad.js'
import { cadaMinuto } from './cada-minuto.js'
import type { Database, Sql } from './db.js'

/** Quiet this long before a VACUUM starts. */
export const INACTIVIDAD_MS = 60_000

/** Every table of the schema, VACUUMed and ANALYZEd. */
export async function vacuumTodo(sql: Sql): Promise<void> {
  await sql`vacuum (analyze)`
}

interface Pendiente {
  tabla: string
  /** A VACUUM is due. */
  limpiar: boolean
  /** An ANALYZE is due. */
  analizar: boolean
}

/** The tables autovacuum would pick now (every one to VACUUM with `todas`), most dead rows first. */
async function pendientes(sql: Sql, todas: boolean): Promise<Pendiente[]> {
  // The session's own counts reach the view at most once a second, when it next waits: now.
  await sql`select pg_stat_force_next_flush()`
  return sql<Pendiente[]>`
    select tabla, limpiar, analizar from (
      select relname as tabla, n_dead_tup,
        ${todas}::boolean or n_dead_tup > 50 + 0.2 * n_live_tup as limpiar,
        n_mod_since_analyze > 50 + 0.1 * n_live_tup as analizar
      from pg_stat_user_tables where schemaname = 'public'
    ) t
    where limpiar or analizar
    order by n_dead_tup desc, tabla`
}

/** Requests in flight on `server`, and when the last one ended. */
export function vigilarActividad(server: Server, ahora = () => Date.now()) {
  let enCurso = 0
  let ultima = ahora()
  server.on('request', (_req, res) => {
    enCurso++
    res.once('close', () => {
      enCurso--
      ultima = ahora()
    })
  })
  return { inactivo: () => enCurso === 0 && ahora() - ultima >= INACTIVIDAD_MS }
}

export interface Mantenimiento {
  /** VACUUMs what is due if the server is idle (the server asks every minute). */
  revisar(): Promise<string[]>
  cerrar(): Promise<void>
}

export function iniciarMantenimiento(ctx: {
  db: Database
  log: FastifyBaseLogger
  inactivo: () => boolean
  /** The clinic's zone: the daily round of every table comes after its midnight, not UTC's. */
  tz: string
  ahora?: () => Date
}): Mantenimiento | null {
  const { db, log, inactivo, tz } = ctx
  if (db.home !== 'embedded') return null // PostgreSQL's own autovacuum does it there
  const ahora = ctx.ahora ?? (() => new Date())
  let diaCompleto = ''

  const revisar = async (): Promise<string[]> => {
    if (!inactivo()) return []
    const hoy = fechaEnZona(ahora(), tz)
    const todas = diaCompleto !== hoy
    const hechas: string[] = []
    for (const p of await pendientes(db.sql, todas)) {
      const nombre = `public."${p.tabla.replace(/"/g, '""')}"`
      for (const orden of [p.limpiar && 'vacuum', p.analizar && 'analyze']) {
        if (!orden) continue
        if (!inactivo()) return hechas // a request came: the rest waits for the next quiet minute
        const t0 = performance.now()
        await db.sql.unsafe(`${orden} ${nombre}`)
        log.debug({ tabla: p.tabla, orden, ms: Math.round(performance.now() - t0) }, 'vacuum')
        if (hechas.at(-1) !== p.tabla) hechas.push(p.tabla)
      }
    }
    if (todas) diaCompleto = hoy
    if (hechas.length) log.info({ tablas: hechas.length, todas }, 'vacuum de la base embebida')
    return hechas
  }

  const tarea = cadaMinuto(revisar, (err: unknown) => {
    log.error({ err }, 'el vacuum de la base embebida falló')
    return []
  })
  return { revisar: tarea.tic, cerrar: tarea.detener }
}
