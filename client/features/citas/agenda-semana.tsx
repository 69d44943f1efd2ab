// A sede's week (docs/producto.md#citas): one card a day, Monday to Sunday, with each sala's
// booked citas and free slots counted; a day's name opens that day. Cards wrap rather than
// scroll, so a phone reads the week top to bottom.
import { Link } from 'wouter'
import type { Agenda, SalaAgenda } from '../../../shared/citas.js'
import { diaCorto, fechaLarga } from './fechas.js'
import { plural } from '../../components/format.js'

/** Cancelled and missed citas hold no slot: they are not counted as booked. */
const reservadas = (sala: SalaAgenda) =>
  sala.citas.filter((c) => c.estado !== 'Cancelado' && c.estado !== 'No se presentó').length

export function AgendaSemana({
  fechas,
  agendas,
  hoy,
  enlace,
}: {
  fechas: string[]
  /** The days read so far; a day not among them shows as still loading. */
  agendas: Agenda[]
  hoy: string
  /** The address of a day's agenda. */
  enlace: (fecha: string) => string
}) {
  return (
    <ol className="semana" aria-label="Días de la semana">
      {fechas.map((fecha) => {
        const dia = agendas.find((a) => a.fecha === fecha)
        const abiertas = dia?.salas.filter((s) => s.apertura) ?? []
        return (
          <li key={fecha} className={fecha === hoy ? 'semana-dia semana-dia--hoy' : 'semana-dia'}>
            <h3 className="semana-dia__titulo">
              <Link href={enlace(fecha)} aria-label={`Abrir el ${fechaLarga(fecha)}`}>
                {diaCorto(fecha)}
              </Link>
              {fecha === hoy && <span className="badge badge--info">Hoy</span>}
            </h3>
            {!dia ? (
              <p className="small muted">Cargando…</p>
            ) : abiertas.length === 0 ? (
              <p className="small muted">
                {dia.feriado ? `Feriado: ${dia.feriado}` : 'No atiende'}
              </p>
            ) : (
              <ul className="semana-dia__salas">
                {abiertas.map((s) => (
                  <li key={s.id} className="semana-sala">
                    <span className="semana-sala__nombre">{s.nombre}</span>
                    <span className="semana-sala__cuentas small">
                      <span>{plural(reservadas(s), 'cita', 'citas')}</span>{' '}
                      <span className="muted">
                        {plural(s.libres?.length ?? 0, 'libre', 'libres')}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        )
      })}
    </ol>
  )
}
