// Asks before saving a registration that looks like an existing patient (a warning, never a block).
import { useEffect, useRef } from 'react'
import { IconAlert } from '../../components/icons.js'

export function ConfirmarDuplicados({
  cantidad,
  onConfirmar,
  onCancelar,
}: {
  cantidad: number
  onConfirmar: () => void
  onCancelar: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (d && !d.open) d.showModal()
    return () => d?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirmar-titulo"
      aria-describedby="confirmar-texto"
      onCancel={onCancelar}
    >
      <div className="dialog__icon" aria-hidden="true">
        <IconAlert />
      </div>
      <h2 id="confirmar-titulo">¿Registrar de todos modos?</h2>
      <p id="confirmar-texto">
        {cantidad === 1
          ? 'Ya existe 1 paciente con los mismos nombres y fecha de nacimiento.'
          : `Ya existen ${cantidad} pacientes con los mismos nombres y fecha de nacimiento.`}{' '}
        Si es la misma persona, use su ficha en lugar de registrarla otra vez.
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancelar} autoFocus>
          Revisar
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirmar}>
          Registrar de todos modos
        </button>
      </div>
    </dialog>
  )
}
