// What the printed pages (the atención's ticket, the cita's slip) show alike: the page while its
// data load, and the patient's name and document as their first lines.
import { TIPO_DOCUMENTO_ETIQUETA } from '../../shared/catalogos.js'
import type { Ticket } from '../../shared/ticket.js'

export function CargandoImpresion() {
  return (
    <main className="ticket-pagina" aria-busy="true">
      <div className="centered" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Cargando…</span>
      </div>
    </main>
  )
}

/** The patient's rows of a printed page's data list. */
export function FilasPaciente({ paciente: p }: { paciente: Ticket['paciente'] }) {
  return (
    <>
      <div>
        <dt>Paciente</dt>
        <dd className="ticket__nombre">{p.nombreCompleto}</dd>
      </div>
      <div>
        <dt>Documento</dt>
        <dd>
          {TIPO_DOCUMENTO_ETIQUETA[p.tipoDocumento]} {p.documento}
        </dd>
      </div>
    </>
  )
}
