// A patient's atenciones, newest first, each with its estado and the moves the worklist allows.
import { useState } from 'react'
import type { Atencion } from '../../../shared/atenciones.js'
import { MODALIDAD_INFO, TRANSICIONES, type Estado } from '../../../shared/catalogos.js'
import { mensajeDe } from '../../api.js'
import { EstadoBadge, ModalidadIcon, PrioridadBadge } from '../../components/badges.js'
import { fecha } from '../../components/format.js'
import { cambiarEstado } from './paciente-api.js'

function CambioEstado({
  atencion,
  onCambio,
}: {
  atencion: Atencion
  onCambio: (a: Atencion) => void
}) {
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const siguientes = TRANSICIONES[atencion.estado]
  const id = `estado-${atencion.id}`
  if (siguientes.length === 0) return <span className="muted small nowrap">Estado final</span>

  const cambiar = async (estado: string) => {
    if (!estado) return
    setEnviando(true)
    setError(null)
    try {
      onCambio(
        await cambiarEstado(atencion.id, { estado: estado as Estado, desde: atencion.estado }),
      )
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo cambiar el estado'))
    } finally {
      setEnviando(false)
    }
  }

  return (
    <div className="estado-cambio">
      <label className="visually-hidden" htmlFor={id}>
        Cambiar estado de la atención {atencion.id}
      </label>
      <select
        id={id}
        className="select select--sm"
        value=""
        disabled={enviando}
        onChange={(e) => void cambiar(e.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Cambiar a…</option>
        {siguientes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

export function AtencionesTable({
  atenciones,
  onCambio,
}: {
  atenciones: readonly Atencion[]
  onCambio: (a: Atencion) => void
}) {
  if (atenciones.length === 0)
    return <p className="empty">Este paciente aún no tiene atenciones registradas.</p>
  return (
    <div className="table-wrap">
      <table className="table table--cards">
        <thead>
          <tr>
            <th scope="col">N.º</th>
            <th scope="col">Llegada</th>
            <th scope="col">Modalidad</th>
            <th scope="col">Estudios</th>
            <th scope="col">Sede</th>
            <th scope="col">Procedencia</th>
            <th scope="col">Prioridad</th>
            <th scope="col">Estado</th>
            <th scope="col">Acción</th>
          </tr>
        </thead>
        <tbody>
          {atenciones.map((a) => (
            <tr key={a.id} data-testid={`atencion-${a.id}`}>
              <td data-label="N.º" className="mono">
                {a.id}
              </td>
              <td data-label="Llegada" className="nowrap">
                {fecha(a.fechaLlegada)} {a.horaLlegada}
              </td>
              <td data-label="Modalidad">
                <span className="modalidad-cell">
                  <ModalidadIcon modalidad={a.modalidad} />
                  <span aria-hidden="true">{MODALIDAD_INFO[a.modalidad].etiqueta}</span>
                </span>
              </td>
              <td data-label="Estudios">{a.estudios.map((e) => e.nombre).join(', ')}</td>
              <td data-label="Sede">{a.sede}</td>
              <td data-label="Procedencia">{a.procedencia}</td>
              <td data-label="Prioridad">
                <PrioridadBadge prioridad={a.prioridad} />
              </td>
              <td data-label="Estado">
                <EstadoBadge estado={a.estado} />
              </td>
              <td data-label="Acción">
                <CambioEstado atencion={a} onCambio={onCambio} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
