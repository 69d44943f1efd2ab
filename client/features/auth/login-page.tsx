// Login: Usuario, Contraseña, Entrar. Shows the server's message for a wrong password or for
// too many attempts, then opens the page that was asked for.
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { ApiError } from '../../api.js'
import { IconAlert } from '../../components/icons.js'
import { Logo } from '../../components/logo.js'
import { useTitle } from '../../components/use-title.js'
import { destinoTrasLogin } from '../../paths.js'
import { iniciarSesion } from '../../state/sesion.js'
import './login.css'

export function LoginPage() {
  useTitle('Iniciar sesión')
  const [, navigate] = useLocation()
  const search = useSearch()
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [esperaHasta, setEsperaHasta] = useState(0)
  const [ahora, setAhora] = useState(() => Date.now())

  const espera = Math.max(0, Math.ceil((esperaHasta - ahora) / 1000))
  useEffect(() => {
    if (esperaHasta <= Date.now()) return
    const t = setInterval(() => setAhora(Date.now()), 1000)
    return () => clearInterval(t)
  }, [esperaHasta])

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    setEnviando(true)
    setError(null)
    try {
      const { entrar } = await import('./sesion-api.js')
      const usuario = await entrar({ usuario: String(data.get('usuario') ?? ''), contrasena: String(data.get('contrasena') ?? '') })
      iniciarSesion(usuario)
      navigate(destinoTrasLogin(search), { replace: true })
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null
      setError(apiError?.message || 'No se pudo iniciar sesión')
      if (apiError?.status === 429 && apiError.retryAfter) {
        setEsperaHasta(Date.now() + apiError.retryAfter * 1000)
        setAhora(Date.now())
      }
      setEnviando(false)
    }
  }

  return (
    <div className="login">
      <div className="login__panel">
        <div className="login__brand">
          <Logo />
        </div>
        <main className="login__card card" aria-labelledby="login-titulo">
          <h1 id="login-titulo">Iniciar sesión</h1>
          <p className="login__intro">Ingrese con su cuenta del personal de la clínica.</p>
          {error && (
            <div className="alert alert--error" role="alert">
              <IconAlert />
              <div>
                <p>{error}</p>
                {espera > 0 && <p className="login__wait">Podrá intentarlo de nuevo en {espera} s.</p>}
              </div>
            </div>
          )}
          <form className="login__form" onSubmit={onSubmit}>
            <div className="field">
              <label className="field__label" htmlFor="usuario">
                Usuario
              </label>
              <input className="input" id="usuario" name="usuario" autoComplete="username" autoCapitalize="none" spellCheck={false} required autoFocus />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="contrasena">
                Contraseña
              </label>
              <input className="input" id="contrasena" name="contrasena" type="password" autoComplete="current-password" required />
            </div>
            <button className="btn btn--primary login__submit" type="submit" disabled={enviando || espera > 0}>
              {enviando && <span className="spinner" aria-hidden="true" />}
              Entrar
            </button>
          </form>
        </main>
        <p className="login__foot">Sistema de gestión de pacientes · Radiología y laboratorio</p>
      </div>
    </div>
  )
}
