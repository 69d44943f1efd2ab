// The médico solicitante an atención names: one of the catalogue, active when it is chosen. A
// correction may keep the one the atención already has, though deactivated since (as its sede).
import type { ErrorCampo } from '../../shared/contract.js'
import { MENSAJES_MEDICOS as M } from '../../shared/medico-solicitante.js'
import type { Sql } from '../db.js'
import { medicoPorId } from '../queries/medicos-solicitantes.js'

/** What is wrong with naming `id` (null or absent: none), or nothing; `actual`, the one it has. */
export async function erroresSolicitante(
  sql: Sql,
  id: number | null | undefined,
  actual: number | null = null,
): Promise<ErrorCampo[]> {
  if (id === undefined || id === null || id === actual) return []
  const m = await medicoPorId(sql, id)
  if (!m) return [{ campo: 'solicitanteId', mensaje: M.solicitanteNoExiste }]
  return m.activo ? [] : [{ campo: 'solicitanteId', mensaje: M.solicitanteInactivo(m) }]
}
