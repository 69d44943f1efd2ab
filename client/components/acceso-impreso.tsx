// The patient's access code as the ticket and the appointment slip print it
// (docs/producto.md#ticket-de-atención): where to go, the code in groups of four, until when it
// works. A reprint has no code to show (only its hash is kept): the paper says so, and on screen
// the desk can issue a new one, which voids the old one, and print it.
import { useState } from 'react'
import type { Ticket } from '../../shared/ticket.js'
import { mensajeDe } from '../api.js'
import { reemitirCodigo } from '../lib/acceso-api.js'
import { fechaHora } from './format.js'

type Acceso = Ticket['accesoResultados']

export function AccesoImpreso({ acceso, pacienteId }: { acceso: Acceso; pacienteId: number }) {
  const [nuevo, setNuevo] = useState<{ codigo: string; emitidoEn: string; venceEn: string } | null>(
    null,
  )
  const [emitiendo, setEmitiendo] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const codigo = nuevo?.codigo ?? acceso.codigo
  const venceEn = nuevo?.venceEn ?? acceso.venceEn

  const emitir = async () => {
    if (emitiendo) return
    setEmitiendo(true)
    setError(null)
    try {
      setNuevo(await reemitirCodigo(pacienteId))
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo emitir el código'))
    } finally {
      setEmitiendo(false)
    }
  }

  return (
    <section className="acceso-impreso" aria-label="Acceso a resultados">
      <p className="acceso-impreso__titulo">Sus resultados por internet</p>
      {codigo ? (
        <>
          <p>
            Entre a <strong className="acceso-impreso__url">{acceso.url}</strong> con su documento y
            este código:
          </p>
          <p className="acceso-impreso__codigo" data-testid="codigo-acceso">
            {codigo}
          </p>
          <p>Vale hasta el {fechaHora(venceEn)}. No lo comparta.</p>
        </>
      ) : (
        <>
          <p>
            Su código de acceso ya se entregó el {fechaHora(acceso.emitidoEn)} y vale hasta el{' '}
            {fechaHora(venceEn)}; si lo perdió, pida uno nuevo en recepción.
          </p>
          <p>
            Entre a <strong className="acceso-impreso__url">{acceso.url}</strong>
          </p>
          <div className="solo-pantalla acceso-impreso__accion">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={emitiendo}
              onClick={() => void emitir()}
            >
              {emitiendo && <span className="spinner" aria-hidden="true" />}
              Emitir código nuevo
            </button>
            <span className="muted">El código anterior dejará de servir en el acto.</span>
            {error && (
              <p className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  )
}
