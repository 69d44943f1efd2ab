// Próximas citas (docs/producto.md#ficha-del-paciente): the patient's citas from today on — day,
// time, sede, sala, studies, estado — each with its slip while it is still booked.
import type { ProximaCita } from '../../../shared/citas.js'
import { EstadoBadge } from '../../components/badges.js'
import { fecha } from '../../components/format.js'
import { IconPrinter } from '../../components/icons.js'
import { useLectura } from '../../lib/use-lectura.js'
import { paths } from '../../paths.js'
import { proximasCitas } from './paciente-api.js'

export function ProximasCitas({ pacienteId }: { pacienteId: number }) {
  const { datos: citas, error } = useLectura<ProximaCita[]>(
    (signal) => proximasCitas(pacienteId, signal),
    pacienteId,
    'No se pudieron cargar las citas',
  )

  return (
    <section className="card" aria-labelledby="proximas-citas-titulo">
      <header className="card__header">
        <h2 id="proximas-citas-titulo">Próximas citas</h2>
      </header>
      <div className="card__body">
        {error && (
          <p className="text-error" role="alert">
            {error}
          </p>
        )}
        {citas === null && !error && <div className="skeleton historial-skeleton" />}
        {citas?.length === 0 && <p className="muted">Sin citas próximas.</p>}
        {citas && citas.length > 0 && (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Hora</th>
                  <th scope="col">Sede</th>
                  <th scope="col">Sala</th>
                  <th scope="col">Estudios</th>
                  <th scope="col">Estado</th>
                  <th scope="col">
                    <span className="visually-hidden">Comprobante</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {citas.map((c) => (
                  <tr key={c.id} data-testid="proxima-cita">
                    <td className="nowrap">{fecha(c.inicio)}</td>
                    <td className="nowrap">
                      {c.inicio.slice(11, 16)}–{c.fin.slice(11, 16)}
                    </td>
                    <td>{c.sede}</td>
                    <td>{c.sala}</td>
                    <td>{c.estudios.map((e) => e.nombre).join(', ')}</td>
                    <td>
                      <EstadoBadge estado={c.estado} />
                    </td>
                    <td>
                      {/* Only while booked: on arrival the atención has its own ticket. */}
                      {c.estado === 'Programado' && (
                        <a
                          className="btn btn--ghost btn--sm nowrap"
                          href={paths.comprobanteCita(c.id)}
                          target="_blank"
                          rel="noopener"
                          aria-label={`Comprobante de la cita del ${fecha(c.inicio)} a las ${c.inicio.slice(11, 16)}`}
                        >
                          <IconPrinter />
                          Comprobante
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  )
}
