// A patient's entregas, each through its shared contract (docs/api.md#entregas).
import {
  listarEntregasContract,
  registrarEntregaContract,
  type EntregaImpresa,
} from '../../../shared/entregas.js'
import { call } from '../../api.js'

export const entregasDePaciente = (pacienteId: number, signal?: AbortSignal) =>
  call(listarEntregasContract, { params: { id: String(pacienteId) }, signal })

export const registrarEntrega = (pacienteId: number, body: EntregaImpresa) =>
  call(registrarEntregaContract, { params: { id: String(pacienteId) }, body })
