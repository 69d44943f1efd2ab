// Historial de cambios (docs/producto.md#ficha-del-paciente): the registration and each
// correction of the patient, newest first, with who, when and each field's old and new value.
import { useEffect, useState } from 'react'
import { CAMPOS_PACIENTE } from '../../../shared/paciente-campos.js'
import type { EventoHistorial } from '../../../shared/pacientes.js'
import { mensajeDe } from '../../api.js'
import { valorCampo } from '../../components/campos-paciente.js'
import { fechaHora } from '../../components/format.js'
import { historialPaciente } from './paciente-api.js'

export function Historial({ pacienteId }: { pacienteId: number }) {
  const [eventos, setEventos] = useState<EventoHistorial[] | null>(null)
  const [siguiente, setSiguiente] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [cargando, setCargando] = useState(false)

  const cargar = (url: string | null, signal?: AbortSignal) => {
    setCargando(true)
    setError(null)
    historialPaciente(pacienteId, url, signal)
      .then(({ data, next }) => {
        setEventos((antes) => (url && antes ? [...antes, ...data] : data))
        setSiguiente(next)
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setError(mensajeDe(err, 'No se pudo cargar el historial'))
      })
      .finally(() => setCargando(false))
  }

  useEffect(() => {
    const ctrl = new AbortController()
    setEventos(null)
    cargar(null, ctrl.signal)
    return () => ctrl.abort()
  }, [pacienteId])

  return (
    <section className="card historial" aria-labelledby="historial-titulo">
      <header className="card__header">
        <h2 id="historial-titulo">Historial de cambios</h2>
      </header>
      <div className="card__body">
        {error && (
          <p className="text-error" role="alert">
            {error}
          </p>
        )}
        {eventos === null && !error && <div className="skeleton historial-skeleton" />}
        {eventos !== null && eventos.length === 0 && (
          <p className="muted">Sin cambios registrados.</p>
        )}
        {eventos !== null && eventos.length > 0 && (
          <ol className="historial__lista">
            {eventos.map((e) => (
              <li key={e.id} className="historial__evento">
                <p className="historial__quien">
                  <strong>
                    {e.accion === 'paciente.registrado' ? 'Registro del paciente' : 'Cambio'}
                  </strong>{' '}
                  <span className="muted">
                    · {fechaHora(e.en)} · {e.usuario ?? 'sin usuario'}
                    {e.version !== null && ` · versión ${e.version}`}
                  </span>
                </p>
                {e.cambios.length > 0 && (
                  <ul className="historial__cambios">
                    {e.cambios.map((c) => (
                      <li key={c.campo}>
                        <span className="historial__campo">
                          {CAMPOS_PACIENTE[c.campo].etiqueta}:
                        </span>{' '}
                        <span className="visually-hidden">antes </span>
                        <del>{valorCampo(c.campo, c.antes)}</del> <span aria-hidden="true">→</span>
                        <span className="visually-hidden"> ahora </span>{' '}
                        <ins>{valorCampo(c.campo, c.despues)}</ins>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
        {siguiente && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={cargando}
            onClick={() => cargar(siguiente)}
          >
            {cargando ? 'Cargando…' : 'Ver cambios anteriores'}
          </button>
        )}
      </div>
    </section>
  )
}
