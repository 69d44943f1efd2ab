// Configuración › Laboratorio's calls: the catalogue as every screen reads it, and the admins'
// changes to an analito's fields and ranges, each through its shared contract.
import { analitosContract } from '../../../shared/laboratorio.js'
import type { RangoReferencia } from '../../../shared/laboratorio.js'
import {
  cambiarAnalitoContract,
  cambiarRangosContract,
  type AnalitoEntrada,
} from '../../../shared/laboratorio-config.js'
import { call } from '../../api.js'

export const leerCatalogoLaboratorio = (signal?: AbortSignal) => call(analitosContract, { signal })

export const cambiarAnalito = (id: number, body: AnalitoEntrada) =>
  call(cambiarAnalitoContract, { params: { id: String(id) }, body })

export const cambiarRangos = (id: number, rangos: RangoReferencia[]) =>
  call(cambiarRangosContract, { params: { id: String(id) }, body: { rangos } })
