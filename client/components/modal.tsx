// A modal <dialog> open while mounted: Escape and Volver close it through `onVolver`.
import { useEffect, useRef, type ReactNode } from 'react'

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
