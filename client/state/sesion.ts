// Who is signed in, as the server told us (GET /sesion or the login answer).
import { proxy } from 'valtio'

export interface UsuarioSesion {
  usuario: string
  nombre: string
  rol: string
}

export const sesion = proxy({
  /** `comprobando` until GET /sesion answers. */
  estado: 'comprobando' as 'comprobando' | 'activa' | 'ninguna',
  usuario: null as UsuarioSesion | null,
})

export function iniciarSesion(usuario: UsuarioSesion): void {
  sesion.usuario = usuario
  sesion.estado = 'activa'
}
