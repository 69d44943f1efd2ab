// The pieces every Configuración section shows the same way: the notice after a change, the list
// that failed or is still loading, and the button that opens the «Nuevo …» form.
import { IconAlert, IconCheck, IconPlus } from '../../components/icons.js'

export interface AvisoSeccion {
  ok: boolean
  texto: string
}

/** What the last change did, or why it failed. */
export function Aviso({ aviso }: { aviso: AvisoSeccion | null }) {
  if (!aviso) return null
  return (
    <p className={aviso.ok ? 'alert alert--success' : 'alert alert--error'} role="alert">
      {aviso.ok ? <IconCheck /> : <IconAlert />}
      <span>{aviso.texto}</span>
    </p>
  )
}

/** The list's error, or «Cargando…» until it arrives. */
export function CargaLista({ error, cargada }: { error: string | null; cargada: boolean }) {
  if (error)
    return (
      <div className="card__body">
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{error}</span>
        </p>
      </div>
    )
  if (cargada) return null
  return (
    <div className="centered" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Cargando…</span>
    </div>
  )
}

export function BotonNuevo({
  texto,
  onClick,
  disabled = false,
}: {
  texto: string
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      className="btn btn--primary btn--sm"
      disabled={disabled}
      onClick={onClick}
    >
      <IconPlus />
      {texto}
    </button>
  )
}
