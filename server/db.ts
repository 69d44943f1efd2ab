// Both homes end as the same postgres.js client: an external PostgreSQL (DATABASE_URL) or the
// embedded PGlite served on a Unix socket inside DATA_DIR.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import postgres from 'postgres'
import type { Config } from './config.js'
import { ROOT } from './paths.js'
import { volcarPglite, volcarPostgres } from './respaldo/volcado.js'
import { transformacionCamel } from './json-camel.js'
import { guardSql } from './sql-guard.js'

export type Sql = postgres.Sql

/**
 * Runs `trabajo` in one transaction: a change and its audit record commit together or not at all.
 * Its BEGIN goes out in one write with the statements `trabajo` sends first, not on a round trip
 * of its own as postgres.js's `begin` sends it: each round trip costs both processes a write and a
 * wake-up, about a third of a change's CPU here (docs/presupuestos.md#laboratorio). `trabajo` may
 * send the COMMIT itself with its last statements (`confirmar()`, not awaited before them): after a
 * failed statement PostgreSQL answers it with a rollback, and the failed statement throws.
 */
export async function inTransaction<T>(
  sql: Sql,
  trabajo: (tx: Sql, confirmar: () => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const tx = await sql.reserve()
  // A query is sent once something awaits it, in that order: BEGIN first.
  const inicio = tx`begin`
  inicio.catch(() => {})
  let confirmacion: Promise<unknown> | null = null
  const confirmar = () => {
    if (!confirmacion) {
      confirmacion = tx`commit`.execute()
      // Awaited below; a work that failed after sending it never awaits it.
      confirmacion.catch(() => {})
    }
    return confirmacion
  }
  try {
    const resultado = await trabajo(tx, confirmar)
    await inicio
    await confirmar()
    return resultado
  } catch (err) {
    // After a failed statement PostgreSQL ignores all but this; a broken connection ends it anyway.
    await tx`rollback`.catch(() => {})
    throw err
  } finally {
    tx.release()
  }
}

/**
 * Sends `q` now: postgres.js sends a query only once something awaits it, so statements meant to go
 * out together in a set order (one write, run in that order) are each sent as they are written.
 */
export function enviar<T>(q: Promise<T>): Promise<T> {
  q.then(undefined, () => {})
  return q
}

/** A client of the searches planned for their values, held for one search until `soltar`. */
export interface ClienteBusqueda {
  sql: Sql
  soltar(): Promise<void>
}

/** A client that is not held: a pool, or one the caller already holds. */
export const sinReserva = (sql: Sql): ClienteBusqueda => ({ sql, soltar: async () => {} })

/** Runs `fn` on the searches' client, released whatever happens. */
export async function conBusqueda<T>(
  db: Pick<Database, 'busqueda'>,
  fn: (sql: Sql) => Promise<T>,
): Promise<T> {
  const cliente = await db.busqueda()
  try {
    return await fn(cliente.sql)
  } finally {
    await cliente.soltar()
  }
}

export interface Database {
  sql: Sql
  /**
   * The client of one search that plans each of its statements for its values (planPorValores in
   * queries/busqueda.ts):
   * on PostgreSQL a pool of its own whose sessions plan so (AJUSTES_BUSQUEDA); on the embedded
   * home the one session, reserved and set so until `soltar`. That session keeps cached plans for
   * everything else: planned anew, every statement of every request cost it up to half of each
   * request's CPU (docs/presupuestos.md, «La base embebida guarda sus planes»).
   */
  busqueda(): Promise<ClienteBusqueda>
  home: 'postgres' | 'embedded'
  /** The whole database as plain SQL, consistent, while it keeps serving (respaldo/volcado.ts). */
  volcar(): Promise<Readable>
  close(): Promise<void>
}

export class DataDirInUseError extends Error {}

/**
 * Settings of every connection, sent at connect. Parallel workers read ahead of a LIMIT and take
 * longer to start (~15 ms) than the searches' walks; a JIT compilation costs more than any of
 * these short statements; the indexes stay in memory, where a random read costs about a
 * sequential one.
 */
const AJUSTES_SESION = {
  max_parallel_workers_per_gather: '0',
  jit: 'off',
  random_page_cost: '1.1',
} as const

/**
 * A search by names or by prioridad runs on connections that plan each execution for its values: a
 * generic plan would lose the constant LIKE prefixes and the estimates the search's indexes are
 * chosen by (planPorValores in queries/busqueda.ts).
 * Everything else keeps PostgreSQL's cached generic plans: planned anew, the session lookup every
 * request makes cost 0.16 ms of planning for 0.03 ms of work.
 */
const AJUSTES_BUSQUEDA = { ...AJUSTES_SESION, plan_cache_mode: 'force_custom_plan' } as const

/** Options shared by every client of either home; `busqueda` for the search's. */
export function clientOptions(
  max: number,
  { busqueda = false } = {},
): postgres.Options<Record<string, never>> {
  const types = {
    // Dates stay 'YYYY-MM-DD' strings: a birth date has no time zone.
    date: { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v },
  }
  return {
    max,
    transform: transformacionCamel,
    onnotice: () => {},
    connection: { application_name: 'clinica', ...(busqueda ? AJUSTES_BUSQUEDA : AJUSTES_SESION) },
    types: types as unknown as Record<string, never>,
  }
}

/**
 * `template: false` makes a new embedded directory start empty instead of from the build's
 * migrated template (for tests of the migrations themselves).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  { template = true } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const sql = guardSql(postgres(config.databaseUrl, clientOptions(10)))
    const sqlBusqueda = guardSql(
      postgres(config.databaseUrl, clientOptions(10, { busqueda: true })),
    )
    const url = config.databaseUrl
    return {
      sql,
      busqueda: async () => sinReserva(sqlBusqueda),
      home: 'postgres',
      volcar: async () => volcarPostgres(url),
      close: async () =>
        void (await Promise.all([sql.end({ timeout: 5 }), sqlBusqueda.end({ timeout: 5 })])),
    }
  }
  return openEmbedded(config.dataDir, template)
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A lock file with our pid; a stale one (its process gone) is taken over. */
function lockDataDir(dir: string): () => void {
  const file = join(dir, 'clinica.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (pid && pid !== process.pid && pidAlive(pid)) {
        throw new DataDirInUseError(
          `El directorio de datos ${dir} ya está en uso por otro servidor (pid ${pid}). ` +
            'Detenga ese servidor o use otro DATA_DIR.',
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new DataDirInUseError(`No se pudo bloquear el directorio de datos ${dir}`)
}

async function openEmbedded(dataDir: string, useTemplate: boolean): Promise<Database> {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const unlock = lockDataDir(dir)
  try {
    // Loaded lazily: the PostgreSQL home never pays for the WebAssembly build.
    const [{ PGlite }, { pg_trgm }, { unaccent }, { btree_gist }, { PGLiteSocketServer }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('@electric-sql/pglite/contrib/unaccent'),
        // The exclusion constraint that keeps citas of one sala apart (migration 0025).
        import('@electric-sql/pglite/contrib/btree_gist'),
        import('@electric-sql/pglite-socket'),
      ])
    const pgdata = join(dir, 'pgdata')
    const template = join(ROOT, 'dist', 'pgdata-template.tgz')
    // A new directory starts from the build's migrated template when there is one.
    const loadDataDir =
      useTemplate && !existsSync(pgdata) && existsSync(template)
        ? new Blob([readFileSync(template)])
        : undefined
    const pg = await PGlite.create({
      dataDir: pgdata,
      extensions: { pg_trgm, unaccent, btree_gist },
      loadDataDir,
    })
    // PGlite ignores a client's startup settings; its one session keeps these for every client.
    const ajustarSesion = async () => {
      for (const [nombre, valor] of Object.entries(AJUSTES_SESION)) {
        await pg.query('select set_config($1, $2, false)', [nombre, valor])
      }
    }
    await ajustarSesion()
    const path = join(dir, '.s.PGSQL.5432')
    rmSync(path, { force: true })
    const server = new PGLiteSocketServer({ db: pg, path })
    await server.start()
    // PGlite is a single session: one connection, or transactions from two would interleave.
    const sql = guardSql(
      postgres({ ...clientOptions(1), path, user: 'postgres', database: 'postgres' }),
    )
    return {
      sql,
      async busqueda() {
        // Neither setting makes the search wait a round trip (waiting for both cost it more,
        // docs/presupuestos.md): the first goes out ahead of the search's statements, and the
        // connection goes back to the others only once the second has run.
        const reservada = await sql.reserve()
        enviar(
          reservada`select set_config('plan_cache_mode', ${AJUSTES_BUSQUEDA.plan_cache_mode}, false)`,
        )
        return {
          sql: reservada,
          async soltar() {
            const soltar = () => reservada.release()
            reservada`reset plan_cache_mode`.then(soltar, soltar)
          },
        }
      },
      home: 'embedded',
      volcar: async () => volcarPglite(pg, sql, ajustarSesion),
      async close() {
        await sql.end({ timeout: 5 })
        await server.stop()
        await pg.close()
        unlock()
      },
    }
  } catch (err) {
    unlock()
    throw err
  }
}
