// `--postgres-propio`: a PostgreSQL of the bench's own in bench/data/postgres, configured as a
// production server would be (shared_buffers a quarter of the memory, so the data set fits) rather
// than with the packaged 128 MB. Started for the run and stopped after it; its data stays.
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync } from 'node:fs'
import { totalmem, userInfo } from 'node:os'
import { dirname, join } from 'node:path'
import postgres from 'postgres'
import { ROOT } from '../server/paths.js'
import { freePort } from '../server/test/server-process.js'

export const DIR_POSTGRES = join(ROOT, 'bench', 'data', 'postgres')

export interface PostgresPropio {
  /** Server URL (database `postgres`); the bench's database is created beside it. */
  url: string
  sharedBuffers: string
  /** Loads every table and index of `database` into shared_buffers, as steady use would. */
  precalentar(database: string): Promise<void>
  detener(): void
}

/** PostgreSQL refuses to run as root: then its tools run as the `postgres` account. */
function ejecutar(programa: string, args: string[]): string {
  const bin = join(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim(), programa)
  const [cmd, argv] =
    userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  const r = spawnSync(cmd, argv, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${programa} falló (${r.status}): ${r.stderr || r.stdout}`)
  return r.stdout
}

export async function arrancarPostgresPropio(): Promise<PostgresPropio> {
  const raiz = userInfo().uid === 0
  if (!existsSync(join(DIR_POSTGRES, 'PG_VERSION'))) {
    // The parents stay traversable by the `postgres` account; only the data directory is private.
    mkdirSync(dirname(DIR_POSTGRES), { recursive: true })
    mkdirSync(DIR_POSTGRES, { mode: 0o700 })
    if (raiz) {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
      chownSync(DIR_POSTGRES, id('-u'), id('-g'))
    }
    console.log('Creando el PostgreSQL propio de la prueba (initdb)…')
    ejecutar('initdb', [
      '-D',
      DIR_POSTGRES,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ])
  }
  const puerto = await freePort()
  // A quarter of the memory, the usual advice; at least enough for the million-patient set (~2 GB).
  const mb = Math.max(3072, Math.floor(totalmem() / 4 / 2 ** 20))
  const sharedBuffers = `${mb}MB`
  const opciones = [
    `-p ${puerto}`,
    '-c listen_addresses=127.0.0.1',
    '-c unix_socket_directories=',
    `-c shared_buffers=${sharedBuffers}`,
    `-c effective_cache_size=${mb * 2}MB`,
    '-c max_wal_size=4GB',
  ].join(' ')
  ejecutar('pg_ctl', [
    '-D',
    DIR_POSTGRES,
    '-o',
    opciones,
    '-l',
    join(DIR_POSTGRES, 'registro.log'),
    '-w',
    'start',
  ])
  const url = `postgres://postgres@127.0.0.1:${puerto}/postgres`
  console.log(`PostgreSQL propio en el puerto ${puerto} (shared_buffers ${sharedBuffers}).`)
  return {
    url,
    sharedBuffers,
    async precalentar(database: string) {
      const destino = new URL(url)
      destino.pathname = `/${database}`
      const sql = postgres(destino.toString(), { max: 1, onnotice: () => {} })
      try {
        await sql`create extension if not exists pg_prewarm`
        const [f] = await sql<{ bloques: number }[]>`
          select coalesce(sum(pg_prewarm(c.oid)), 0)::int as bloques from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'i', 'm')`
        console.log(`Precalentados ${Math.round((f!.bloques * 8) / 1024)} MB en shared_buffers.`)
      } finally {
        await sql.end()
      }
    },
    detener() {
      ejecutar('pg_ctl', ['-D', DIR_POSTGRES, '-m', 'fast', '-w', 'stop'])
    },
  }
}
