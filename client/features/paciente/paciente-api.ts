// Calls of the patient page: the patient with atenciones, a new atención, an estado change.
import {
  cambiarEstadoContract,
  crearAtencionContract,
  type AtencionEntrada,
} from '../../../shared/atenciones.js'
import type { Estado } from '../../../shared/catalogos.js'
import { obtenerPacienteContract } from '../../../shared/pacientes.js'
import { call } from '../../api.js'

export const obtenerPaciente = (id: string, signal?: AbortSignal) =>
  call(obtenerPacienteContract, { params: { id }, signal })

export const crearAtencion = (pacienteId: number, body: AtencionEntrada) =>
  call(crearAtencionContract, { params: { id: String(pacienteId) }, body })

export const cambiarEstado = (atencionId: number, estado: Estado) =>
  call(cambiarEstadoContract, { params: { id: String(atencionId) }, body: { estado } })
