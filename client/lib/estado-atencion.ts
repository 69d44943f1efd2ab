// An atención's estado changes, from any screen that lists atenciones: a step along the worklist
// (Cancelado with its reason) and the undoing of the last one (docs/datos.md#estados).
import { useState } from 'react'
import {
  cambiarAtencionContract,
  deshacerCambioContract,
  type Atencion,
} from '../../shared/atenciones.js'
import type { Estado } from '../../shared/catalogos.js'
import { call, mensajeDe } from '../api.js'

/** `desde` is the estado the screen shows: if someone changed it meanwhile, the server says so (409). */
export const cambiarEstado = (
  atencionId: number,
  cambio: { estado: Estado; desde: Estado; motivo?: string },
) => call(cambiarAtencionContract, { params: { id: String(atencionId) }, body: cambio })

export const deshacerCambio = (atencionId: number, estado: Estado) =>
  call(deshacerCambioContract, { params: { id: String(atencionId) }, body: { estado } })

/**
 * A step of one atención, as its buttons or menu take it: one at a time, its failure as a message
 * (someone else changed it meanwhile, a step the worklist does not allow).
 */
export function useCambiarEstado(
  atencion: { id: number; estado: Estado },
  onCambio: (a: Atencion) => void,
) {
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const cambiar = async (estado: Estado) => {
    setEnviando(true)
    setError(null)
    try {
      onCambio(await cambiarEstado(atencion.id, { estado, desde: atencion.estado }))
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo cambiar el estado'))
    } finally {
      setEnviando(false)
    }
  }
  return { cambiar, enviando, error }
}
