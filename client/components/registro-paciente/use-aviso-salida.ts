// While the form holds values not saved, leaving asks first (docs/producto.md#salir-sin-guardar):
// in-app navigation through state/salida.ts, closing or reloading the tab through the browser's
// own question (beforeunload).
import { useEffect } from 'react'
import { protegerSalida, salida, type PreguntaSalida } from '../../state/salida.js'

/** Cancelar on a registration: the form stays, emptied. */
export const PREGUNTA_DESCARTAR: PreguntaSalida = {
  titulo: '¿Descartar los datos ingresados?',
  texto: 'Los datos que ingresó en el formulario no se guardaron y se perderán.',
  confirmar: 'Descartar',
}

export function useAvisoSalida(sucio: boolean): void {
  useEffect(() => {
    protegerSalida(sucio)
  }, [sucio])

  useEffect(() => {
    // Read at the moment: a save releases the form (protegerSalida(false)) before it navigates.
    const antesDeSalir = (e: BeforeUnloadEvent) => {
      if (!salida.protegida) return
      e.preventDefault()
      e.returnValue = '' // older Chromium asks only when returnValue is set
    }
    window.addEventListener('beforeunload', antesDeSalir)
    return () => {
      window.removeEventListener('beforeunload', antesDeSalir)
      protegerSalida(false)
    }
  }, [])
}
