// «Rechazar» a sample: the reason from the list (a note is required for «Otro»); the server records
// the new sample to draw, whose label then prints.
import { useState, type FormEvent } from 'react'
import {
  MENSAJES_MUESTRAS,
  MOTIVOS_RECHAZO,
  type MotivoRechazo,
  type Muestra,
} from '../../../shared/muestras.js'
import { limpiar } from '../../../shared/texto.js'
import { mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { IconAlert } from '../../components/icons.js'
import { Modal, PieDialogo } from '../../components/modal.js'
import { rechazarMuestra } from '../../lib/laboratorio-api.js'

export function RechazarDialogo({
  muestra,
  onRechazada,
  onVolver,
}: {
  muestra: Muestra
  onRechazada: (nueva: Muestra) => void
  onVolver: () => void
}) {
  const [motivo, setMotivo] = useState<MotivoRechazo | ''>('')
  const [nota, setNota] = useState('')
  const [errores, setErrores] = useState<{ motivo?: string; nota?: string }>({})
  const [fallo, setFallo] = useState<string | null>(null)
  const [enviando, setEnviando] = useState(false)
  const id = `rechazar-${muestra.codigo}`

  const enviar = async (e: FormEvent) => {
    e.preventDefault()
    const n = limpiar(nota)
    const faltan = {
      ...(!motivo && { motivo: MENSAJES_MUESTRAS.motivoRequerido }),
      ...(motivo === 'Otro' && !n && { nota: MENSAJES_MUESTRAS.notaRequerida }),
    }
    setErrores(faltan)
    if (!motivo || Object.keys(faltan).length > 0) return
    setEnviando(true)
    setFallo(null)
    try {
      onRechazada((await rechazarMuestra(muestra.codigo, motivo, n || undefined)).nueva)
    } catch (err) {
      setFallo(mensajeDe(err, 'No se pudo rechazar la muestra'))
      setEnviando(false)
    }
  }

  return (
    <Modal labelledBy={`${id}-titulo`} describedBy={`${id}-texto`} onVolver={onVolver}>
      <div className="dialog__icon dialog__icon--danger" aria-hidden="true">
        <IconAlert />
      </div>
      <h2 id={`${id}-titulo`}>Rechazar la muestra {muestra.codigo}</h2>
      <p id={`${id}-texto`}>
        {muestra.recipiente} · {muestra.estudios.join(', ')}. Se registrará una muestra nueva para
        tomar, con su propia etiqueta.
      </p>
      <form className="dialog__form" onSubmit={(e) => void enviar(e)} noValidate>
        <Field id={`${id}-motivo`} label="Motivo" required error={errores.motivo}>
          <select
            className="select"
            value={motivo}
            autoFocus
            {...describe(`${id}-motivo`, errores.motivo)}
            onChange={(e) => {
              setMotivo(e.target.value as MotivoRechazo | '')
              setErrores({})
            }}
          >
            <option value="">Elija el motivo</option>
            {MOTIVOS_RECHAZO.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-nota`} label="Nota" required={motivo === 'Otro'} error={errores.nota}>
          <input
            className="input"
            value={nota}
            maxLength={500}
            autoComplete="off"
            {...describe(`${id}-nota`, errores.nota)}
            onChange={(e) => {
              setNota(e.target.value)
              setErrores(({ nota: _, ...resto }) => resto)
            }}
          />
        </Field>
        <PieDialogo
          fallo={fallo}
          onVolver={onVolver}
          enviando={enviando}
          enviar="Rechazar muestra"
          peligro
        />
      </form>
    </Modal>
  )
}
