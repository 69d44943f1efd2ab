// The ticket's turno (migration 0079): taken when an atención is registered at a sede and clinic
// day, or moved to another, and then kept. The day is reckoned in the clinic's zone, which only
// the server knows, so every statement that places an atención passes it here.
import type postgres from 'postgres'
import type { Sql } from '../db.js'

type Valor = postgres.Fragment | string | number | Date | null

/** The number an atención takes at `sede` arriving at `llegada`: its visit's there, or the day's next. */
export function turnoAlRegistrar(
  sql: Sql,
  sede: Valor,
  llegada: Valor,
  visita: Valor,
  tz: string,
): postgres.Fragment {
  return sql`turno_de((${sede})::text, ((${llegada})::timestamptz at time zone ${tz})::date, (${visita})::int, ${tz})`
}

/**
 * `numero_turno`'s value in an update of atención `a` that may move it to `sede` and `llegada`: a
 * new number when the sede or the clinic day changes, its own otherwise (none, for an atención from
 * before numbers were kept that stays put: its ticket counts as it did).
 */
export function turnoAlMover(sql: Sql, sede: Valor, llegada: Valor, tz: string): postgres.Fragment {
  return sql`case
    when (${sede})::text = a.sede
      and ((${llegada})::timestamptz at time zone ${tz})::date = (a.llegada at time zone ${tz})::date
    then a.numero_turno
    else ${turnoAlRegistrar(sql, sede, llegada, sql`a.visita`, tz)} end`
}
