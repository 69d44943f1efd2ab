// One sala's day: its opening hours, then its citas and its free slots in time order. A free slot
// opens the booking panel, or takes the cita being moved when the sala is of its modality.
import type { CitaAgenda, SalaAgenda, Tramo } from '../../../shared/citas.js'
import { CitaAgendada } from './cita-agendada.js'
import { horaDe } from './fechas.js'
import type { Moviendo } from './use-reprogramar.js'

type Fila = { tipo: 'cita'; cita: SalaAgenda['citas'][number] } | { tipo: 'libre'; tramo: Tramo }

export function SalaColumna({
  sala,
  feriado,
  oculta,
  moviendo,
  onReservar,
  onMover,
  onReprogramar,
  onCambio,
}: {
  sala: SalaAgenda
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
  ].sort((a, b) =>
    (a.tipo === 'cita' ? a.cita.inicio : a.tramo.inicio).localeCompare(
      b.tipo === 'cita' ? b.cita.inicio : b.tramo.inicio,
    ),
  )
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
          {sala.apertura
            ? `Atiende de ${horaDe(sala.apertura.inicio)} a ${horaDe(sala.apertura.fin)}`
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
            f.tipo === 'cita' ? (
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
