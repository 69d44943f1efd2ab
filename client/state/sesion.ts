// Who is signed in, as the server told us (GET /sesion or the login answer), and the clinic's clock
// it answered with.
import { proxy, useSnapshot } from 'valtio'
import { puede, type Permiso } from '../../shared/permisos.js'
import type { Rol, SesionAbierta } from '../../shared/sesion.js'

export interface UsuarioSesion {
  usuario: string
  nombre: string
  rol: Rol
}

/** The clinic's zone, and how far the server's clock is ahead of this browser's (ms). */
export interface RelojClinica {
  zonaHoraria: string
  desfaseMs: number
}

export const sesion = proxy({
  /** `comprobando` until GET /sesion answers. */
  estado: 'comprobando' as 'comprobando' | 'activa' | 'ninguna',
  usuario: null as UsuarioSesion | null,
  reloj: null as RelojClinica | null,
})

export function iniciarSesion({ usuario, nombre, rol, reloj }: SesionAbierta): void {
  sesion.usuario = { usuario, nombre, rol }
  // A server older than this client sends no clock: lib/hoy.ts then falls back to the browser's.
  sesion.reloj = reloj
    ? { zonaHoraria: reloj.zonaHoraria, desfaseMs: Date.parse(reloj.ahora) - Date.now() }
    : null
  sesion.estado = 'activa'
}

/** Whether the signed-in role holds `permiso` (shared/permisos.ts): menus and buttons ask this. */
export function usePuede(permiso: Permiso): boolean {
  return puede(useSnapshot(sesion).usuario?.rol, permiso)
}
