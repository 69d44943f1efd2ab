// A modal <dialog> open while mounted: Escape and Volver close it through `onVolver`.
import { useEffect, useRef, type ReactNode } from 'react'
import { IconAlert } from './icons.js'

export function Modal({
  className,
  labelledBy,
  describedBy,
  onVolver,
  children,
}: {
  className?: string
  labelledBy: string
  describedBy?: string
  onVolver: () => void
  children: ReactNode
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
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault()
        onVolver()
      }}
    >
      {children}
    </dialog>
  )
}

/**
 * The foot of a dialog's form: what the server refused, «Volver», and the submit button (with a
 * spinner while it is sent).
 */
export function PieDialogo({
  fallo,
  onVolver,
  enviando,
  enviar,
  peligro = false,
}: {
  fallo: string | null
  onVolver: () => void
  enviando: boolean
  enviar: string
  peligro?: boolean
}) {
  return (
    <>
      {fallo && (
        <div className="alert alert--error" role="alert">
          <IconAlert />
          <span>{fallo}</span>
        </div>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onVolver}>
          Volver
        </button>
        <button
          type="submit"
          className={peligro ? 'btn btn--danger' : 'btn btn--primary'}
          disabled={enviando}
        >
          {enviando && <span className="spinner" aria-hidden="true" />}
          {enviar}
        </button>
      </div>
    </>
  )
}
