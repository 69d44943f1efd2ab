// A modal question with two answers: going back (focused first, and what Escape does) and going
// ahead.
import { useEffect, useRef, type ReactNode } from 'react'
import { IconAlert } from './icons.js'

export function DialogoConfirmar({
  id,
  titulo,
  children,
  volver,
  confirmar,
  onVolver,
  onConfirmar,
}: {
  /** Prefix of the title's and the text's ids. */
  id: string
  titulo: string
  children: ReactNode
  volver: string
  confirmar: string
  onVolver: () => void
  onConfirmar: () => void
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
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-texto`}
      onCancel={(e) => {
        e.preventDefault()
        onVolver()
      }}
    >
      <div className="dialog__icon" aria-hidden="true">
        <IconAlert />
      </div>
      <h2 id={`${id}-titulo`}>{titulo}</h2>
      <p id={`${id}-texto`}>{children}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onVolver} autoFocus>
          {volver}
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirmar}>
          {confirmar}
        </button>
      </div>
    </dialog>
  )
}
