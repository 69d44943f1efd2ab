// Configuración › Laboratorio's calls: the admins' changes to an analito's fields and ranges, each
// through its shared contract (the catalogue is read as every screen reads it, lib/laboratorio-api).
import type { RangoReferencia } from '../../../shared/laboratorio.js'
import {
  cambiarAnalitoContract,
  cambiarRangosContract,
  type AnalitoEntrada,
} from '../../../shared/laboratorio-config.js'
import { call } from '../../api.js'

export const cambiarAnalito = (id: number, body: AnalitoEntrada) =>
  call(cambiarAnalitoContract, { params: { id: String(id) }, body })

export const cambiarRangos = (id: number, rangos: RangoReferencia[]) =>
  call(cambiarRangosContract, { params: { id: String(id) }, body: { rangos } })
