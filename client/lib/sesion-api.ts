// Session calls: log in, who am I (at start-up), log out.
import {
  cerrarSesionContract,
  iniciarSesionContract,
  sesionActualContract,
  type Credenciales,
  type SesionAbierta,
} from '../../shared/sesion.js'
import { ApiError, call } from '../api.js'
import { descartarBorrador } from '../state/borrador.js'
import { iniciarSesion, sesion } from '../state/sesion.js'

export function entrar(credenciales: Credenciales): Promise<SesionAbierta> {
  return call(iniciarSesionContract, { body: credenciales })
}

/** Asks the server who is signed in; a 401 (or no server) leaves the app signed out. */
export async function comprobarSesion(): Promise<void> {
  try {
    iniciarSesion(await call(sesionActualContract, {}))
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) console.error(err)
    sesion.usuario = null
    sesion.estado = 'ninguna'
  }
}

/**
 * Ends the session on the server; signed out locally even if the server cannot be reached. A form
 * kept for after the login (state/borrador.ts) goes too: logging out is leaving it on purpose.
 */
export async function cerrarSesion(): Promise<void> {
  try {
    await call(cerrarSesionContract, {})
  } catch {
    // already expired (401) or offline: nothing more to end
  }
  sesion.usuario = null
  sesion.estado = 'ninguna'
  descartarBorrador()
}
