// The bench's data: its own database (created when missing), loaded through `npm run seed` up to
// the asked number of patients and reused when it already holds them.
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import postgres from 'postgres'
import { clientOptions, openDatabase, type Sql } from '../server/db.js'
import { ROOT } from '../server/paths.js'

/** Creates the database of `url` on its server if it does not exist yet. */
export async function asegurarBaseDeDatos(url: string): Promise<void> {
  const destino = new URL(url)
  const nombre = decodeURIComponent(destino.pathname.replace(/^\//, ''))
  if (!/^[a-z_][a-z0-9_]*$/.test(nombre))
    throw new Error(`Nombre de base de datos no admitido: "${nombre}"`)
  if (nombre === 'test' || nombre === 'postgres') {
    throw new Error(
      `La prueba de rendimiento no carga datos en la base "${nombre}": use una propia (p. ej. clinica_bench)`,
    )
  }
  const servidor = new URL(url)
  servidor.pathname = '/postgres'
  const admin = postgres(servidor.toString(), { max: 1, onnotice: () => {} })
  try {
    const [existe] = await admin`select 1 from pg_database where datname = ${nombre}`
    if (!existe) {
      await admin.unsafe(`create database ${nombre}`)
      console.log(`Base de datos ${nombre} creada.`)
    }
  } finally {
    await admin.end()
  }
}

export interface Conteo {
  pacientes: number
  atenciones: number
}

/** Exact counts; zero when the tables do not exist yet. */
export async function contar(sql: Sql): Promise<Conteo> {
  const [t] = await sql<
    { existe: boolean }[]
  >`select to_regclass('public.atenciones') is not null as existe`
  if (!t?.existe) return { pacientes: 0, atenciones: 0 }
  const [f] = await sql<Conteo[]>`
    select (select count(*) from pacientes)::int as pacientes, (select count(*) from atenciones)::int as atenciones`
  return f!
}

/** Runs `npm run seed -- --pacientes N` with the bench's database settings; its progress bar shows. */
export function sembrar(env: NodeJS.ProcessEnv, pacientes: number): Promise<void> {
  console.log(`Cargando ${pacientes.toLocaleString('es-PE')} pacientes con npm run seed…`)
  return new Promise((resolve, reject) => {
    const hijo = spawn('npm', ['run', 'seed', '--silent', '--', '--pacientes', String(pacientes)], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    })
    hijo.on('error', reject)
    hijo.on('exit', (codigo) =>
      codigo === 0 ? resolve() : reject(new Error(`npm run seed terminó con código ${codigo}`)),
    )
  })
}

/** Statistics for the planner after a bulk load (autovacuum may not have caught up yet). */
export async function analizar(sql: Sql): Promise<void> {
  await sql
    .unsafe('vacuum (analyze) pacientes, atenciones, pacientes_sin_atencion, muestras, resultados')
    .simple()
}

/** Whether the tables were never analysed (a load the planner has not seen). */
export async function sinEstadisticas(sql: Sql): Promise<boolean> {
  const filas = await sql<{ relname: string }[]>`
    select relname from pg_stat_user_tables
    where relname in ('pacientes', 'atenciones') and last_analyze is null and last_autoanalyze is null`
  return filas.length > 0
}

export interface Conexion {
  sql: Sql
  cerrar(): Promise<void>
}

/**
 * The bench's own client of either home, with the search's planner settings (its plans are the
 * ones checked) and `debug` to capture statements. On the embedded home the database is opened
 * here (the server must not be running) and the client goes over its socket; it is the only
 * client that talks to it.
 */
export async function conectar(
  destino: { databaseUrl: string | undefined; dataDir: string },
  max: number,
  debug?: postgres.Options<Record<string, never>>['debug'],
  statementTimeoutMs?: number,
): Promise<Conexion> {
  if (destino.databaseUrl) {
    const opciones = clientOptions(max, { busqueda: true })
    // A cut-off naive query must not keep running in PostgreSQL while the product is measured.
    const connection = {
      ...opciones.connection,
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    }
    const sql = postgres(destino.databaseUrl, { ...opciones, connection, debug })
    return { sql, cerrar: () => sql.end({ timeout: 5 }) }
  }
  const db = await openDatabase(destino)
  const sql = postgres({
    ...clientOptions(1, { busqueda: true }),
    path: join(resolve(destino.dataDir), '.s.PGSQL.5432'),
    user: 'postgres',
    database: 'postgres',
    debug,
  })
  return {
    sql,
    async cerrar() {
      await sql.end({ timeout: 5 })
      await db.close()
    },
  }
}

export interface Bloques {
  leidos: number
  enCache: number
}

/** Blocks this database read from outside shared_buffers, and found in them, so far. */
export async function bloques(sql: Sql): Promise<Bloques> {
  await sql`select pg_stat_clear_snapshot()`
  const [f] = await sql<{ leidos: string; enCache: string }[]>`
    select blks_read as leidos, blks_hit as en_cache from pg_stat_database where datname = current_database()`
  return { leidos: Number(f?.leidos ?? 0), enCache: Number(f?.enCache ?? 0) }
}
