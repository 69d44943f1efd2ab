// A labelled control with its hint and its error message underneath, wired for screen readers.
import type { ReactNode } from 'react'
import { IconAlert } from './icons.js'

interface FieldProps {
  id: string
  label: string
  required?: boolean
  hint?: string
  /** The message, possibly with a link in it (a document another patient holds). */
  error?: ReactNode
  className?: string
  /** Extra content beside the label (e.g. a Limpiar button). */
  action?: ReactNode
  children: ReactNode
}

export function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  action,
  children,
}: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <div className="field__top">
        <label className="field__label" htmlFor={id}>
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {action}
      </div>
      {children}
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  )
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="field__error" id={id}>
      <IconAlert className="icon--sm" />
      <span>{children}</span>
    </p>
  )
}

/** aria attributes a control needs to announce its field's error or hint. */
export function describe(id: string, error?: string, hint?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const
}
