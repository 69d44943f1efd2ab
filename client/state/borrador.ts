// A form's values while it is being filled, in this page's memory only: never localStorage,
// sessionStorage or IndexedDB, which outlive the page and hold a patient's data for anyone using
// the computer next. When the session ends under the form (it expired, or was closed in another
// tab) the values stay here, and after logging in again as the same user the form comes back as
// it was (docs/producto.md#sesión-caducada). Every other way out of the form drops them: saving,
// Cancelar, leaving it, logging out, another user logging in, closing or reloading the tab.
import { proxy, ref } from 'valtio'

interface Borrador {
  /** The page the form is on: where the login comes back to. */
  donde: string
  usuario: string
  datos: object
}

const estado = proxy({ borrador: null as Borrador | null })

export function guardarBorrador(donde: string, usuario: string, datos: object): void {
  // ref(): plain values, not watched by valtio.
  estado.borrador = ref({ donde, usuario, datos })
}

/** The values kept for this page and this user; any other draft is dropped. */
export function tomarBorrador<T extends object>(donde: string, usuario: string): T | null {
  const b = estado.borrador
  if (!b) return null
  if (b.donde === donde && b.usuario === usuario) return b.datos as T
  estado.borrador = null
  return null
}

export function descartarBorrador(): void {
  estado.borrador = null
}
