// The plans of the statements the app really sent: a client's `debug` hook captures their text,
// parameters and types (as bench/explain.ts does), and each is then run under EXPLAIN.
import type postgres from 'postgres'
import type { Database, Sql } from '../db.js'

export interface Sentencia {
  texto: string
  parametros: unknown[]
  tipos: number[]
}

/** What EXPLAIN plans without running: reads, and the deletes and updates a change makes. */
const CONSULTA = /^\s*(select|with|delete|update)\b/i
/** postgres.js reads the array types once per new connection. */
const INTERNA = /pg_catalog\.pg_type/

/** The searches' client of a PostgreSQL database: its pool, which nothing holds. */
export const clienteBusqueda = async (db: Pick<Database, 'busqueda'>): Promise<Sql> =>
  (await db.busqueda()).sql

/** Starts capturing what these clients send; `tomar()` hands over the statements since the last call. */
export function capturar(...clientes: Sql[]): { tomar(): Sentencia[]; soltar(): void } {
  let sentencias: Sentencia[] = []
  const debug = (_c: number, texto: string, parametros: unknown[], tipos: number[]) => {
    if (CONSULTA.test(texto) && !INTERNA.test(texto)) sentencias.push({ texto, parametros, tipos })
  }
  // The options object is read on every query, so a running client picks the hook up.
  for (const c of clientes) (c.options as { debug: unknown }).debug = debug
  return {
    tomar() {
      const s = sentencias
      sentencias = []
      return s
    },
    soltar() {
      for (const c of clientes) (c.options as { debug: unknown }).debug = false
    },
  }
}

let preparadas = 0

/**
 * EXPLAIN `opciones` of the generic plan of `s`, inside the transaction `tx`: the plan a client
 * that keeps its plans may run from a statement's sixth execution on. EXPLAIN of a statement with
 * parameters plans it for their values, so `s` is prepared and executed under force_generic_plan
 * (a prepared statement outlives a rollback: each gets its own name and is deallocated).
 */
export async function explicarGenerico(
  tx: Sql,
  s: Sentencia,
  opciones: string,
): Promise<readonly object[]> {
  const nombre = `plan_generico_${++preparadas}`
  const tipos = await Promise.all(
    s.tipos.map(async (oid) =>
      oid === 0
        ? 'unknown'
        : (await tx<{ t: string }[]>`select ${oid}::oid::regtype::text as t`)[0]!.t,
    ),
  )
  const valores = s.parametros.map((p) =>
    p === null || p === undefined ? 'null' : `'${String(p).replace(/'/g, "''")}'`,
  )
  const lista = (l: string[]) => (l.length > 0 ? `(${l.join(', ')})` : '')
  const [antes] = await tx<{ modo: string }[]>`select current_setting('plan_cache_mode') as modo`
  await tx.unsafe(`prepare ${nombre}${lista(tipos)} as ${s.texto}`)
  await tx.unsafe('set local plan_cache_mode = force_generic_plan')
  const filas = await tx.unsafe(`explain ${opciones} execute ${nombre}${lista(valores)}`)
  await tx.unsafe(`deallocate ${nombre}`)
  await tx`select set_config('plan_cache_mode', ${antes!.modo}, true)`
  return filas
}

/**
 * A statement's plan as EXPLAIN prints it, planned with sequential scans disabled: for its values,
 * or with `generico` its generic plan.
 */
async function plan(sql: Sql, s: Sentencia, generico = false): Promise<string[]> {
  let lineas: string[] = []
  await sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`
    const filas = generico
      ? await explicarGenerico(tx as unknown as Sql, s, '(format text)')
      : await tx.unsafe(
          `explain (format text) ${s.texto}`,
          s.parametros.map((p, i) =>
            tx.typed(p as never, s.tipos[i] ?? 0),
          ) as postgres.ParameterOrJSON<never>[],
        )
    lineas = filas.map((f) => String(Object.values(f)[0]))
  })
  return lineas
}

/**
 * The tables of `tablas` a statement's plan reads with a Seq Scan, planned with sequential scans
 * disabled: on a test's few rows the planner would pick one anyway, so what is left is a scan
 * that no index can replace.
 */
export async function secuenciales(sql: Sql, s: Sentencia, tablas: string[]): Promise<string[]> {
  const lineas = await plan(sql, s)
  return lineas.map((l) => /Seq Scan on (\w+)/.exec(l)?.[1] ?? '').filter((t) => tablas.includes(t))
}

/** The indexes a statement's plan reads (sequential scans disabled, as above; `generico` as in plan). */
export async function indicesDelPlan(sql: Sql, s: Sentencia, generico = false): Promise<string[]> {
  const lineas = await plan(sql, s, generico)
  return lineas.flatMap(
    (l) =>
      /Index (?:Only )?Scan(?: Backward)? using (\w+)/.exec(l)?.[1] ??
      /Bitmap Index Scan on (\w+)/.exec(l)?.[1] ??
      [],
  )
}
