// A patient's atenciones, newest first: each estado with its last change (undoable for a while), a
// button per estado the worklist allows next (Cancelado asks first, with a reason) and the
// correction of the registered data. Nothing changes on a keystroke: only a button's click does.
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { MINUTOS_DESHACER, type Atencion } from '../../../shared/atenciones.js'
import {
  ESTADOS_ABIERTOS,
  MODALIDAD_INFO,
  TRANSICIONES,
  type Estado,
} from '../../../shared/catalogos.js'
import { mensajeDe } from '../../api.js'
import { EstadoBadge, ModalidadIcon, PrioridadBadge } from '../../components/badges.js'
import { fecha, fechaHora } from '../../components/format.js'
import { sesion } from '../../state/sesion.js'
import { CancelarAtencion } from './cancelar-atencion.js'
import { EditarAtencion } from './editar-atencion.js'
import { cambiarEstado, deshacerCambio } from './paciente-api.js'

/** The current time, again every 15 seconds: the offer to undo ends on time without a reload. */
function useAhora(): number {
  const [ahora, setAhora] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setAhora(Date.now()), 15_000)
    return () => clearInterval(t)
  }, [])
  return ahora
}

const hora = (iso: string) =>
  new Date(iso).toLocaleTimeString('es-PE', { hour: '2-digit', minute: '2-digit', hour12: false })

/** The estado, a cancellation's reason, the last change and, while allowed, its undoing. */
function EstadoCelda({
  atencion,
  ahora,
  onCambio,
}: {
  atencion: Atencion
  ahora: number
  onCambio: (a: Atencion) => void
}) {
  const { usuario } = useSnapshot(sesion)
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const c = atencion.ultimoCambio
  const id = `cambio-${atencion.id}`
  const autorEnPlazo =
    c !== null && usuario?.usuario === c.usuario && Date.parse(c.deshacibleHasta) > ahora
  const puede = c !== null && (autorEnPlazo || usuario?.rol === 'admin')

  const deshacer = async () => {
    setEnviando(true)
    setError(null)
    try {
      onCambio(await deshacerCambio(atencion.id, atencion.estado))
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo deshacer el cambio'))
    } finally {
      setEnviando(false)
    }
  }

  return (
    <div className="estado-celda">
      <EstadoBadge estado={atencion.estado} />
      {atencion.motivoCancelacion && (
        <p className="estado-celda__motivo small">Motivo: {atencion.motivoCancelacion}</p>
      )}
      {c && (
        <p className="small muted">
          Antes: {c.desde} · {c.nombre}, {fechaHora(c.en)}
        </p>
      )}
      {c && puede && (
        <div className="estado-celda__deshacer">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={enviando}
            onClick={() => void deshacer()}
            aria-describedby={`${id}-regla`}
          >
            Deshacer
          </button>
          <p className="small muted" id={`${id}-regla`}>
            {autorEnPlazo
              ? `Quien hace un cambio puede deshacerlo durante ${MINUTOS_DESHACER} minutos: hasta las ${hora(c.deshacibleHasta)}.`
              : `Como administrador puede deshacerlo en cualquier momento; quien hizo el cambio, solo durante ${MINUTOS_DESHACER} minutos.`}
          </p>
        </div>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

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
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const siguientes = TRANSICIONES[atencion.estado]
  const corregible = (ESTADOS_ABIERTOS as readonly Estado[]).includes(atencion.estado)
  if (siguientes.length === 0 && !corregible)
    return <span className="muted small nowrap">Estado final</span>

  const cambiar = async (estado: Estado) => {
    setEnviando(true)
    setError(null)
    try {
      onCambio(await cambiarEstado(atencion.id, { estado, desde: atencion.estado }))
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo cambiar el estado'))
    } finally {
      setEnviando(false)
    }
  }

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
                <EstadoCelda atencion={a} ahora={ahora} onCambio={onCambio} />
              </td>
              <td data-label="Acción">
                <Acciones
                  atencion={a}
                  onCambio={onCambio}
                  onCancelar={() => setDialogo({ tipo: 'cancelar', id: a.id })}
                  onEditar={() => setDialogo({ tipo: 'editar', id: a.id })}
                />
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
