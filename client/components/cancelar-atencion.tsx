// Cancelado is final: it is asked for with a confirmation and its reason, which is stored and shown.
// The patient's page and the worklist ask it the same way.
import { useState, type FormEvent } from 'react'
import { MENSAJES_ATENCIONES, MOTIVO_MAXIMO, type Atencion } from '../../shared/atenciones.js'
import { limpiar } from '../../shared/texto.js'
import { mensajeDe } from '../api.js'
import { cambiarEstado } from '../lib/estado-atencion.js'
import { describe, Field } from './field.js'
import { fecha } from './format.js'
import { IconAlert } from './icons.js'
import { Modal, PieDialogo } from './modal.js'
import './estado-atencion.css'

/** What the dialog shows of the atención it cancels. */
export type AtencionACancelar = Pick<
  Atencion,
  'id' | 'estado' | 'estudios' | 'fechaLlegada' | 'horaLlegada' | 'cita'
>

export function CancelarAtencion({
  atencion,
  onCancelada,
  onVolver,
}: {
  atencion: AtencionACancelar
  onCancelada: (a: Atencion) => void
  onVolver: () => void
}) {
  const [motivo, setMotivo] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  const [enviando, setEnviando] = useState(false)
  const id = `cancelar-${atencion.id}`

  const confirmar = async (e: FormEvent) => {
    e.preventDefault()
    setFallo(null)
    if (!limpiar(motivo)) {
      setError(MENSAJES_ATENCIONES.motivoRequerido)
      return
    }
    setError(null)
    setEnviando(true)
    try {
      onCancelada(
        await cambiarEstado(atencion.id, { estado: 'Cancelado', desde: atencion.estado, motivo }),
      )
    } catch (err) {
      setFallo(mensajeDe(err, 'No se pudo cancelar la atención'))
      setEnviando(false)
    }
  }

  return (
    <Modal labelledBy={`${id}-titulo`} describedBy={`${id}-texto`} onVolver={onVolver}>
      <div className="dialog__icon dialog__icon--danger" aria-hidden="true">
        <IconAlert />
      </div>
      <h2 id={`${id}-titulo`}>¿Cancelar la atención N.º {atencion.id}?</h2>
      <p id={`${id}-texto`}>
        {atencion.estudios.map((e) => e.nombre).join(', ')},{' '}
        {/* A cita not yet arrived has a booked time, not an arrival. */}
        {atencion.cita && atencion.estado === 'Programado' ? 'cita del' : 'llegada el'}{' '}
        {fecha(atencion.fechaLlegada)} {atencion.horaLlegada}. Una atención cancelada sale de la
        lista de trabajo; el motivo queda registrado y se muestra junto a su estado.
      </p>
      <form className="dialog__form" onSubmit={(e) => void confirmar(e)} noValidate>
        <Field
          id={`${id}-motivo`}
          label="Motivo de la cancelación"
          required
          error={error ?? undefined}
        >
          <input
            className="input"
            maxLength={MOTIVO_MAXIMO}
            autoComplete="off"
            autoFocus
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
            {...describe(`${id}-motivo`, error ?? undefined)}
          />
        </Field>
        <PieDialogo
          fallo={fallo}
          onVolver={onVolver}
          enviando={enviando}
          enviar="Cancelar atención"
          peligro
        />
      </form>
    </Modal>
  )
}
