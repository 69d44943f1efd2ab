// What the printed pages (the atención's ticket, the cita's slip) show alike: the page while its
// data load, the clinic's identity on top, and the patient's name and document as their first lines.
import type { ReactNode } from 'react'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../shared/catalogos.js'
import type { Ticket } from '../../shared/ticket.js'
import { nombreClinica, useClinica } from '../state/clinica.js'

/**
 * The clinic as a printed page names it: its logo and name, then its RUC and RENIPRESS code,
 * address and phone (each only if Configuración has it), then what the page is.
 */
export function CabeceraClinica({ children }: { children: ReactNode }) {
  const c = useClinica()
  const registro = [c?.ruc && `RUC ${c.ruc}`, c?.renipress && `RENIPRESS ${c.renipress}`]
  const contacto = [c?.direccion, c?.telefono && `Tel. ${c.telefono}`]
  const linea = (partes: (string | null | undefined)[]) => partes.filter(Boolean).join(' · ')
  return (
    <header className="ticket__cabecera">
      {c?.logo && <img className="ticket__logo" src={c.logo} alt="" />}
      <p className="ticket__clinica">{nombreClinica(c)}</p>
      {linea(registro) && <p className="ticket__registro">{linea(registro)}</p>}
      {linea(contacto) && <p className="ticket__registro">{linea(contacto)}</p>}
      {children}
    </header>
  )
}

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
