// The audit trail's calls (admins only), through their shared contracts.
import { listarAuditoriaContract, type AuditoriaQuery } from '../../../shared/auditoria.js'
import { request } from '../../api.js'
import type { FiltrosAuditoria } from './filtros-auditoria.js'

/** A page of events, newest first: the filters' first page, or `url`, a previous answer's next. */
export const listarAuditoria = (
  filtros: FiltrosAuditoria,
  url: string | null,
  signal?: AbortSignal,
) =>
  request(listarAuditoriaContract, {
    query: filtros as Partial<AuditoriaQuery>,
    url: url ?? undefined,
    signal,
  })
