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

/** A statement's plan as EXPLAIN prints it, planned with sequential scans disabled. */
async function plan(sql: Sql, s: Sentencia): Promise<string[]> {
  let lineas: string[] = []
  await sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`
    const parametros = s.parametros.map((p, i) => tx.typed(p as never, s.tipos[i] ?? 0))
    const filas = await tx.unsafe(
      `explain (format text) ${s.texto}`,
      parametros as postgres.ParameterOrJSON<never>[],
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

/** The indexes a statement's plan reads (sequential scans disabled, as above). */
export async function indicesDelPlan(sql: Sql, s: Sentencia): Promise<string[]> {
  const lineas = await plan(sql, s)
  return lineas.flatMap(
    (l) =>
      /Index (?:Only )?Scan(?: Backward)? using (\w+)/.exec(l)?.[1] ??
      /Bitmap Index Scan on (\w+)/.exec(l)?.[1] ??
      [],
  )
}
