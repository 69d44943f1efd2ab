// Ticket de atención (docs/producto.md#ticket-de-atención): what the patient carries from the front
// desk to the waiting room (turno, name, document, age, estudios, sede, arrival, the atención's
// number as a barcode), printed on an 80 mm receipt printer or on A4. Outside the app's frame:
// printed alone, with its size chosen above it.
import { Fragment, useEffect, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { Link, useParams } from 'wouter'
import type { Ticket } from '../../../shared/ticket.js'
import { ApiError, mensajeDe } from '../../api.js'
import { edad, fecha } from '../../components/format.js'
import { AccesoImpreso } from '../../components/acceso-impreso.js'
import { IconAlert } from '../../components/icons.js'
import {
  CargandoImpresion,
  FilasPaciente,
  CabeceraClinica,
} from '../../components/impresion-partes.js'
import { BarraImpresion, useFormatoImpresion } from '../../components/barra-impresion.js'
import { useTitle } from '../../components/use-title.js'
import { paths } from '../../paths.js'
import { catalogos, etiquetaModalidad, useCatalogos } from '../../state/catalogos.js'
import { CodigoBarras } from './codigo-barras.js'
import { usePaginaImpresa } from '../../components/pagina-impresa.js'
import { obtenerTicket } from '../../lib/ticket-api.js'
import '../../components/pagina-impresa.css'

export default function TicketPage() {
  useTitle('Ticket de atención')
  const { id = '' } = useParams<{ id: string }>()
  const formato = useFormatoImpresion()
  const [ticket, setTicket] = useState<Ticket | null>(null)
  const [error, setError] = useState<{ texto: string; noEncontrada: boolean } | null>(null)
  // The modalities' names come from the catalogue: the ticket waits for it, unless it failed.
  const catalogo = useCatalogos()
  const { error: sinCatalogo } = useSnapshot(catalogos)
  const listo = ticket !== null && (catalogo !== null || sinCatalogo !== null)
  const ref = useRef<HTMLElement>(null)
  usePaginaImpresa(formato, ref, listo)

  useEffect(() => {
    if (!/^[0-9]{1,12}$/.test(id)) {
      setError({ texto: 'Atención no encontrada', noEncontrada: true })
      return
    }
    const ctrl = new AbortController()
    obtenerTicket(id, ctrl.signal)
      .then(setTicket)
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return
        const e = err instanceof ApiError ? err : null
        setError({
          texto: mensajeDe(err, 'No se pudo cargar el ticket'),
          noEncontrada: e?.status === 404,
        })
      })
    return () => ctrl.abort()
  }, [id])

  if (error)
    return (
      <main className="ticket-pagina">
        <div className="card card__body notfound">
          <IconAlert />
          <h1>{error.noEncontrada ? 'Atención no encontrada' : 'No se pudo cargar el ticket'}</h1>
          <p className="muted">
            {error.noEncontrada ? `No existe una atención con el N.º ${id}.` : error.texto}
          </p>
          <Link href={paths.buscarPaciente} className="btn btn--primary">
            Buscar paciente
          </Link>
        </div>
      </main>
    )
  if (!ticket || !listo) return <CargandoImpresion />

  const { atencion: a, paciente: p } = ticket
  // A visit of several modalities (shared/visitas.ts): one ticket and one turno for all of them.
  const varias = ticket.visita.length > 1
  const estudios = (v: Ticket['visita'][number]) =>
    `${etiquetaModalidad(catalogo, v.modalidad)}: ${v.estudios.map((e) => e.nombre).join(', ')}`
  return (
    <main className="ticket-pagina">
      <BarraImpresion
        formato={formato}
        ruta={paths.ticket(a.id)}
        volver={paths.paciente(p.id)}
        textoVolver="Volver a la ficha"
      />

      <article ref={ref} className={`ticket ticket--${formato}`} aria-label="Ticket de atención">
        <CabeceraClinica>
          <p className="ticket__sede">
            Sede {a.sede}
            {!varias && ticket.sala && ` · ${ticket.sala}`}
          </p>
        </CabeceraClinica>
        <div className="ticket__turno">
          <span>Turno</span>
          <strong>{ticket.turno}</strong>
        </div>
        <dl className="ticket__datos">
          <FilasPaciente paciente={p} />
          <div>
            <dt>Edad</dt>
            <dd>{edad(p.edad, p.tipoEdad)}</dd>
          </div>
          <div>
            <dt>Estudios</dt>
            <dd>
              {varias ? (
                <ul className="ticket__estudios">
                  {ticket.visita.map((v) => (
                    <li key={v.id}>
                      {estudios(v)}
                      {v.sala && <span> · {v.sala}</span>}
                    </li>
                  ))}
                </ul>
              ) : (
                estudios(ticket.visita[0]!)
              )}
            </dd>
          </div>
          {a.prioridad !== 'Rutina' && (
            <div>
              <dt>Prioridad</dt>
              <dd className="ticket__prioridad">{a.prioridad}</dd>
            </div>
          )}
          <div>
            <dt>Llegada</dt>
            <dd>
              {fecha(a.fechaLlegada)} {a.horaLlegada}
            </dd>
          </div>
        </dl>
        {ticket.visita.map((v) => (
          <Fragment key={v.id}>
            <CodigoBarras
              valor={String(v.id)}
              etiqueta={`Código de barras de la atención ${v.id}`}
            />
            <p className="ticket__numero">
              Atención N.º {v.id}
              {varias && ` · ${etiquetaModalidad(catalogo, v.modalidad)}`}
            </p>
          </Fragment>
        ))}
        <AccesoImpreso acceso={ticket.accesoResultados} pacienteId={p.id} />
        <p className="ticket__pie">Espere a que llamen su turno.</p>
      </article>
    </main>
  )
}
