// The merge and duplicates calls of this feature, each through its shared contract.
import type { BodyOf } from '../../../shared/contract.js'
import {
  descartarDuplicadoContract,
  deshacerFusionContract,
  fusionarContract,
  listarDuplicadosContract,
  listarFusionesContract,
} from '../../../shared/fusiones.js'
import { obtenerPacienteContract } from '../../../shared/pacientes.js'
import { call, request } from '../../api.js'

/** A page of pairs, worst first; `url` is the previous answer's next page. */
export const listarDuplicados = (url: string | null, signal?: AbortSignal) =>
  request(listarDuplicadosContract, { url: url ?? undefined, signal })

export const descartarDuplicado = (body: BodyOf<typeof descartarDuplicadoContract>) =>
  call(descartarDuplicadoContract, { body })

/** A page of merges, newest first. */
export const listarFusiones = (url: string | null, signal?: AbortSignal) =>
  request(listarFusionesContract, { url: url ?? undefined, signal })

export const fusionar = (body: BodyOf<typeof fusionarContract>) => call(fusionarContract, { body })

export const deshacerFusion = (id: number) =>
  call(deshacerFusionContract, { params: { id: String(id) } })

export const obtenerPaciente = (id: number | string, signal?: AbortSignal) =>
  call(obtenerPacienteContract, { params: { id: String(id) }, signal })
