// The frame every Configuración form has: its card and title, the reason a save failed, its
// fields, and «Cancelar» beside the button that sends it (a spinner while it is sent).
import type { FormEventHandler, ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { IconAlert } from '../../components/icons.js'

export function FormularioCatalogo({
  id,
  titulo,
  clase = 'catalogo__form',
  fallo,
  onSubmit,
  onCancelar,
  enviando,
  enviar,
  despues,
  children,
}: {
  /** The card's id stem: `<id>-titulo` labels it. */
  id: string
  titulo: ReactNode
  clase?: string
  fallo: string | null
  onSubmit: FormEventHandler<HTMLFormElement>
  onCancelar: () => void
  enviando: boolean
  /** The send button's text. */
  enviar: string
  /** Inside the card, after the form (a confirmation it asks for). */
  despues?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="card" aria-labelledby={`${id}-titulo`}>
      <header className="card__header">
        <h2 id={`${id}-titulo`}>{titulo}</h2>
      </header>
      <form className={`card__body ${clase}`} noValidate onSubmit={onSubmit}>
        {fallo && (
          <p className="alert alert--error" role="alert">
            <IconAlert />
            <span>{fallo}</span>
          </p>
        )}
        {children}
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={onCancelar}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--primary" disabled={enviando}>
            {enviando && <span className="spinner" aria-hidden="true" />}
            {enviar}
          </button>
        </div>
      </form>
      {despues}
    </section>
  )
}

/** Whether an edited entry stays in use: its «Activo»/«Activa» box. */
export function CasillaActivo({
  registro,
  etiqueta,
}: {
  registro: UseFormRegisterReturn
  etiqueta: string
}) {
  return (
    <div className="field catalogo__activo">
      <label className="check">
        <input type="checkbox" {...registro} />
        {etiqueta}
      </label>
    </div>
  )
}
