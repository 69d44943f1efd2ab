// /mi-cuenta (every role, docs/producto.md#mi-cuenta): change one's own password, and see and end
// one's own sessions. Changing the password ends every other session; this one stays. A médico
// also keeps here the signature-and-stamp image printed on the informes they sign.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import type { Cuenta, SesionPropia } from '../../../shared/mi-cuenta.js'
import {
  FIRMA_BYTES_MAXIMO,
  FIRMA_PIXELES,
  MENSAJES_FIRMA,
  MENSAJES_MI_CUENTA,
} from '../../../shared/mi-cuenta.js'
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
  cambiarFirma,
  cerrarOtrasSesiones,
  cerrarSesionPropia,
  leerCuenta,
  listarSesiones,
  quitarFirma,
} from './mi-cuenta-api.js'
import { ValidaResultadosPropio } from './valida-resultados.js'
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

/** A file read as a data URL, as the server takes the image. */
const leerComoDataUrl = (archivo: File) =>
  new Promise<string>((resolve, reject) => {
    const lector = new FileReader()
    lector.onload = () => resolve(String(lector.result))
    lector.onerror = () => reject(new Error('No se pudo leer el archivo'))
    lector.readAsDataURL(archivo)
  })

const TIPOS_FIRMA = ['image/png', 'image/jpeg']

/**
 * «Firma y sello»: the image a médico's signed informes print above their name and colegiatura,
 * shown as it prints. Only a médico uploads one (the server says the same); an account that stopped
 * being a médico's still sees one it has, to remove it.
 */
function FirmaYSello({ medico }: { medico: boolean }) {
  const [cuenta, setCuenta] = useState<Cuenta | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [aviso, setAviso] = useState<{ tipo: 'error' | 'success'; texto: string } | null>(null)
  const [enviando, setEnviando] = useState(false)

  useEffect(() => {
    const ctrl = new AbortController()
    leerCuenta(ctrl.signal).then(setCuenta, (err: Error) => {
      if (err.name !== 'AbortError') setError(mensajeDe(err, 'No se pudo cargar su firma y sello'))
    })
    return () => ctrl.abort()
  }, [])

  const hacer = async (paso: () => Promise<Cuenta>, hecho: string) => {
    setEnviando(true)
    setAviso(null)
    try {
      setCuenta(await paso())
      setAviso({ tipo: 'success', texto: hecho })
    } catch (err) {
      // The server's reason for the image (its type, size or pixels) says more than «Datos inválidos».
      const motivo =
        err instanceof ApiError ? err.errores.find((e) => e.campo === 'imagen')?.mensaje : undefined
      setAviso({
        tipo: 'error',
        texto: motivo ?? mensajeDe(err, 'No se pudo cambiar la firma y sello'),
      })
    } finally {
      setEnviando(false)
    }
  }

  const elegido = async (e: ChangeEvent<HTMLInputElement>) => {
    const archivo = e.target.files?.[0]
    e.target.value = ''
    if (!archivo) return
    // What the browser knows at once; the server reads the bytes and the size in pixels.
    if (!TIPOS_FIRMA.includes(archivo.type) || archivo.size > FIRMA_BYTES_MAXIMO)
      return setAviso({ tipo: 'error', texto: MENSAJES_FIRMA.imagen })
    let imagen: string
    try {
      imagen = await leerComoDataUrl(archivo)
    } catch {
      return setAviso({ tipo: 'error', texto: MENSAJES_FIRMA.ilegible })
    }
    await hacer(() => cambiarFirma(imagen), 'Firma y sello guardada.')
  }

  const firma = cuenta?.firma ?? null
  if (!medico && !firma) return null
  return (
    <section className="card" aria-labelledby="firma-titulo">
      <header className="card__header">
        <h2 id="firma-titulo">Firma y sello</h2>
      </header>
      <div className="card__body firma">
        {error && <Alerta tipo="error" texto={error} />}
        <p className="firma__texto">
          La imagen de su firma y sello se imprime sobre su nombre y colegiatura en los informes que
          firme desde ahora. Los informes ya firmados no cambian.
        </p>
        {cuenta && (
          <figure className="firma__muestra" aria-label="Así se imprime en el informe">
            <div className="firma__caja">
              {firma ? (
                <img src={firma.url} alt="Su firma y sello actual" className="firma__imagen" />
              ) : (
                <span className="muted small">Sin imagen: el informe lleva solo la línea.</span>
              )}
            </div>
            <figcaption className="firma__pie">
              <strong>{cuenta.nombre}</strong>
              {cuenta.colegiatura && <span>{cuenta.colegiatura}</span>}
            </figcaption>
          </figure>
        )}
        {cuenta && (
          <div className="firma__acciones">
            {medico && (
              <label className="btn btn--secondary">
                {enviando && <span className="spinner" aria-hidden="true" />}
                {firma ? 'Cambiar imagen' : 'Subir imagen'}
                <input
                  type="file"
                  accept={TIPOS_FIRMA.join(',')}
                  className="visually-hidden"
                  disabled={enviando}
                  onChange={(e) => void elegido(e)}
                />
              </label>
            )}
            {firma && (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={enviando}
                onClick={() => void hacer(quitarFirma, 'Firma y sello quitada.')}
              >
                Quitar
              </button>
            )}
          </div>
        )}
        <p className="muted small">
          PNG o JPEG, hasta {FIRMA_BYTES_MAXIMO / 1024} KB y de al menos {FIRMA_PIXELES.anchoMinimo}{' '}
          × {FIRMA_PIXELES.altoMinimo} píxeles. Se ve mejor recortada a la firma y el sello, sobre
          fondo blanco o transparente.
        </p>
        {aviso && <Alerta tipo={aviso.tipo} texto={aviso.texto} />}
      </div>
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
          <ValidaResultadosPropio rol={usuario?.rol} />
        </div>
      </header>
      <CambiarContrasena onCambiada={() => setVersion((v) => v + 1)} />
      <FirmaYSello medico={usuario?.rol === 'medico'} />
      <Sesiones version={version} />
    </div>
  )
}
