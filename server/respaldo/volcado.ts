// The SQL dump of either home, as plain SQL text: PostgreSQL's own pg_dump for DATABASE_URL, and
// for the embedded home pg_dump built for PGlite (@electric-sql/pglite-tools), run inside the
// server that holds the database. Both dumps restore into either home (restauracion.ts).
import { spawn } from 'node:child_process'
import { Readable } from 'node:stream'
import type { PGlite } from '@electric-sql/pglite'
import type { Sql } from '../db.js'
import { RespaldoError } from './archivo.js'
import { filasComoInsert, tablasConFilas } from './filas-pglite.js'

/**
 * Neither owners nor grants: the restored database belongs to whoever restores it. Rows as
 * INSERTs of a thousand, not COPY: PGlite takes no COPY from a client, and one format restores
 * into both homes.
 */
const OPCIONES = ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=1000']
/** The same for the embedded database's schema, whose rows are written apart (filas-pglite.ts). */
const OPCIONES_ESQUEMA = ['--no-owner', '--no-privileges']

/** libpq's variables for a DATABASE_URL: the password never shows in the process list. */
function entornoLibpq(url: string): NodeJS.ProcessEnv {
  const u = new URL(url)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname) || 'localhost',
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
    PGAPPNAME: 'clinica-respaldo',
  }
  if (u.username) env.PGUSER = decodeURIComponent(u.username)
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password)
  const sslmode = u.searchParams.get('sslmode') ?? u.searchParams.get('ssl')
  if (sslmode) env.PGSSLMODE = sslmode === 'true' ? 'require' : sslmode
  return env
}

/**
 * Runs a PostgreSQL client program and yields its output; a failure to start or a non-zero exit ends the
 * stream with a Spanish RespaldoError carrying the program's own message.
 */
async function* ejecutar(
  programa: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): AsyncGenerator<Buffer> {
  const hijo = spawn(programa, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let error = ''
  hijo.stderr!.on('data', (t: Buffer) => {
    if (error.length < 4000) error += t.toString('utf8')
  })
  const fin = new Promise<number>((resolve, reject) => {
    hijo.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new RespaldoError(
          err.code === 'ENOENT'
            ? `No se encontró ${programa}: instale el cliente de PostgreSQL (postgresql-client) de la misma versión que el servidor.`
            : `No se pudo ejecutar ${programa}: ${err.message}`,
        ),
      ),
    )
    hijo.on('close', (codigo) => resolve(codigo ?? 1))
  })
  yield* hijo.stdout! as AsyncIterable<Buffer>
  const codigo = await fin
  if (codigo !== 0)
    throw new RespaldoError(`${programa} falló: ${error.trim() || `código ${codigo}`}`)
}

/** pg_dump of DATABASE_URL: a snapshot, taken while the servers keep reading and writing. */
export function volcarPostgres(url: string): Readable {
  return Readable.from(ejecutar('pg_dump', [...OPCIONES, '--format=plain'], entornoLibpq(url)))
}

/**
 * The embedded database as SQL, in the process that holds it: PGlite's pg_dump writes the schema
 * before the rows and the sequences, indexes, constraints and triggers after them; the rows come
 * from filas-pglite.ts, streamed (pg_dump's own would come back as one string, which a large
 * clinic's rows overflow). PGlite is one session shared by every client, so all of it runs while
 * the server's one connection is reserved, that is idle and outside any transaction: it sees
 * every committed change and none half done, and the requests that come meanwhile wait for it.
 * Whether the dump ends well, fails or its reader stops, the session is left as the server set
 * it: no transaction open, pg_dump's prepared statements and settings dropped, the server's kept.
 */
export function volcarPglite(pg: PGlite, sql: Sql, ajustarSesion: () => Promise<void>): Readable {
  return Readable.from(volcadoPglite(pg, sql, ajustarSesion))
}

async function* volcadoPglite(
  pg: PGlite,
  sql: Sql,
  ajustarSesion: () => Promise<void>,
): AsyncGenerator<string> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump')
  const nombres = async () =>
    (await pg.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
      (r) => r.name,
    )
  const reservada = await sql.reserve()
  try {
    const delServidor = new Set(await nombres())
    const soltarSentencias = async () => {
      for (const n of await nombres())
        if (!delServidor.has(n)) await pg.exec(`deallocate "${n.replace(/"/g, '""')}"`)
    }
    const dejarSesion = async () => {
      if (pg.isInTransaction()) await pg.exec('rollback')
      await soltarSentencias()
      await pg.exec('reset all')
      await ajustarSesion()
    }
    // pgDump ends with DEALLOCATE ALL, which would drop the server's statements as well.
    const soloSuyas = new Proxy(pg, {
      get(objetivo, clave) {
        if (clave === 'exec') {
          return async (consulta: string) =>
            consulta.trim().toUpperCase() === 'DEALLOCATE ALL'
              ? (await soltarSentencias(), [])
              : objetivo.exec(consulta)
        }
        const valor: unknown = Reflect.get(objetivo, clave)
        return typeof valor === 'function' ? valor.bind(objetivo) : valor
      },
    })
    // Each run leaves its transaction open and its empty search_path set: dejarSesion after it.
    const pgDumpTexto = async (args: string[]) =>
      (await pgDump({ pg: soloSuyas, args: [...OPCIONES_ESQUEMA, ...args] })).text()
    try {
      const esquema = await pgDumpTexto(['--section=pre-data'])
      await dejarSesion()
      yield esquema
      await pg.exec('begin isolation level repeatable read read only')
      const tablas = await tablasConFilas(pg)
      yield* filasComoInsert(pg, tablas)
      await pg.exec('commit')
      // The sequences' values (pg_dump's data section less every table's rows), then the rest;
      // the finally below leaves the session.
      yield await pgDumpTexto([
        '--section=data',
        '--section=post-data',
        ...tablas.map((t) => `--exclude-table-data=${t.nombre}`),
      ])
    } finally {
      await dejarSesion()
    }
  } finally {
    reservada.release()
  }
}
