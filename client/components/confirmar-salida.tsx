// The question of state/salida.ts, on whichever screen the form is.
import { useSnapshot } from 'valtio'
import { responderSalida, salida } from '../state/salida.js'
import { DialogoConfirmar } from './dialogo-confirmar.js'

export function ConfirmarSalida() {
  const { pregunta } = useSnapshot(salida)
  if (!pregunta) return null
  return (
    <DialogoConfirmar
      id="salida"
      titulo={pregunta.titulo}
      volver="Seguir editando"
      confirmar={pregunta.confirmar}
      onVolver={() => responderSalida(false)}
      onConfirmar={() => responderSalida(true)}
    >
      {pregunta.texto}
    </DialogoConfirmar>
  )
}
