// Rescheduling from the agenda (docs/producto.md#citas): «Mover» on a cita (or dragging it) picks
// it up; the free slots of salas of its modality — any day, the agenda can move meanwhile — become
// places to put it; a confirmation, then a notice with «Deshacer» for as long as the server allows
// its author to undo it.
import { useState } from 'react'
import { MINUTOS_DESHACER } from '../../../shared/atenciones.js'
import type { CitaAgenda, SalaAgenda, Tramo } from '../../../shared/citas.js'
import { mensajeDe } from '../../api.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { deshacerReprogramacion, reprogramarCita } from './citas-api.js'
import { fechaLarga, horaDe } from './fechas.js'

/** The cita being moved, from its sala. */
export interface Moviendo {
  cita: CitaAgenda
  sala: Pick<SalaAgenda, 'id' | 'nombre' | 'modalidad'>
  /** Its length: the free slots are cut to it. */
  minutos: number
}

interface Movida {
  id: number
  paciente: string
  inicio: string
  sala: string
  hasta: number
}

const minutosDe = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

const cuando = (inicio: string) => `${fechaLarga(inicio.slice(0, 10))}, ${horaDe(inicio)}`

export function useReprogramar(onCambio: () => void) {
  const [moviendo, setMoviendo] = useState<Moviendo | null>(null)
  const [destino, setDestino] = useState<{ sala: SalaAgenda; tramo: Tramo } | null>(null)
  const [movida, setMovida] = useState<Movida | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [enviando, setEnviando] = useState(false)
  const [aviso, setAviso] = useState<string | null>(null)

  const empezar = (cita: CitaAgenda, sala: SalaAgenda) => {
    setError(null)
    setAviso(null)
    setMoviendo({
      cita,
      sala: { id: sala.id, nombre: sala.nombre, modalidad: sala.modalidad },
      minutos: Math.max(5, minutosDe(horaDe(cita.fin)) - minutosDe(horaDe(cita.inicio))),
    })
  }

  const confirmar = async () => {
    if (!moviendo || !destino) return
    const { cita } = moviendo
    setEnviando(true)
    setError(null)
    try {
      const r = await reprogramarCita(cita.id, {
        salaId: destino.sala.id,
        inicio: destino.tramo.inicio,
      })
      setMovida({
        id: r.id,
        paciente: cita.paciente,
        inicio: r.inicio,
        sala: destino.sala.nombre,
        hasta: Date.now() + MINUTOS_DESHACER * 60_000,
      })
      setMoviendo(null)
      onCambio()
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo reprogramar la cita'))
    } finally {
      setDestino(null)
      setEnviando(false)
    }
  }

  const deshacer = async () => {
    if (!movida) return
    setEnviando(true)
    try {
      const r = await deshacerReprogramacion(movida.id, movida.inicio)
      setMovida(null)
      setError(null)
      onCambio()
      setAviso(`La cita de ${movida.paciente} volvió a ${cuando(r.inicio)}.`)
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo deshacer la reprogramación'))
    } finally {
      setEnviando(false)
    }
  }
  const vista = (
    <>
      {moviendo && (
        <div className="alert alert--info agenda-moviendo" role="status">
          <span>
            Reprogramando la cita de <strong>{moviendo.cita.paciente}</strong> (
            {cuando(moviendo.cita.inicio)}, {moviendo.sala.nombre}): elija un turno libre de una
            sala de {moviendo.sala.modalidad}, este u otro día.
          </span>
          <button
            type="button"
            className="btn btn--secondary btn--sm alert__action"
            onClick={() => setMoviendo(null)}
          >
            No mover
          </button>
        </div>
      )}
      {movida && movida.hasta > Date.now() && (
        <div className="alert alert--success agenda-moviendo" role="status">
          <span>
            Cita de {movida.paciente} movida a {cuando(movida.inicio)}, {movida.sala}.
          </span>
          <button
            type="button"
            className="btn btn--secondary btn--sm alert__action"
            disabled={enviando}
            onClick={() => void deshacer()}
          >
            Deshacer
          </button>
        </div>
      )}
      {aviso && !movida && (
        <p className="alert alert--success" role="status">
          {aviso}
        </p>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {moviendo && destino && (
        <DialogoConfirmar
          id="reprogramar"
          titulo="¿Mover la cita?"
          volver="Volver"
          confirmar={enviando ? 'Moviendo…' : 'Mover'}
          onVolver={() => setDestino(null)}
          onConfirmar={() => void confirmar()}
        >
          La cita de {moviendo.cita.paciente} pasa de {cuando(moviendo.cita.inicio)} (
          {moviendo.sala.nombre}) a {cuando(destino.tramo.inicio)} ({destino.sala.nombre}).
        </DialogoConfirmar>
      )}
    </>
  )

  return {
    moviendo,
    empezar,
    /** A free slot chosen for the cita being moved: confirm first. */
    elegir: (sala: SalaAgenda, tramo: Tramo) => setDestino({ sala, tramo }),
    vista,
  }
}
