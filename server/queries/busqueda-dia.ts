// One day's atenciones in the order they are attended (docs/datos.md#orden-de-atención): the
// waiting room's view of the worklist. A day at a sede is a short range of the sede's arrivals
// (atenciones_sede_llegada_idx), read whole and sorted, so it needs no strategy and no cursor.
import { TOPE_DIA, type FiltrosBusqueda } from '../../shared/busqueda.js'
import type { Sql } from '../db.js'
import { condicionesPaciente, condicionesVisita, y } from './busqueda-condiciones.js'
import { filasEnOrden, leerFilas, type BusquedaFilaBd } from './busqueda-filas.js'

/**
 * The sections of the day, in their order: who waits, who is being attended, the citas still to
 * arrive, then the ones done or closed. Within the first three, Emergencia, then Urgente, then
 * the longest waiting (for a cita, the earliest booked); the closed ones, the latest first.
 */
const ORDEN = `
  case a.estado when 'En espera' then 0 when 'En proceso' then 1 when 'Programado' then 2 else 3 end,
  case when a.estado in ('En espera', 'En proceso', 'Programado')
    then case a.prioridad when 'Emergencia' then 0 when 'Urgente' then 1 else 2 end end,
  case when a.estado in ('En espera', 'En proceso', 'Programado') then a.llegada end,
  a.llegada desc,
  a.id`

/** The day's rows (at most TOPE_DIA + 1, to know that there were more) in attention order. */
export async function buscarDia(
  sql: Sql,
  f: FiltrosBusqueda,
  tz: string,
): Promise<BusquedaFilaBd[]> {
  const condiciones = [...condicionesVisita(sql, f, tz), ...condicionesPaciente(sql, f, 'a')]
  const claves = sql`(
    select a.paciente_id as id, a.id as atencion_id, a.llegada as instante, 1 as tipo,
      a.id as clave_id, row_number() over (order by ${sql.unsafe(ORDEN)}) as puesto
    from atenciones a
    where ${y(sql, condiciones)}
    order by puesto
    limit ${TOPE_DIA + 1}
  )`
  const [fila] = await sql<{ filas: string }[]>`${filasEnOrden(sql, claves, sql`x.puesto`, tz)}`
  return leerFilas(fila!.filas)
}
