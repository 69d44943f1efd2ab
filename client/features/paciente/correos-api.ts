// The patient's emails about their signed documents, each through its shared contract
// (docs/api.md#correos).
import {
  listarCorreosContract,
  pedirCorreoContract,
  type PedirCorreo,
} from '../../../shared/correos.js'
import { call } from '../../api.js'

export const correosDePaciente = (pacienteId: number, signal?: AbortSignal) =>
  call(listarCorreosContract, { params: { id: String(pacienteId) }, signal })

export const pedirCorreo = (pacienteId: number, body: PedirCorreo) =>
  call(pedirCorreoContract, { params: { id: String(pacienteId) }, body })
