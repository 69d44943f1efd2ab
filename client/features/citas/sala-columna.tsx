// One sala's day: its opening ranges, then its citas, its blocked periods and its free slots in
// time order. A free slot opens the booking panel, or takes the cita being moved when the sala is
// of its modality.
import type { CitaAgenda, SalaAgenda, Tramo } from '../../../shared/citas.js'
import { CitaAgendada } from './cita-agendada.js'
import { horaDe } from './fechas.js'
import type { Moviendo } from './use-reprogramar.js'

type Bloqueo = SalaAgenda['bloqueos'][number]
type Fila =
  | { tipo: 'cita'; cita: SalaAgenda['citas'][number] }
  | { tipo: 'libre'; tramo: Tramo }
  | { tipo: 'bloqueo'; bloqueo: Bloqueo }

const inicioDe = (f: Fila) =>
  f.tipo === 'cita' ? f.cita.inicio : f.tipo === 'libre' ? f.tramo.inicio : f.bloqueo.inicio

/** A blocked period as the day reads it: its hours, or where it began or ends on another day. */
export function horasDelBloqueo(b: Bloqueo, fecha: string): string {
  const desde = b.inicio.slice(0, 10) < fecha ? null : horaDe(b.inicio)
  const hasta = b.fin.slice(0, 10) > fecha ? null : horaDe(b.fin)
  if (desde && hasta) return `${desde}–${hasta}`
  if (desde) return `Desde las ${desde}`
  return hasta ? `Hasta las ${hasta}` : 'Todo el día'
}

export function SalaColumna({
  sala,
  fecha,
  feriado,
  oculta,
  moviendo,
  onReservar,
  onMover,
  onReprogramar,
  onCambio,
}: {
  sala: SalaAgenda
  /** The day shown, 'YYYY-MM-DD'. */
  fecha: string
  /** The feriado that closes the sede that day (shared/feriados.ts), or null. */
  feriado: string | null
  /** On a phone, one sala shows at a time. */
  oculta: boolean
  /** A cita being rescheduled: the free slots of a sala of its modality take it. */
  moviendo: Moviendo | null
  onReservar: (tramo: Tramo) => void
  onMover: (tramo: Tramo) => void
  onReprogramar: (cita: CitaAgenda) => void
  onCambio: () => void
}) {
  const recibe = moviendo !== null && moviendo.sala.modalidad === sala.modalidad
  // While a cita is being moved, the other modalities' slots are no place for it.
  const libres = moviendo && !recibe ? [] : (sala.libres ?? [])
  const filas: Fila[] = [
    ...sala.citas.map((cita) => ({ tipo: 'cita' as const, cita })),
    ...libres.map((tramo) => ({ tipo: 'libre' as const, tramo })),
    ...sala.bloqueos.map((bloqueo) => ({ tipo: 'bloqueo' as const, bloqueo })),
  ].sort((a, b) => inicioDe(a).localeCompare(inicioDe(b)))
  const titulo = `sala-${sala.id}-titulo`
  // Named in full by a label, not by hidden text: Chromium puts a space before a hidden span's
  // text (it is laid out as a block), which read «Mover aquí : Eco 1».
  const nombreTurno = (tramo: Tramo, accion: string) =>
    `${horaDe(tramo.inicio)} ${accion} ${sala.nombre} de ${horaDe(tramo.inicio)} a ${horaDe(tramo.fin)}`
  return (
    <section
      className={oculta ? 'agenda-sala agenda-sala--oculta-movil' : 'agenda-sala'}
      aria-labelledby={titulo}
      data-testid="sala"
    >
      <header className="agenda-sala__header">
        <h2 id={titulo}>{sala.nombre}</h2>
        <p className="small muted">
          {sala.horario.length > 0
            ? `Atiende ${sala.horario.map((t) => `de ${horaDe(t.inicio)} a ${horaDe(t.fin)}`).join(' y ')}`
            : feriado
              ? `Feriado: ${feriado}. No atiende citas`
              : 'No atiende este día'}
        </p>
      </header>
      {filas.length === 0 ? (
        sala.apertura && <p className="empty small">Sin turnos libres</p>
      ) : (
        <ul className="agenda-sala__lista">
          {filas.map((f) =>
            f.tipo === 'bloqueo' ? (
              <li key={`b${f.bloqueo.id}`} className="agenda-bloqueo">
                <span className="agenda-bloqueo__hora">{horasDelBloqueo(f.bloqueo, fecha)}</span>{' '}
                <span>
                  <strong>Bloqueada:</strong> {f.bloqueo.motivo}
                </span>
              </li>
            ) : f.tipo === 'cita' ? (
              <CitaAgendada
                key={`c${f.cita.id}`}
                cita={f.cita}
                moviendose={moviendo?.cita.id === f.cita.id}
                onReprogramar={() => onReprogramar(f.cita)}
                onCambio={onCambio}
              />
            ) : recibe ? (
              <li key={`l${f.tramo.inicio}`}>
                <button
                  type="button"
                  className="turno-libre turno-libre--destino"
                  onClick={() => onMover(f.tramo)}
                  aria-label={nombreTurno(f.tramo, 'Mover aquí:')}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault()
                    onMover(f.tramo)
                  }}
                >
                  <span className="turno-libre__hora">{horaDe(f.tramo.inicio)}</span>{' '}
                  <span className="turno-libre__texto">Mover aquí</span>
                </button>
              </li>
            ) : (
              <li key={`l${f.tramo.inicio}`}>
                <button
                  type="button"
                  className="turno-libre"
                  onClick={() => onReservar(f.tramo)}
                  aria-label={nombreTurno(f.tramo, 'Libre: reservar')}
                >
                  <span className="turno-libre__hora">{horaDe(f.tramo.inicio)}</span>{' '}
                  <span className="turno-libre__texto">Libre</span>
                </button>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  )
}
