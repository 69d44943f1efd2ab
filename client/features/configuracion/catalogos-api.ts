// The admins' catalogue calls (sedes, modalities, salas and their bloqueos, estudios), each through
// its shared contract. Whoever calls a change then revalidates the catalogues, so the atención form
// and the search's filters see it.
import {
  cambiarEstudioContract,
  cambiarModalidadContract,
  cambiarSalaContract,
  cambiarSedeContract,
  crearEstudioContract,
  crearModalidadContract,
  crearSalaContract,
  crearSedeContract,
  listarEstudiosContract,
  listarModalidadesContract,
  listarSalasContract,
  listarSedesContract,
  type CambioEstudio,
  type CambioModalidad,
  type CambioSala,
  type CambioSede,
  type NuevaModalidad,
  type NuevaSala,
  type NuevoEstudio,
} from '../../../shared/configuracion.js'
import {
  borrarBloqueoContract,
  crearBloqueoContract,
  listarBloqueosContract,
  type BloqueoEntrada,
} from '../../../shared/bloqueos.js'
import { call } from '../../api.js'

export const listarSedes = (signal?: AbortSignal) => call(listarSedesContract, { signal })

export const crearSede = (nombre: string) => call(crearSedeContract, { body: { nombre } })

export const cambiarSede = (nombre: string, body: CambioSede) =>
  call(cambiarSedeContract, { params: { nombre }, body })

export const listarModalidades = (signal?: AbortSignal) =>
  call(listarModalidadesContract, { signal })

export const crearModalidad = (body: NuevaModalidad) => call(crearModalidadContract, { body })

export const cambiarModalidad = (valor: string, body: CambioModalidad) =>
  call(cambiarModalidadContract, { params: { valor }, body })

export const listarSalas = (signal?: AbortSignal) => call(listarSalasContract, { signal })

export const crearSala = (body: NuevaSala) => call(crearSalaContract, { body })

export const cambiarSala = (id: number, body: CambioSala) =>
  call(cambiarSalaContract, { params: { id: String(id) }, body })

export const listarEstudios = (signal?: AbortSignal) => call(listarEstudiosContract, { signal })

export const crearEstudio = (body: NuevoEstudio) => call(crearEstudioContract, { body })

export const cambiarEstudio = (id: number, body: CambioEstudio) =>
  call(cambiarEstudioContract, { params: { id: String(id) }, body })

export const listarBloqueos = (salaId: number, signal?: AbortSignal) =>
  call(listarBloqueosContract, { params: { id: String(salaId) }, signal })

export const crearBloqueo = (salaId: number, body: BloqueoEntrada) =>
  call(crearBloqueoContract, { params: { id: String(salaId) }, body })

export const borrarBloqueo = (id: number) =>
  call(borrarBloqueoContract, { params: { id: String(id) } })
