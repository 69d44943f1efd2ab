// Calls of the patient page: the patient with atenciones, a new atención, a correction of an
// atención's data, the history of changes (estado changes: client/lib/estado-atencion.ts).
import {
  cambiarAtencionContract,
  crearAtencionContract,
  type AtencionEntrada,
  type CorreccionAtencion,
} from '../../../shared/atenciones.js'
import { proximasCitasContract } from '../../../shared/citas.js'
import { historialPacienteContract, obtenerPacienteContract } from '../../../shared/pacientes.js'
import { crearVisitaContract, type VisitaEntrada } from '../../../shared/visitas.js'
import { call, request } from '../../api.js'

export const obtenerPaciente = (id: string, signal?: AbortSignal) =>
  call(obtenerPacienteContract, { params: { id }, signal })

export const crearAtencion = (pacienteId: number, body: AtencionEntrada) =>
  call(crearAtencionContract, { params: { id: String(pacienteId) }, body })

export const crearVisita = (pacienteId: number, body: VisitaEntrada) =>
  call(crearVisitaContract, { params: { id: String(pacienteId) }, body })

export const corregirAtencion = (atencionId: number, body: CorreccionAtencion) =>
  call(cambiarAtencionContract, { params: { id: String(atencionId) }, body })

/** A page of the patient's history, newest first; `url` is the previous answer's next page. */
export const historialPaciente = (pacienteId: number, url: string | null, signal?: AbortSignal) =>
  request(historialPacienteContract, {
    params: { id: String(pacienteId) },
    url: url ?? undefined,
    signal,
  })

/** The patient's citas from today on (docs/api.md#próximas-citas-de-un-paciente). */
export const proximasCitas = (pacienteId: number, signal?: AbortSignal) =>
  call(proximasCitasContract, { params: { id: String(pacienteId) }, signal })
