// Asks before saving a registration that looks like an existing patient (a warning, never a block).
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'

export function ConfirmarDuplicados({
  cantidad,
  onConfirmar,
  onCancelar,
}: {
  cantidad: number
  onConfirmar: () => void
  onCancelar: () => void
}) {
  return (
    <DialogoConfirmar
      id="confirmar"
      titulo="¿Registrar de todos modos?"
      volver="Revisar"
      confirmar="Registrar de todos modos"
      onVolver={onCancelar}
      onConfirmar={onConfirmar}
    >
      {cantidad === 1
        ? 'Ya existe 1 paciente con los mismos nombres y fecha de nacimiento.'
        : `Ya existen ${cantidad} pacientes con los mismos nombres y fecha de nacimiento.`}{' '}
      Si es la misma persona, use su ficha en lugar de registrarla otra vez.
    </DialogoConfirmar>
  )
}
