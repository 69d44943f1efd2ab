// A booked cita in its sala's column: time, patient, studies and estado; while it is Programado,
// the desk marks the arrival (on its own day only), moves it to another slot, cancels it (with its
// reason) or marks that the patient did not come. Past its time and still not arrived, it says
// how late it is.
import { useState } from 'react'
import { Link } from 'wouter'
import { MINUTOS_TOLERANCIA, type CitaAgenda } from '../../../shared/citas.js'
import { mensajeDe } from '../../api.js'
import { EstadoBadge } from '../../components/badges.js'
import { CancelarAtencion } from '../../components/cancelar-atencion.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { IconPrinter } from '../../components/icons.js'
import { cambiarEstado } from '../../lib/estado-atencion.js'
import { ahoraClinica } from '../../lib/hoy.js'
import { paths } from '../../paths.js'
import { marcarLlegada } from './citas-api.js'
import { duracionTexto, minutosEntre } from '../../lib/duracion.js'
import { horaDe } from './fechas.js'

type Dialogo = 'cancelar' | 'no-se-presento' | null

export function CitaAgendada({
  cita,
  moviendose,
  onReprogramar,
  onCambio,
}: {
  cita: CitaAgenda
  /** It is the cita being rescheduled. */
  moviendose: boolean
  onReprogramar: () => void
  onCambio: () => void
}) {
  const [dialogo, setDialogo] = useState<Dialogo>(null)
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const estudios = cita.estudios.map((e) => e.nombre).join(', ')
  const libera = cita.estado === 'Cancelado' || cita.estado === 'No se presentó'
  const ahora = ahoraClinica()
  const deHoy = cita.inicio.slice(0, 10) === ahora.slice(0, 10)
  const tarde = cita.estado === 'Programado' ? minutosEntre(cita.inicio, ahora) : 0

  const hacer = async (paso: () => Promise<unknown>, fallo: string) => {
    setDialogo(null)
    setEnviando(true)
    setError(null)
    try {
      await paso()
      onCambio()
    } catch (err) {
      setError(mensajeDe(err, fallo))
    } finally {
      setEnviando(false)
    }
  }

  return (
    <li
      className={`cita${libera ? ' cita--libera' : ''}${moviendose ? ' cita--moviendose' : ''}`}
      data-testid="cita"
      // Dragging is a shortcut of «Mover» (which the keyboard uses): it picks the cita up too.
      draggable={cita.estado === 'Programado'}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move'
        e.dataTransfer.setData('text/plain', String(cita.id))
        onReprogramar()
      }}
    >
      <div className="cita__top">
        <span className="cita__hora">
          {horaDe(cita.inicio)}–{horaDe(cita.fin)}
        </span>
        <EstadoBadge estado={cita.estado} />
      </div>
      {tarde > MINUTOS_TOLERANCIA && (
        <p className="cita__tarde small">
          {deHoy ? `Atrasada ${duracionTexto(tarde)}` : 'Sin llegada registrada'}
        </p>
      )}
      <Link href={paths.paciente(cita.pacienteId)} className="cita__paciente">
        {cita.paciente}
      </Link>
      <p className="cita__estudios small muted">{estudios}</p>
      {cita.estado === 'Programado' && (
        <div className="cita__acciones">
          {deHoy && (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={enviando}
              onClick={() =>
                void hacer(() => marcarLlegada(cita.id), 'No se pudo marcar la llegada')
              }
            >
              Llegó
            </button>
          )}
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={enviando || moviendose}
            onClick={onReprogramar}
            aria-label={`Mover la cita de ${cita.paciente} a las ${horaDe(cita.inicio)}`}
          >
            Mover
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={enviando}
            onClick={() => setDialogo('cancelar')}
          >
            Cancelar
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={enviando}
            onClick={() => setDialogo('no-se-presento')}
          >
            No se presentó
          </button>
        </div>
      )}
      {cita.estado === 'Programado' && (
        // Its own tab: the slip prints alone, and the agenda stays as it was. Only while booked:
        // on arrival the atención's arrival becomes the real one.
        <a
          className="btn btn--ghost btn--sm cita__comprobante"
          href={paths.comprobanteCita(cita.id)}
          target="_blank"
          rel="noopener"
          aria-label={`Comprobante de la cita de ${cita.paciente} a las ${horaDe(cita.inicio)}`}
        >
          <IconPrinter />
          Comprobante
        </a>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {dialogo === 'cancelar' && (
        <CancelarAtencion
          atencion={{
            id: cita.id,
            estado: cita.estado,
            estudios: cita.estudios,
            fechaLlegada: cita.inicio.slice(0, 10),
            horaLlegada: horaDe(cita.inicio),
            cita: true,
          }}
          onCancelada={() => {
            setDialogo(null)
            onCambio()
          }}
          onVolver={() => setDialogo(null)}
        />
      )}
      {dialogo === 'no-se-presento' && (
        <DialogoConfirmar
          id={`no-se-presento-${cita.id}`}
          titulo="¿El paciente no se presentó?"
          volver="Volver"
          confirmar="No se presentó"
          onVolver={() => setDialogo(null)}
          onConfirmar={() =>
            void hacer(
              () => cambiarEstado(cita.id, { estado: 'No se presentó', desde: cita.estado }),
              'No se pudo cambiar el estado',
            )
          }
        >
          La cita de {cita.paciente} a las {horaDe(cita.inicio)} ({estudios}) queda como «No se
          presentó» y su horario queda libre para otra.
        </DialogoConfirmar>
      )}
    </li>
  )
}
