// Login: Usuario, Contraseña, Entrar. Shows the server's message for a wrong password or for
// too many attempts, then opens the page that was asked for. Someone already signed in who lands
// here (a mistyped address leads here too) goes on to that page, or the Dashboard, instead.
import { useEffect, useState, type FormEvent } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { useSnapshot } from 'valtio'
import { ApiError } from '../../api.js'
import { describe, FieldError } from '../../components/field.js'
import { IconAlert } from '../../components/icons.js'
import { Logo } from '../../components/logo.js'
import { useTitle } from '../../components/use-title.js'
import { destinoTrasLogin } from '../../paths.js'
import { iniciarSesion, sesion } from '../../state/sesion.js'
import './login.css'

export function LoginPage() {
  useTitle('Iniciar sesión')
  const [, navigate] = useLocation()
  const search = useSearch()
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Our own messages under each field: the browser's bubbles speak the browser's language.
  const [faltan, setFaltan] = useState<{ usuario?: string; contrasena?: string }>({})

  const { estado } = useSnapshot(sesion)

  // The session calls (and TypeBox with them) load while the person types; opened fresh, the page
  // asks whether a session is already there.
  useEffect(() => {
    void import('../../lib/sesion-api.js').then((m) => {
      if (sesion.estado === 'comprobando') void m.comprobarSesion()
    })
  }, [])

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const vacios = {
      ...(!String(data.get('usuario') ?? '').trim() && { usuario: 'Ingrese su usuario' }),
      ...(!data.get('contrasena') && { contrasena: 'Ingrese su contraseña' }),
    }
    setFaltan(vacios)
    if (vacios.usuario || vacios.contrasena) {
      document.getElementById(vacios.usuario ? 'usuario' : 'contrasena')?.focus()
      return
    }
    setEnviando(true)
    setError(null)
    try {
      const { entrar } = await import('../../lib/sesion-api.js')
      const usuario = await entrar({
        usuario: String(data.get('usuario') ?? ''),
        contrasena: String(data.get('contrasena') ?? ''),
      })
      iniciarSesion(usuario)
      navigate(destinoTrasLogin(search), { replace: true })
    } catch (err) {
      // The server's words: wrong credentials (401) or too many attempts and how long to wait (429).
      setError((err instanceof ApiError && err.message) || 'No se pudo iniciar sesión')
      setEnviando(false)
    }
  }

  if (estado === 'activa') return <Redirect to={destinoTrasLogin(search)} replace />

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
              <p>{error}</p>
            </div>
          )}
          <form className="login__form" onSubmit={onSubmit} noValidate>
            <div className="field">
              <label className="field__label" htmlFor="usuario">
                Usuario
              </label>
              <input
                className="input"
                name="usuario"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                autoFocus
                {...describe('usuario', faltan.usuario)}
              />
              {faltan.usuario && <FieldError id="usuario-error">{faltan.usuario}</FieldError>}
            </div>
            <div className="field">
              <label className="field__label" htmlFor="contrasena">
                Contraseña
              </label>
              <input
                className="input"
                name="contrasena"
                type="password"
                autoComplete="current-password"
                required
                {...describe('contrasena', faltan.contrasena)}
              />
              {faltan.contrasena && (
                <FieldError id="contrasena-error">{faltan.contrasena}</FieldError>
              )}
            </div>
            <button className="btn btn--primary login__submit" type="submit" disabled={enviando}>
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
