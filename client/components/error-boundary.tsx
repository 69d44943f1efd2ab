// The routing-failure screen (docs/producto.md#pantalla-de-error): a page that cannot render (or
// whose code cannot load).
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { paths } from '../paths.js'

interface State {
  error: Error | null
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    // Navigating elsewhere gives the new page its own chance to render.
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null })
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div className="app-error" role="alert">
        <h1>Unexpected Application Error!</h1>
        <p className="app-error__message">{error.message || String(error)}</p>
        <p>
          <a className="btn btn--primary" href={paths.dashboard}>
            Volver al inicio
          </a>
        </p>
      </div>
    )
  }
}
