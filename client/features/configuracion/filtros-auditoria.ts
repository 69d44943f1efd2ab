// The audit screen's filters live in the URL query, as the worklist's do (lib/filtros-busqueda.ts):
// a filtered trail can be bookmarked, sent to a colleague and undone with Back.
import type { AuditoriaQuery } from '../../../shared/auditoria.js'

export const CAMPOS_AUDITORIA = ['usuario', 'pacienteId', 'accion', 'desde', 'hasta'] as const

export type CampoAuditoria = (typeof CAMPOS_AUDITORIA)[number] & keyof AuditoriaQuery
export type FiltrosAuditoria = Record<CampoAuditoria, string>

export function leerFiltrosAuditoria(search: string): FiltrosAuditoria {
  const q = new URLSearchParams(search)
  return Object.fromEntries(CAMPOS_AUDITORIA.map((c) => [c, q.get(c) ?? ''])) as FiltrosAuditoria
}

/** Query string ('' or 'a=b&…') with the non-empty filters only, in a stable order. */
export function escribirFiltrosAuditoria(f: Partial<FiltrosAuditoria>): string {
  const q = new URLSearchParams()
  for (const c of CAMPOS_AUDITORIA) {
    const v = (f[c] ?? '').trim()
    if (v) q.set(c, v)
  }
  return q.toString()
}
