// One day's atenciones in the order they are attended (docs/datos.md#orden-de-atención): the
// waiting room's view of the worklist, a page at a time. Each section and urgency is a range of
// atenciones_orden_atencion_idx read in order, at most a page of it, and the ranges are merged:
// a page costs the same on a day of twenty atenciones as on one of fifty thousand.
import type postgres from 'postgres'
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import type { Estado, Prioridad } from '../../shared/catalogos.js'
import type { Sql } from '../db.js'
import { condicionesPaciente, condicionesVisita, y } from './busqueda-condiciones.js'
import { filasEnOrden, leerFilas, type BusquedaFilaBd } from './busqueda-filas.js'
import { instanteDe, type Clave } from './clave.js'

/** The open sections in their order: who waits, who is being attended, who is still to arrive. */
const ABIERTOS: readonly Estado[] = ['En espera', 'En proceso', 'Programado']
/** The closed section (done, cancelled, missed), after them. */
const CERRADAS = ABIERTOS.length
/** Within an open section, these first, in this order; the rest after them. */
const URGENCIAS: readonly Prioridad[] = ['Emergencia', 'Urgente']

/**
 * The index's two expressions, as migration 0039 writes them: the planner matches the text, so
 * they are kept here as text, not built from the lists above (a test checks the plan uses it).
 */
const GRUPO = `case a.estado when 'En espera' then 0 when 'En proceso' then 1 when 'Programado' then 2 else 3 end`
const RANGO = `case when a.estado in ('En espera', 'En proceso', 'Programado')
    then case a.prioridad when 'Emergencia' then 0 when 'Urgente' then 1 else 2 end else 0 end`

/** A row's section and its urgency within it (0 for a closed one), as GRUPO and RANGO say. */
export const grupoDe = (estado: Estado): number => {
  const i = ABIERTOS.indexOf(estado)
  return i < 0 ? CERRADAS : i
}
export const rangoDe = (estado: Estado, prioridad: Prioridad): number => {
  if (grupoDe(estado) === CERRADAS) return 0
  const i = URGENCIAS.indexOf(prioridad)
  return i < 0 ? URGENCIAS.length : i
}

/** A row's key in this order: its arrival, its section, its urgency and its id. */
export const claveDia = (f: BusquedaFilaBd): Clave => [
  f.clave,
  grupoDe(f.estado!),
  rangoDe(f.estado!, f.prioridad!),
  f.claveId,
]

/** Every (section, urgency) pair, in the order of the day. */
const TRAMOS: readonly [number, number][] = [
  ...ABIERTOS.flatMap((_, g) => [...URGENCIAS, null].map((_, r): [number, number] => [g, r])),
  [CERRADAS, 0],
]

/**
 * `n` rows of the day (a page and one more, to know there is a next) after `despues`: in an open
 * section, the longest waiting first; in the closed one, the latest first.
 */
export async function buscarDia(
  sql: Sql,
  f: FiltrosBusqueda,
  n: number,
  despues: Clave | null,
  tz: string,
): Promise<BusquedaFilaBd[]> {
  const filtros = [...condicionesVisita(sql, f, tz), ...condicionesPaciente(sql, f, 'a')]
  const [, cg = -1, cr = -1, cid = 0] = despues ?? []
  const tramo = ([g, r]: [number, number], orden: number) => {
    const cerrada = g === CERRADAS
    // The tramo of the previous page's last row goes on after it; the ones before it are done.
    const desde: postgres.Fragment[] =
      g === cg && r === cr
        ? [
            cerrada
              ? sql`(a.llegada, a.id) < (${instanteDe(sql, despues!)}, ${cid})`
              : sql`(a.llegada, a.id) > (${instanteDe(sql, despues!)}, ${cid})`,
          ]
        : []
    const sentido = cerrada ? sql`desc` : sql`asc`
    return sql`(
      select a.paciente_id as id, a.id as atencion_id, a.llegada as instante, 1 as tipo,
        a.id as clave_id, ${orden}::int as tramo,
        row_number() over (order by a.llegada ${sentido}, a.id ${sentido}) as dentro
      from atenciones a
      where (${sql.unsafe(GRUPO)}) = ${g} and (${sql.unsafe(RANGO)}) = ${r}
        and ${y(sql, [...filtros, ...desde])}
      order by a.llegada ${sentido}, a.id ${sentido}
      limit ${n}
    )`
  }
  const vigentes = TRAMOS.map((t, i) => [t, i] as const).filter(
    ([[g, r]]) => g > cg || (g === cg && r >= cr),
  )
  const union = vigentes.map(([t, i]) => tramo(t, i)).reduce((acc, q) => sql`${acc} union all ${q}`)
  const claves = sql`(
    select u.*, row_number() over (order by u.tramo, u.dentro) as puesto
    from (${union}) u
    order by u.tramo, u.dentro
    limit ${n}
  )`
  const [fila] = await sql<{ filas: string }[]>`${filasEnOrden(sql, claves, sql`x.puesto`, tz)}`
  return leerFilas(fila!.filas)
}
