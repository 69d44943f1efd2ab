// A request's audit event: who (the signed-in user), from where (its address), what and on which
// patient. The event is written by the queries (queries/auditoria.ts), with the work it records.
import type { FastifyRequest } from 'fastify'
import type { AccionAuditoria } from '../../shared/auditoria.js'
import type { Sql } from '../db.js'
import { registrarEvento, type Evento } from '../queries/auditoria.js'

type Extra = Pick<Evento, 'pacienteId' | 'detalle'>

/** An event by the signed-in user of `request`, from its address. */
export function eventoDe(
  request: FastifyRequest,
  accion: AccionAuditoria,
  extra: Extra = {},
): Evento {
  return {
    accion,
    usuarioId: request.usuario?.id ?? null,
    usuario: request.usuario?.usuario ?? null,
    direccion: request.direccion,
    ...extra,
  }
}

/** Records an event by the signed-in user of `request`, from its address. */
export function auditar(
  sql: Sql,
  request: FastifyRequest,
  accion: AccionAuditoria,
  extra: Extra = {},
): Promise<void> {
  return registrarEvento(sql, eventoDe(request, accion, extra))
}

/** A search's filters for the trail: the values given, without the empty ones. */
export function filtrosDe(query: object | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  )
}
