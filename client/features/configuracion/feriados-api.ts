// Feriados (shared/feriados.ts): the year's list, the clinic's own added and removed, any worked.
import {
  borrarFeriadoContract,
  cambiarFeriadoContract,
  crearFeriadoContract,
  listarFeriadosContract,
  type FeriadoEntrada,
} from '../../../shared/feriados.js'
import { call } from '../../api.js'

export const listarFeriados = (anio: number, signal?: AbortSignal) =>
  call(listarFeriadosContract, { query: { anio: String(anio) }, signal })

export const crearFeriado = (body: FeriadoEntrada) => call(crearFeriadoContract, { body })

export const cambiarFeriado = (id: number, atiende: boolean) =>
  call(cambiarFeriadoContract, { params: { id: String(id) }, body: { atiende } })

export const borrarFeriado = (id: number) =>
  call(borrarFeriadoContract, { params: { id: String(id) } })
