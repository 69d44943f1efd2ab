// «Mi cuenta» calls: one's own password and sessions.
import {
  cambiarContrasenaPropiaContract,
  cerrarOtrasSesionesContract,
  cerrarSesionPropiaContract,
  listarSesionesPropiasContract,
  type CambioContrasena,
  type SesionPropia,
} from '../../../shared/mi-cuenta.js'
import { call } from '../../api.js'

export const cambiarContrasena = (body: CambioContrasena) =>
  call(cambiarContrasenaPropiaContract, { body })

export const listarSesiones = (signal?: AbortSignal): Promise<SesionPropia[]> =>
  call(listarSesionesPropiasContract, { signal })

export const cerrarSesionPropia = (id: string) =>
  call(cerrarSesionPropiaContract, { params: { id } })

export const cerrarOtrasSesiones = () => call(cerrarOtrasSesionesContract, {})
