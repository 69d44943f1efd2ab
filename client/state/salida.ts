// Leaving a form that holds values not saved asks first (docs/producto.md#salir-sin-guardar): any
// in-app link or menu entry (the router's navigations pass through `pedirSalida`), Cancelar,
// Cerrar Sesión and the browser's Back and Forward (`vigilarHistorial`). Closing or reloading the
// tab is asked by the browser (the form's beforeunload).
import { proxy } from 'valtio'
import { sesion } from './sesion.js'

export interface PreguntaSalida {
  titulo: string
  texto: string
  /** The button that goes ahead and loses the values. */
  confirmar: string
}

export const PREGUNTA_SALIR: PreguntaSalida = {
  titulo: '¿Salir sin guardar?',
  texto: 'Los datos que ingresó en el formulario no se guardaron y se perderán.',
  confirmar: 'Salir sin guardar',
}

export const salida = proxy({
  /** A form on screen holds values not saved. */
  protegida: false,
  /** The question on screen while an action waits for the answer. */
  pregunta: null as PreguntaSalida | null,
})

let pendiente: (() => void) | null = null

/** Runs `accion` at once, or after the person confirms when a form would lose its values. */
export function pedirSalida(accion: () => void, pregunta: PreguntaSalida = PREGUNTA_SALIR): void {
  // With the session gone (expired, or closed in another tab) nothing is asked: the way to the
  // login keeps the form's values for afterwards (state/borrador.ts).
  if (!salida.protegida || sesion.estado !== 'activa') return accion()
  pendiente = accion
  salida.pregunta = pregunta
}

/** The person's answer: go ahead (and lose the values) or stay on the form. */
export function responderSalida(salir: boolean): void {
  const accion = pendiente
  pendiente = null
  salida.pregunta = null
  if (!salir) return
  salida.protegida = false
  accion?.()
}

/** The address of the form being protected, to return to when Back or Forward is not confirmed. */
let direccionProtegida: string | null = null
const direccionActual = () => location.pathname + location.search + location.hash

export function protegerSalida(protegida: boolean): void {
  if (protegida && !salida.protegida) direccionProtegida = direccionActual()
  salida.protegida = protegida
}

/**
 * Back and Forward. When popstate fires the browser has already moved, so the event is kept from
 * the router (this listener, added before the router's, stops it), the form's address is put back,
 * and the question asked; going ahead moves to where the person was going. Called once, before
 * the app renders: listeners of one event run in the order they were added.
 */
export function vigilarHistorial(): void {
  const alMoverse = (evento: PopStateEvent) => {
    if (!salida.protegida || sesion.estado !== 'activa' || direccionProtegida === null) return
    evento.stopImmediatePropagation()
    // The form's address goes on top of the entry the browser moved to, so going ahead is one
    // step back to that entry, and the form stays one Forward away.
    history.pushState(null, '', direccionProtegida)
    pedirSalida(() => history.back())
  }
  addEventListener('popstate', alMoverse)
}
