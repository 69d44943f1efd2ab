// The error screen (docs/producto.md#pantalla-de-error): a page that cannot render, or whose code
// cannot load. A chunk missing after an upgrade reloads the page once by itself.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { esErrorDeCarga, puedeRecargar, recargar } from '../lib/recarga-version.js'
import { paths } from '../paths.js'

interface State {
  error: Error | null
  /** The page is reloading to fetch the new version's code. */
  recargando: boolean
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null, recargando: false }

  static getDerivedStateFromError(error: Error): State {
    return { error, recargando: esErrorDeCarga(error) && puedeRecargar() }
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    // Navigating elsewhere gives the new page its own chance to render.
    if (this.state.error && prev.resetKey !== this.props.resetKey)
      this.setState({ error: null, recargando: false })
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (this.state.recargando) return recargar()
    console.error(error, info.componentStack)
  }

  override render() {
    const { error, recargando } = this.state
    if (!error) return this.props.children
    if (recargando)
      return (
        <div className="centered" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Actualizando la aplicación…</span>
        </div>
      )
    // The error's own message is the browser's or a library's, often in English: never shown.
    const carga = esErrorDeCarga(error)
    return (
      <div className="app-error" role="alert">
        <h1>No se pudo mostrar esta pantalla</h1>
        <p>
          {carga
            ? 'No se pudo descargar esta pantalla. Revise la conexión a internet y reintente.'
            : 'Ocurrió un error inesperado al mostrar esta pantalla. Reintente; si se repite, avise al administrador.'}
        </p>
        <p className="app-error__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => window.location.reload()}
          >
            Reintentar
          </button>
          <a className="btn btn--secondary" href={paths.dashboard}>
            Volver al inicio
          </a>
        </p>
      </div>
    )
  }
}
