// Templates, phrases and the viewer's address as admins change them (shared/plantillas.ts).
import type { ContenidoInforme } from '../../../shared/informes.js'
import {
  borrarFraseContract,
  cambiarFraseContract,
  crearFraseContract,
  guardarPlantillaContract,
  guardarVisorContract,
  listarFrasesContract,
  obtenerPlantillaContract,
  obtenerVisorContract,
  type FraseEntrada,
} from '../../../shared/plantillas.js'
import { call } from '../../api.js'

const id = (n: number) => ({ id: String(n) })

export const leerPlantilla = (estudioId: number, signal?: AbortSignal) =>
  call(obtenerPlantillaContract, { params: id(estudioId), signal })

export const guardarPlantilla = (estudioId: number, contenido: ContenidoInforme) =>
  call(guardarPlantillaContract, { params: id(estudioId), body: { contenido } })

export const listarFrases = (signal?: AbortSignal) => call(listarFrasesContract, { signal })

export const crearFrase = (body: FraseEntrada) => call(crearFraseContract, { body })

export const cambiarFrase = (fraseId: number, body: FraseEntrada) =>
  call(cambiarFraseContract, { params: id(fraseId), body })

export const borrarFrase = (fraseId: number) => call(borrarFraseContract, { params: id(fraseId) })

export const leerVisor = (signal?: AbortSignal) => call(obtenerVisorContract, { signal })

export const guardarVisor = (url: string | null) => call(guardarVisorContract, { body: { url } })
