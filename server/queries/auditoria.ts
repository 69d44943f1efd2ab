// The append-only audit trail (the database refuses UPDATE, DELETE and TRUNCATE on it). A read or
// a change writes its event in its own statement (`insercionEventos`, `insercionLectura`) or
// transaction, so both happen or neither does; it records who, from where, what, on which patient.
import type postgres from 'postgres'
import type { AccionAuditoria, EventoAuditoria } from '../../shared/auditoria.js'
import type { Sql } from '../db.js'
import { consulta, nombre, t, type Trozo } from './trozo.js'

export interface Evento {
  accion: AccionAuditoria
  /** The acting account; null for a failed login of a name that does not exist, or the console. */
  usuarioId: number | null
  usuario: string | null
  direccion: string | null
  pacienteId?: number | null
  /** What was done, never a result: a search's filters, a changed field, an attempted name. */
  detalle?: Record<string, unknown> | null
}

/**
 * The insert of one event per row of `filas`, a query over the statement's own CTEs that yields
 * `paciente_id` and `detalle`: the record of what that same statement changed or read. Every
 * audit insert is this one.
 */
export function eventosTrozo(
  e: Omit<Evento, 'pacienteId' | 'detalle'>,
  filas: Trozo | postgres.Fragment,
): Trozo {
  return t`
    insert into auditoria (usuario_id, usuario, direccion, accion, paciente_id, detalle)
    select ${e.usuarioId}, ${e.usuario}, ${e.direccion}, ${e.accion}, f.paciente_id, f.detalle from (${filas}) f`
}

/** eventosTrozo as a postgres.js fragment. */
export const insercionEventos = (
  sql: Sql,
  e: Omit<Evento, 'pacienteId' | 'detalle'>,
  filas: postgres.Fragment,
): postgres.Fragment => consulta(sql, eventosTrozo(e, filas))

/** The insert of an event: a statement of its own, or a data-modifying CTE of the work it records. */
export function eventoTrozo(sql: Sql, e: Evento): Trozo {
  const detalle =
    e.detalle && Object.keys(e.detalle).length > 0
      ? sql.json(e.detalle as postgres.JSONValue)
      : null
  return eventosTrozo(
    e,
    t`select ${e.pacienteId ?? null}::bigint as paciente_id, ${detalle}::jsonb as detalle`,
  )
}

/** eventoTrozo as a postgres.js fragment. */
export const insercionEvento = (sql: Sql, e: Evento): postgres.Fragment =>
  consulta(sql, eventoTrozo(sql, e))

/** Who acts, for the audit records of a change. */
export type Quien = Omit<Evento, 'accion' | 'pacienteId' | 'detalle'>

/**
 * The record of a read, over the statement's own CTE `filas` of the rows it serves: the event's
 * detail plus how many patients those are (at most `servidos`; a page reads one row more).
 */
export function lecturaTrozo(sql: Sql, e: Evento, filas: string, servidos: number): Trozo {
  const detalle = sql.json((e.detalle ?? {}) as postgres.JSONValue)
  return eventosTrozo(
    e,
    t`
      select ${e.pacienteId ?? null}::bigint as paciente_id,
        ${detalle}::jsonb || jsonb_build_object('pacientes', least(count(*), ${servidos})) as detalle
      from ${nombre(filas)}`,
  )
}

/** lecturaTrozo as a postgres.js fragment. */
export const insercionLectura = (
  sql: Sql,
  e: Evento,
  filas: string,
  servidos: number,
): postgres.Fragment => consulta(sql, lecturaTrozo(sql, e, filas, servidos))

export async function registrarEvento(sql: Sql, e: Evento): Promise<void> {
  await consulta(sql, eventoTrozo(sql, e))
}

/** What the list and its export select: every filter optional, days at the clinic (`tz`). */
export interface FiltroAuditoria {
  usuario?: string
  pacienteId?: number
  accion?: AccionAuditoria
  /** 'YYYY-MM-DD', both days included. */
  desde?: string
  hasta?: string
  tz: string
}

/** An event's row: the answer's fields, with the bigint ids as text and the instant as read. */
interface FilaEvento extends Omit<EventoAuditoria, 'id' | 'en' | 'pacienteId'> {
  id: string
  en: Date
  pacienteId: string | null
}

/**
 * The filters as conditions. A day range is turned into instants at the clinic, so `en` is
 * compared as stored and its index (0024) can bound the read.
 */
function condiciones(sql: Sql, f: FiltroAuditoria): postgres.Fragment {
  return sql`true
    ${f.usuario !== undefined ? sql`and usuario = ${f.usuario}` : sql``}
    ${f.pacienteId !== undefined ? sql`and paciente_id = ${f.pacienteId}` : sql``}
    ${f.accion !== undefined ? sql`and accion = ${f.accion}` : sql``}
    ${f.desde !== undefined ? sql`and en >= (${f.desde}::date)::timestamp at time zone ${f.tz}` : sql``}
    ${f.hasta !== undefined ? sql`and en < (${f.hasta}::date + 1)::timestamp at time zone ${f.tz}` : sql``}`
}

/** Newest first, keyset-paged by id; one more row than asked tells whether there is a next page. */
export async function listarEventos(
  sql: Sql,
  f: FiltroAuditoria & { antesDe?: number; limite: number },
): Promise<EventoAuditoria[]> {
  const filas = await sql<FilaEvento[]>`
    select id, en, usuario, direccion, accion, paciente_id, detalle from auditoria
    where ${condiciones(sql, f)}
      ${f.antesDe !== undefined ? sql`and id < ${f.antesDe}` : sql``}
    order by id desc
    limit ${f.limite + 1}`
  return filas.map((r) => ({
    id: Number(r.id),
    en: r.en.toISOString(),
    usuario: r.usuario,
    direccion: r.direccion,
    accion: r.accion,
    pacienteId: r.pacienteId === null ? null : Number(r.pacienteId),
    detalle: r.detalle,
  }))
}

/** An event as the export writes it: the day and time already at the clinic. */
export interface FilaEventoCsv {
  id: string
  fecha: string
  hora: string
  usuario: string | null
  direccion: string | null
  accion: string
  pacienteId: string | null
  detalle: Record<string, unknown> | null
}

/** Events read for one cursor batch of the export. */
export const EVENTOS_POR_LOTE = 1000

/**
 * Records the export, with how many events it holds, in its own statement before any row of it
 * is read: if the event cannot be written, the file is not served. The export's own event is
 * newer than what it selects, so the file never lists itself.
 */
export async function registrarExportacionAuditoria(
  sql: Sql,
  f: FiltroAuditoria,
  evento: Evento,
): Promise<{ id: number; eventos: number }> {
  const r = await registrarConRecuento<'eventos'>(
    sql,
    evento,
    sql`jsonb_build_object('eventos', count(*))`,
    sql`auditoria where ${condiciones(sql, f)}`,
  )
  return { id: Number(r.id), eventos: r.detalle.eventos }
}

/**
 * An export's event, not on one patient, in one statement with what it counts: `recuento` (a
 * jsonb object of aggregates over `desde`, a FROM clause, with the keys `K`) joins the event's
 * detail. Answers the event's id and its detail: the counts, as numbers, beside the event's own.
 */
export async function registrarConRecuento<K extends string>(
  sql: Sql,
  evento: Evento,
  recuento: postgres.Fragment,
  desde: postgres.Fragment,
): Promise<{ id: string; detalle: Record<K, number> & Record<string, unknown> }> {
  const detalle = sql.json((evento.detalle ?? {}) as postgres.JSONValue)
  const insercion = eventosTrozo(
    evento,
    t`select null::bigint as paciente_id, ${detalle}::jsonb || ${recuento} as detalle
      from ${desde}`,
  )
  const [r] = await consulta<
    { id: string; detalle: Record<K, number> & Record<string, unknown> }[]
  >(
    sql,
    t`
    with registro as (${insercion} returning id, detalle)
    select id, detalle from registro`,
  )
  return r!
}

/** The matching events older than `hastaId` (the export's own), newest first, a batch at a time. */
export function leerEventosCsv(
  sql: Sql,
  f: FiltroAuditoria,
  hastaId: number,
): AsyncIterable<FilaEventoCsv[]> {
  return sql<FilaEventoCsv[]>`
    select id,
      to_char(en at time zone ${f.tz}, 'YYYY-MM-DD') as fecha,
      to_char(en at time zone ${f.tz}, 'HH24:MI:SS') as hora,
      usuario, direccion, accion, paciente_id, detalle
    from auditoria
    where ${condiciones(sql, f)} and id < ${hastaId}
    order by id desc`.cursor(EVENTOS_POR_LOTE)
}
