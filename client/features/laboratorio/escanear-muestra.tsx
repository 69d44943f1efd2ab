// «Escanear muestra»: a keyboard-wedge scanner types the label's 8 digits and Enter; the sample is
// received, the box emptied and kept focused for the next tube. What the server refuses is said in
// its Spanish; the box is emptied all the same, so the next scan does not add to a wrong code.
import { useRef, useState, type FormEvent } from 'react'
import { idDeCodigoMuestra, MENSAJES_MUESTRAS, type Muestra } from '../../../shared/muestras.js'
import { mensajeDe } from '../../api.js'
import { IconAlert, IconCheck } from '../../components/icons.js'
import { recibirMuestra } from '../../lib/laboratorio-api.js'

export function EscanearMuestra({
  pacienteDe,
  onRecibida,
}: {
  /** The patient of an atención on the list shown, to name them in the message. */
  pacienteDe: (atencionId: number) => string | undefined
  onRecibida: (m: Muestra) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  const [codigo, setCodigo] = useState('')
  // Scans in flight: a second tube may be scanned before the first answers.
  const [enviando, setEnviando] = useState(0)
  const [aviso, setAviso] = useState<{ ok: boolean; texto: string } | null>(null)

  const enviar = async (e: FormEvent) => {
    e.preventDefault()
    const leido = codigo.trim()
    setCodigo('')
    ref.current?.focus()
    if (!leido) return
    if (idDeCodigoMuestra(leido) === null) {
      setAviso({ ok: false, texto: `${leido}: ${MENSAJES_MUESTRAS.codigoInvalido}` })
      return
    }
    setEnviando((n) => n + 1)
    try {
      const m = await recibirMuestra(leido)
      const paciente = pacienteDe(m.atencionId)
      setAviso({
        ok: true,
        texto: `Muestra ${m.codigo} recibida${paciente ? ` — ${paciente}` : ''} · ${m.recipiente}`,
      })
      onRecibida(m)
    } catch (err) {
      setAviso({ ok: false, texto: `${leido}: ${mensajeDe(err, 'No se pudo recibir la muestra')}` })
    } finally {
      setEnviando((n) => n - 1)
      ref.current?.focus()
    }
  }

  return (
    <form className="card escanear" onSubmit={(e) => void enviar(e)} noValidate>
      <label className="field escanear__campo">
        <span className="field__label">Escanear muestra</span>
        <input
          ref={ref}
          className="input mono"
          value={codigo}
          onChange={(e) => setCodigo(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          maxLength={40}
          placeholder="Código de la etiqueta"
          aria-describedby="escanear-aviso"
        />
      </label>
      {/* Never disabled: Enter on a form whose submit button is disabled submits nothing. */}
      <button type="submit" className="btn btn--secondary">
        {enviando > 0 && <span className="spinner" aria-hidden="true" />}
        Recibir
      </button>
      <p
        id="escanear-aviso"
        className={`escanear__aviso ${aviso ? (aviso.ok ? 'escanear__aviso--ok' : 'text-error') : ''}`}
        role="status"
        data-testid="escanear-aviso"
      >
        {aviso &&
          (aviso.ok ? <IconCheck className="icon--sm" /> : <IconAlert className="icon--sm" />)}
        {aviso?.texto}
      </p>
    </form>
  )
}
