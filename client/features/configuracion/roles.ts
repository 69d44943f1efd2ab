// How each role reads on screen, as the sidebar's user area names it.
import type { Rol } from '../../../shared/sesion.js'

export const ROL_ETIQUETA: Record<Rol, string> = {
  admin: 'Administrador',
  personal: 'Personal',
}
