// /mi-cuenta (every role, docs/producto.md#mi-cuenta): change one's own password, and see and end
// one's own sessions. Changing the password ends every other session; this one stays.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import type { SesionPropia } from '../../../shared/mi-cuenta.js'
import { MENSAJES_MI_CUENTA } from '../../../shared/mi-cuenta.js'
import { NOMBRE_ROL } from '../../../shared/permisos.js'
import { ApiError, mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconCheck } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { describirAgente } from '../../lib/agente.js'
import { paths } from '../../paths.js'
import { sesion } from '../../state/sesion.js'
import {
  cambiarContrasena,
  cerrarOtrasSesiones,
  cerrarSesionPropia,
  listarSesiones,
} from './mi-cuenta-api.js'
import './mi-cuenta.css'

type Campo = 'actual' | 'nueva' | 'repetida'
type Errores = Partial<Record<Campo, string>>

const cerradas = (n: number) =>
  n === 0
    ? 'No había otras sesiones abiertas.'
    : n === 1
      ? 'Se cerró la otra sesión abierta de su cuenta.'
      : `Se cerraron las otras ${n} sesiones abiertas de su cuenta.`

function Alerta({ tipo, texto }: { tipo: 'error' | 'success'; texto: string }) {
  return (
    <p className={`alert alert--${tipo}`} role={tipo === 'error' ? 'alert' : 'status'}>
      {tipo === 'error' ? <IconAlert /> : <IconCheck />}
      <span>{texto}</span>
    </p>
  )
}

function CambiarContrasena({ onCambiada }: { onCambiada: () => void }) {
  const formRef = useRef<HTMLFormElement>(null)
  const [errores, setErrores] = useState<Errores>({})
  const [error, setError] = useState<string | null>(null)
  const [exito, setExito] = useState<string | null>(null)
  const [enviando, setEnviando] = useState(false)

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const valor = (k: Campo) => String(data.get(k) ?? '')
    const faltan: Errores = {
      ...(!valor('actual') && { actual: 'Ingrese su contraseña actual' }),
      ...(!valor('nueva') && { nueva: 'Ingrese la nueva contraseña' }),
      ...(!valor('repetida')
        ? { repetida: 'Repita la nueva contraseña' }
        : valor('repetida') !== valor('nueva') && { repetida: MENSAJES_MI_CUENTA.noCoinciden }),
    }
    setErrores(faltan)
    setExito(null)
    setError(null)
    const primero = (['actual', 'nueva', 'repetida'] as const).find((k) => faltan[k])
    if (primero) {
      document.getElementById(`cuenta-${primero}`)?.focus()
      return
    }
    setEnviando(true)
    try {
      const { sesionesCerradas } = await cambiarContrasena({
        actual: valor('actual'),
        nueva: valor('nueva'),
      })
      formRef.current?.reset()
      setExito(`Contraseña cambiada. ${cerradas(sesionesCerradas)}`)
      onCambiada()
    } catch (err) {
      // The server's words: a wrong current password, a weak new one (per field), or too many tries.
      const porCampo: Errores = {}
      if (err instanceof ApiError)
        for (const { campo, mensaje } of err.errores)
          if (campo === 'actual' || campo === 'nueva') porCampo[campo] = mensaje
      setErrores(porCampo)
      if (porCampo.actual || porCampo.nueva)
        document.getElementById(porCampo.actual ? 'cuenta-actual' : 'cuenta-nueva')?.focus()
      else setError(mensajeDe(err, 'No se pudo cambiar la contraseña'))
    } finally {
      setEnviando(false)
    }
  }

  return (
    <section className="card" aria-labelledby="contrasena-titulo">
      <header className="card__header">
        <h2 id="contrasena-titulo">Cambiar contraseña</h2>
      </header>
      <form ref={formRef} className="card__body cuenta__form" onSubmit={onSubmit} noValidate>
        {error && <Alerta tipo="error" texto={error} />}
        {exito && <Alerta tipo="success" texto={exito} />}
        <Field id="cuenta-actual" label="Contraseña actual" required error={errores.actual}>
          <input
            className="input"
            name="actual"
            type="password"
            autoComplete="current-password"
            {...describe('cuenta-actual', errores.actual)}
          />
        </Field>
        <Field
          id="cuenta-nueva"
          label="Nueva contraseña"
          required
          hint="Al menos 8 caracteres. Una frase larga es más segura que una palabra con símbolos."
          error={errores.nueva}
        >
          <input
            className="input"
            name="nueva"
            type="password"
            autoComplete="new-password"
            {...describe('cuenta-nueva', errores.nueva, 'hint')}
          />
        </Field>
        <Field
          id="cuenta-repetida"
          label="Repetir nueva contraseña"
          required
          error={errores.repetida}
        >
          <input
            className="input"
            name="repetida"
            type="password"
            autoComplete="new-password"
            {...describe('cuenta-repetida', errores.repetida)}
          />
        </Field>
        <p className="muted small">
          Al cambiarla se cierran sus demás sesiones abiertas; esta sigue abierta.
        </p>
        <div className="cuenta__acciones">
          <button className="btn btn--primary" type="submit" disabled={enviando}>
            {enviando && <span className="spinner" aria-hidden="true" />}
            Cambiar contraseña
          </button>
        </div>
      </form>
    </section>
  )
}

function Sesiones({ version }: { version: number }) {
  const [, navigate] = useLocation()
  const [filas, setFilas] = useState<SesionPropia[]>([])
  const [cargando, setCargando] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const [ocupado, setOcupado] = useState<string | null>(null)

  const cargar = useCallback(async (signal?: AbortSignal) => {
    setCargando(true)
    try {
      setFilas(await listarSesiones(signal))
      setError(null)
    } catch (err) {
      if ((err as Error).name !== 'AbortError')
        setError(mensajeDe(err, 'No se pudo cargar la lista de sesiones'))
    } finally {
      if (!signal?.aborted) setCargando(false)
    }
  }, [])
  useEffect(() => {
    const ctrl = new AbortController()
    // A password change reloads the list: what this card said before no longer holds.
    setAviso(null)
    void cargar(ctrl.signal)
    return () => ctrl.abort()
  }, [cargar, version])

  const cerrar = async (s: SesionPropia) => {
    setOcupado(s.id)
    setAviso(null)
    setError(null)
    try {
      if (s.actual) {
        // This very session: the same as «Cerrar Sesión» in the menu.
        const { cerrarSesion } = await import('../../lib/sesion-api.js')
        await cerrarSesion()
        navigate(paths.login, { replace: true })
        return
      }
      await cerrarSesionPropia(s.id)
      setAviso('Sesión cerrada.')
    } catch (err) {
      // Already gone (expired, or ended from elsewhere): the list below shows what is left.
      if (!(err instanceof ApiError && err.status === 404))
        setError(mensajeDe(err, 'No se pudo cerrar la sesión'))
    } finally {
      setOcupado(null)
    }
    await cargar()
  }

  const cerrarOtras = async () => {
    setOcupado('otras')
    setAviso(null)
    setError(null)
    try {
      const { sesionesCerradas } = await cerrarOtrasSesiones()
      setAviso(cerradas(sesionesCerradas))
    } catch (err) {
      setError(mensajeDe(err, 'No se pudieron cerrar las demás sesiones'))
    } finally {
      setOcupado(null)
    }
    await cargar()
  }

  const hayOtras = filas.some((s) => !s.actual)
  return (
    <section className="card" aria-labelledby="sesiones-titulo">
      <header className="card__header">
        <h2 id="sesiones-titulo">Sesiones abiertas</h2>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={!hayOtras || ocupado !== null}
          onClick={() => void cerrarOtras()}
        >
          {ocupado === 'otras' && <span className="spinner" aria-hidden="true" />}
          Cerrar las demás sesiones
        </button>
      </header>
      {(error || aviso) && (
        <div className="card__body">
          {error && <Alerta tipo="error" texto={error} />}
          {aviso && <Alerta tipo="success" texto={aviso} />}
        </div>
      )}
      <div className="table-wrap">
        <table className="table table--cards sesiones" aria-busy={cargando}>
          <thead>
            <tr>
              <th scope="col">Dispositivo</th>
              <th scope="col">Dirección</th>
              <th scope="col">Inicio</th>
              <th scope="col">Último uso</th>
              <th scope="col">Vence</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {filas.map((s) => (
              <tr key={s.id} data-testid="sesion">
                <td data-label="Dispositivo">
                  <span title={s.agente ?? undefined}>{describirAgente(s.agente)}</span>
                  {s.actual && (
                    <span className="badge badge--info sesiones__actual">Esta sesión</span>
                  )}
                </td>
                <td data-label="Dirección" className="mono">
                  {s.direccion ?? '—'}
                </td>
                <td data-label="Inicio" className="nowrap">
                  {fechaHora(s.creadaEn)}
                </td>
                <td data-label="Último uso" className="nowrap">
                  {fechaHora(s.ultimoUso)}
                </td>
                <td data-label="Vence" className="nowrap">
                  {fechaHora(s.expiraEn)}
                </td>
                <td data-label="Acciones" className="sesiones__accion">
                  <button
                    type="button"
                    className={s.actual ? 'btn btn--ghost btn--sm' : 'btn btn--secondary btn--sm'}
                    disabled={ocupado !== null}
                    onClick={() => void cerrar(s)}
                  >
                    {ocupado === s.id && <span className="spinner" aria-hidden="true" />}
                    Cerrar sesión
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="card__body muted small">
        Una sesión que no se usa se cierra sola a la hora que indica «Vence». Si no reconoce alguna,
        ciérrela y cambie su contraseña.
      </p>
    </section>
  )
}

export default function MiCuentaPage() {
  useTitle('Mi cuenta')
  const { usuario } = useSnapshot(sesion)
  const [version, setVersion] = useState(0)
  return (
    <div className="page cuenta">
      <header className="page__header">
        <div>
          <h1>Mi cuenta</h1>
          {usuario && (
            <p className="page__subtitle">
              {usuario.nombre} · {usuario.usuario} · {NOMBRE_ROL[usuario.rol]}
            </p>
          )}
        </div>
      </header>
      <CambiarContrasena onCambiada={() => setVersion((v) => v + 1)} />
      <Sesiones version={version} />
    </div>
  )
}
