// Calls of the patient page: the patient with atenciones, a new atención, an estado change and its
// undoing, a correction of an atención's data, the history of changes.
import {
  cambiarAtencionContract,
  crearAtencionContract,
  deshacerCambioContract,
  type AtencionEntrada,
  type CorreccionAtencion,
} from '../../../shared/atenciones.js'
import type { Estado } from '../../../shared/catalogos.js'
import { historialPacienteContract, obtenerPacienteContract } from '../../../shared/pacientes.js'
import { call, request } from '../../api.js'

export const obtenerPaciente = (id: string, signal?: AbortSignal) =>
  call(obtenerPacienteContract, { params: { id }, signal })

export const crearAtencion = (pacienteId: number, body: AtencionEntrada) =>
  call(crearAtencionContract, { params: { id: String(pacienteId) }, body })

/** `desde` is the estado the page shows: if someone changed it meanwhile, the server says so (409). */
export const cambiarEstado = (
  atencionId: number,
  cambio: { estado: Estado; desde: Estado; motivo?: string },
) => call(cambiarAtencionContract, { params: { id: String(atencionId) }, body: cambio })

export const deshacerCambio = (atencionId: number, estado: Estado) =>
  call(deshacerCambioContract, { params: { id: String(atencionId) }, body: { estado } })

export const corregirAtencion = (atencionId: number, body: CorreccionAtencion) =>
  call(cambiarAtencionContract, { params: { id: String(atencionId) }, body })

/** A page of the patient's history, newest first; `url` is the previous answer's next page. */
export const historialPaciente = (pacienteId: number, url: string | null, signal?: AbortSignal) =>
  request(historialPacienteContract, {
    params: { id: String(pacienteId) },
    url: url ?? undefined,
    signal,
  })
