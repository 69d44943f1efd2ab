// Calls of the patient page: the patient with atenciones, a new atención, an estado change, the
// history of changes.
import {
  cambiarEstadoContract,
  crearAtencionContract,
  type AtencionEntrada,
} from '../../../shared/atenciones.js'
import type { Estado } from '../../../shared/catalogos.js'
import { historialPacienteContract, obtenerPacienteContract } from '../../../shared/pacientes.js'
import { call, request } from '../../api.js'

export const obtenerPaciente = (id: string, signal?: AbortSignal) =>
  call(obtenerPacienteContract, { params: { id }, signal })

export const crearAtencion = (pacienteId: number, body: AtencionEntrada) =>
  call(crearAtencionContract, { params: { id: String(pacienteId) }, body })

export const cambiarEstado = (atencionId: number, estado: Estado) =>
  call(cambiarEstadoContract, { params: { id: String(atencionId) }, body: { estado } })

/** A page of the patient's history, newest first; `url` is the previous answer's next page. */
export const historialPaciente = (pacienteId: number, url: string | null, signal?: AbortSignal) =>
  request(historialPacienteContract, {
    params: { id: String(pacienteId) },
    url: url ?? undefined,
    signal,
  })
