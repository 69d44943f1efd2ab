// A patient's atenciones, newest first: each estado with its last change (undoable for a while), a
// button per estado the worklist allows next (Cancelado asks first, with a reason) and the
// correction of the registered data. Nothing changes on a keystroke: only a button's click does.
import { useState } from 'react'
import type { Atencion } from '../../../shared/atenciones.js'
import { ESTADOS_ABIERTOS, type Estado } from '../../../shared/catalogos.js'
import { siguientesEstados } from '../../../shared/estado-atencion.js'
import { hoyClinica } from '../../lib/hoy.js'
import { ModalidadIcon, PrioridadBadge } from '../../components/badges.js'
import { CancelarAtencion } from '../../components/cancelar-atencion.js'
import { EstadoCelda, useAhora } from '../../components/estado-celda.js'
import { fecha } from '../../components/format.js'
import { IconPrinter } from '../../components/icons.js'
import { useCambiarEstado } from '../../lib/estado-atencion.js'
import { paths } from '../../paths.js'
import { useCatalogos, useEtiquetaModalidad } from '../../state/catalogos.js'
import { EditarAtencion } from './editar-atencion.js'

/** A button per next estado, and Editar while the atención is not done. */
function Acciones({
  atencion,
  onCambio,
  onCancelar,
  onEditar,
}: {
  atencion: Atencion
  onCambio: (a: Atencion) => void
  onCancelar: () => void
  onEditar: () => void
}) {
  const { cambiar, enviando, error } = useCambiarEstado(atencion, onCambio)
  const siguientes = siguientesEstados(
    atencion.estado,
    atencion.cita,
    atencion.fechaLlegada !== hoyClinica(),
  )
  const corregible = (ESTADOS_ABIERTOS as readonly Estado[]).includes(atencion.estado)
  if (siguientes.length === 0 && !corregible)
    return <span className="muted small nowrap">Estado final</span>

  return (
    <div className="acciones">
      <div
        className="acciones__botones"
        role="group"
        aria-label={`Acciones de la atención ${atencion.id}`}
      >
        {siguientes.map((s) =>
          s === 'Cancelado' ? (
            <button
              key={s}
              type="button"
              className="btn btn--danger-soft btn--sm"
              disabled={enviando}
              onClick={onCancelar}
            >
              Cancelar…
            </button>
          ) : (
            <button
              key={s}
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={enviando}
              aria-label={`Pasar a ${s}`}
              onClick={() => void cambiar(s)}
            >
              <span aria-hidden="true">→</span> {s}
            </button>
          ),
        )}
        {corregible && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-label={`Editar atención ${atencion.id}`}
            onClick={onEditar}
          >
            Editar
          </button>
        )}
      </div>
      {error && (
        <p className="field__error" role="alert">
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
  const ahora = useAhora()
  const catalogo = useCatalogos()
  const etiqueta = useEtiquetaModalidad()
  const sala = (id: number | null) => catalogo?.salas.find((s) => s.id === id)?.nombre
  const [dialogo, setDialogo] = useState<{ tipo: 'cancelar' | 'editar'; id: number } | null>(null)
  const abierta = dialogo && atenciones.find((a) => a.id === dialogo.id)
  const cerrar = () => setDialogo(null)
  const guardada = (a: Atencion) => {
    setDialogo(null)
    onCambio(a)
  }

  if (atenciones.length === 0)
    return <p className="empty">Este paciente aún no tiene atenciones registradas.</p>
  // Newest arrival first, as the server lists them (a stable sort keeps its order within a
  // minute): a corrected arrival moves to its place without a reload.
  const llegada = (a: Atencion) => `${a.fechaLlegada} ${a.horaLlegada}`
  const filas = [...atenciones].sort((a, b) => llegada(b).localeCompare(llegada(a)))
  return (
    <div className="table-wrap">
      {/* Compact: nine columns fit the card at 1366 px with the menu open (e2e/pantallas-1366). */}
      <table className="table table--cards table--compact">
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
            <th scope="col" className="solo-pantalla">
              Acción
            </th>
          </tr>
        </thead>
        <tbody>
          {filas.map((a) => (
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
                  <span aria-hidden="true">{etiqueta(a.modalidad)}</span>
                </span>
              </td>
              <td data-label="Estudios">{a.estudios.map((e) => e.nombre).join(', ')}</td>
              <td data-label="Sede" className="nowrap">
                {a.sede}
                {sala(a.salaId) && <span className="muted"> · {sala(a.salaId)}</span>}
              </td>
              <td data-label="Procedencia">{a.procedencia}</td>
              <td data-label="Prioridad">
                <PrioridadBadge prioridad={a.prioridad} />
              </td>
              <td data-label="Estado">
                <EstadoCelda atencion={a} ahora={ahora} onCambio={onCambio} />
              </td>
              <td data-label="Acción" className="solo-pantalla">
                <Acciones
                  atencion={a}
                  onCambio={onCambio}
                  onCancelar={() => setDialogo({ tipo: 'cancelar', id: a.id })}
                  onEditar={() => setDialogo({ tipo: 'editar', id: a.id })}
                />
                {/* Its own tab: the ticket prints alone, and this page stays as it was. */}
                <a
                  className="btn btn--ghost btn--sm atencion-ticket"
                  href={paths.ticket(a.id)}
                  target="_blank"
                  rel="noopener"
                  aria-label={`Imprimir el ticket de la atención ${a.id}`}
                >
                  <IconPrinter />
                  Ticket
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {abierta && dialogo.tipo === 'cancelar' && (
        <CancelarAtencion atencion={abierta} onCancelada={guardada} onVolver={cerrar} />
      )}
      {abierta && dialogo.tipo === 'editar' && (
        <EditarAtencion atencion={abierta} onGuardada={guardada} onVolver={cerrar} />
      )}
    </div>
  )
}
