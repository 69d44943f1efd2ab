// /equipos: the steps the equipment reported (DICOM MPPS) that matched no atención. Staff give each
// the atención it belongs to, whose estado then follows it, or set it aside (docs/dicom.md).
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'wouter'
import { ESTADO_MPPS_ETIQUETA, type MppsPendiente } from '../../../shared/mpps.js'
import { ApiError, mensajeDe } from '../../api.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconCheck } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { paths } from '../../paths.js'
import { conciliarPaso, pasosPendientes } from '../../lib/mpps-api.js'
import './equipos.css'

function Paso({ paso, onHecho }: { paso: MppsPendiente; onHecho: (texto: string) => void }) {
  const [numero, setNumero] = useState('')
  const [descartando, setDescartando] = useState(false)
  const [ocupado, setOcupado] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const id = `paso-${paso.uid.replace(/\./g, '-')}`

  const enviar = async (cuerpo: { atencionId: number } | { descartar: true }) => {
    setOcupado(true)
    setError(null)
    try {
      await conciliarPaso(paso.uid, cuerpo)
      onHecho(
        'atencionId' in cuerpo
          ? `Paso asignado a la atención N.º ${cuerpo.atencionId}.`
          : 'Paso descartado.',
      )
    } catch (err) {
      const campo = err instanceof ApiError ? err.errores?.[0]?.mensaje : undefined
      setError(campo ?? mensajeDe(err, 'No se pudo conciliar el paso'))
      setOcupado(false)
    }
  }
  const asignar = (e: React.FormEvent) => {
    e.preventDefault()
    if (!/^[0-9]{1,10}$/.test(numero.trim())) {
      setError('Escriba el número de la atención (solo dígitos)')
      return
    }
    void enviar({ atencionId: Number(numero.trim()) })
  }

  return (
    <li className="paso card" data-testid={id}>
      <div className="paso__datos">
        <p className="paso__titulo">
          <strong>{paso.paciente ?? 'Paciente sin nombre'}</strong>
          {paso.documento && <span className="muted"> · Documento {paso.documento}</span>}
        </p>
        <p>
          <span className="badge">{ESTADO_MPPS_ETIQUETA[paso.estado]}</span> {paso.sala.sede} ·{' '}
          {paso.sala.nombre}
          {paso.sala.aeTitle && <span className="muted mono"> ({paso.sala.aeTitle})</span>}
        </p>
        <p className="muted small">
          {paso.descripcion ?? 'Sin descripción'}
          {paso.numeroAcceso && ` · N.º de acceso ${paso.numeroAcceso}`}
          {paso.inicio && ` · Inicio ${paso.inicio}`} · Recibido {fechaHora(paso.recibidoEn)}
        </p>
        {paso.motivo && <p className="small paso__motivo">No se aplicó: {paso.motivo}.</p>}
        {paso.documento && (
          <p className="small">
            <Link href={`${paths.buscarPaciente}?q=${encodeURIComponent(paso.documento)}`}>
              Buscar sus atenciones
            </Link>
          </p>
        )}
      </div>
      <form className="paso__acciones" onSubmit={asignar} noValidate>
        <label htmlFor={`${id}-numero`} className="field__label">
          N.º de atención
        </label>
        <div className="paso__fila">
          <input
            id={`${id}-numero`}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            value={numero}
            onChange={(e) => setNumero(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className="btn btn--primary btn--sm" disabled={ocupado}>
            Asignar
          </button>
          {descartando ? (
            <>
              <button
                type="button"
                className="btn btn--danger btn--sm"
                disabled={ocupado}
                onClick={() => void enviar({ descartar: true })}
              >
                Sí, descartar
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => setDescartando(false)}
              >
                No
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => setDescartando(true)}
            >
              Descartar
            </button>
          )}
        </div>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </li>
  )
}

export default function PasosPage() {
  useTitle('Pasos de equipos sin atención')
  const [datos, setDatos] = useState<{ total: number; pasos: MppsPendiente[] } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const cargar = useCallback(async (signal?: AbortSignal) => {
    try {
      setDatos(await pasosPendientes(signal))
      setError(null)
    } catch (err) {
      if ((err as Error).name !== 'AbortError')
        setError(mensajeDe(err, 'No se pudo cargar la lista de pasos'))
    }
  }, [])
  useEffect(() => {
    const ctrl = new AbortController()
    void cargar(ctrl.signal)
    return () => ctrl.abort()
  }, [cargar])

  return (
    <div className="page pasos-page">
      <header className="page__header">
        <h1>Pasos de equipos sin atención</h1>
        <p className="muted">
          Estudios que un equipo informó como iniciados, completados o interrumpidos y que no
          coinciden con ninguna atención. Asigne cada uno a su atención (que tomará su estado) o
          descártelo.
        </p>
      </header>
      {aviso && (
        <p className="alert alert--success" role="status">
          <IconCheck />
          <span>{aviso}</span>
        </p>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{error}</span>
        </p>
      )}
      {!datos && !error && <p role="status">Cargando…</p>}
      {datos && datos.pasos.length === 0 && (
        <p className="empty">No hay pasos de equipos pendientes.</p>
      )}
      {datos && datos.pasos.length > 0 && (
        <>
          {datos.total > datos.pasos.length && (
            <p className="muted">
              Se muestran los {datos.pasos.length} más antiguos de {datos.total}.
            </p>
          )}
          <ul className="pasos">
            {datos.pasos.map((p) => (
              <Paso
                key={p.uid}
                paso={p}
                onHecho={(texto) => {
                  setAviso(texto)
                  void cargar()
                }}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
