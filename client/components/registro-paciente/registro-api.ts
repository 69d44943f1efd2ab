// The calls of the patient registration and correction form, each through its shared contract.
import type { Paciente } from '../../../shared/paciente-datos.js'
import {
  crearPacienteContract,
  editarPacienteContract,
  obtenerPacienteContract,
  pacientePorDocumentoContract,
  posiblesDuplicadosContract,
  type DocumentoQuery,
  type DuplicadosQuery,
  type PacienteCambio,
  type PacienteDetalle,
} from '../../../shared/pacientes.js'
import type { BodyOf } from '../../../shared/contract.js'
import { call, request } from '../../api.js'

export const crearPaciente = (body: BodyOf<typeof crearPacienteContract>) =>
  call(crearPacienteContract, { body })

/** The patient to correct and its version (the answer's ETag), which the correction must name. */
export async function obtenerParaEditar(
  id: string,
  signal?: AbortSignal,
): Promise<{ paciente: PacienteDetalle; etag: string }> {
  const { data, response } = await request(obtenerPacienteContract, { params: { id }, signal })
  return { paciente: data, etag: response.headers.get('etag') ?? '' }
}

/** A correction of the fields in `cambios`, made against the version `etag` names. */
export async function editarPaciente(
  id: number,
  cambios: PacienteCambio,
  etag: string,
): Promise<{ paciente: Paciente; etag: string }> {
  const { data, response } = await request(editarPacienteContract, {
    params: { id: String(id) },
    body: cambios,
    headers: { 'if-match': etag },
  })
  return { paciente: data, etag: response.headers.get('etag') ?? etag }
}

export const posiblesDuplicados = (query: DuplicadosQuery, signal?: AbortSignal) =>
  call(posiblesDuplicadosContract, { query, signal })

/** The patient who already has this document: an empty list when nobody has it. */
export const pacientePorDocumento = (query: DocumentoQuery, signal?: AbortSignal) =>
  call(pacientePorDocumentoContract, { query, signal })
