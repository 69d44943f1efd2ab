// Comprobante de cita (docs/producto.md#comprobante-de-cita): what the patient takes home when a
// cita is booked — the day, the time, the sede and sala, the studies and how to prepare for each
// (from the catalogue). Outside the app's frame, like the ticket, on 80 mm paper or A4. Its data
// come from the atención's ticket (patient, sede, studies) and that day's agenda (sala, time).
import { useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'wouter'
import type { CitaAgenda, SalaAgenda } from '../../../shared/citas.js'
import type { Ticket } from '../../../shared/ticket.js'
import { mensajeDe } from '../../api.js'
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
import { useCatalogos } from '../../state/catalogos.js'
import { usePaginaImpresa } from '../../components/pagina-impresa.js'
import { obtenerTicket } from '../../lib/ticket-api.js'
import { leerAgenda } from './citas-api.js'
import { fechaLarga, horaDe } from './fechas.js'
import '../../components/pagina-impresa.css'
import './comprobante.css'

interface Datos {
  ticket: Ticket
  sala: SalaAgenda
  cita: CitaAgenda
}

async function leerComprobante(id: string, signal: AbortSignal): Promise<Datos> {
  const ticket = await obtenerTicket(id, signal)
  const a = ticket.atencion
  // A cita's arrival is its start until the patient arrives (docs/datos.md#citas).
  const agenda = await leerAgenda({ sede: a.sede, fecha: a.fechaLlegada }, signal)
  for (const sala of agenda.salas) {
    const cita = sala.citas.find((c) => c.id === a.id)
    if (cita) return { ticket, sala, cita }
  }
  // Not a cita, or one already arrived (its arrival day is then the real one).
  throw new Error('Cita no encontrada')
}

export default function ComprobantePage() {
  useTitle('Comprobante de cita')
  const { id = '' } = useParams<{ id: string }>()
  const catalogos = useCatalogos()
  const formato = useFormatoImpresion()
  const [datos, setDatos] = useState<Datos | null>(null)
  const [error, setError] = useState<string | null>(null)
  const ref = useRef<HTMLElement>(null)
  usePaginaImpresa(formato, ref, datos !== null && catalogos !== null)

  useEffect(() => {
    if (!/^[0-9]{1,12}$/.test(id)) {
      setError('Cita no encontrada')
      return
    }
    const ctrl = new AbortController()
    leerComprobante(id, ctrl.signal)
      .then(setDatos)
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted) setError(mensajeDe(err, 'Cita no encontrada'))
      })
    return () => ctrl.abort()
  }, [id])

  if (error)
    return (
      <main className="ticket-pagina">
        <div className="card card__body notfound">
          <IconAlert />
          <h1>{error}</h1>
          <Link href={paths.citas} className="btn btn--primary">
            Ir a Citas
          </Link>
        </div>
      </main>
    )
  if (!datos || !catalogos) return <CargandoImpresion />

  const { ticket, sala, cita } = datos
  const a = ticket.atencion
  const p = ticket.paciente
  const delCatalogo = catalogos.modalidades.find((m) => m.valor === sala.modalidad)?.estudios ?? []
  const estudios = cita.estudios.map((e) => ({
    nombre: e.nombre,
    preparacion: delCatalogo.find((c) => c.nombre === e.nombre)?.preparacion ?? null,
  }))
  const volver = `${paths.citas}?${new URLSearchParams({ sede: a.sede, fecha: a.fechaLlegada }).toString()}`

  return (
    <main className="ticket-pagina">
      <BarraImpresion
        formato={formato}
        ruta={paths.comprobanteCita(a.id)}
        volver={volver}
        textoVolver="Volver a Citas"
      />

      <article ref={ref} className={`ticket ticket--${formato}`} aria-label="Comprobante de cita">
        <CabeceraClinica>
          <p className="ticket__sede">Comprobante de cita</p>
        </CabeceraClinica>
        <dl className="ticket__datos">
          <FilasPaciente paciente={p} />
          <div>
            <dt>Fecha</dt>
            <dd className="comprobante__fecha">{fechaLarga(a.fechaLlegada)}</dd>
          </div>
          <div>
            <dt>Hora</dt>
            <dd>
              {horaDe(cita.inicio)} a {horaDe(cita.fin)}
            </dd>
          </div>
          <div>
            <dt>Sede</dt>
            <dd>{a.sede}</dd>
          </div>
          <div>
            <dt>Sala</dt>
            <dd>{sala.nombre}</dd>
          </div>
        </dl>
        <h2 className="comprobante__titulo">Estudios y preparación</h2>
        <ul className="comprobante__estudios">
          {estudios.map((e) => (
            <li key={e.nombre}>
              <strong>{e.nombre}</strong>
              <p>{e.preparacion ?? 'No requiere preparación.'}</p>
            </li>
          ))}
        </ul>
        <p className="ticket__numero">Cita N.º {a.id}</p>
        <AccesoImpreso acceso={ticket.accesoResultados} pacienteId={p.id} />
      </article>
    </main>
  )
}
