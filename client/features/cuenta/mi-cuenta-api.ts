// «Mi cuenta» calls: one's own password and sessions, and a médico's signature-and-stamp image.
import {
  cambiarContrasenaPropiaContract,
  cambiarFirmaContract,
  cerrarOtrasSesionesContract,
  cerrarSesionPropiaContract,
  cuentaPropiaContract,
  listarSesionesPropiasContract,
  quitarFirmaContract,
  type CambioContrasena,
  type Cuenta,
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

export const leerCuenta = (signal?: AbortSignal): Promise<Cuenta> =>
  call(cuentaPropiaContract, { signal })

/** `imagen`: the file as a data URL (PNG or JPEG). */
export const cambiarFirma = (imagen: string): Promise<Cuenta> =>
  call(cambiarFirmaContract, { body: { imagen } })

export const quitarFirma = (): Promise<Cuenta> => call(quitarFirmaContract, {})
