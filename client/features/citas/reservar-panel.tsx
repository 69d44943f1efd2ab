// Booking a free slot (docs/producto.md#citas): the patient, studies of the sala's modality,
// prioridad and procedencia. A patient not found is registered right here, with the registration
// form of Pacientes, and the booking goes on with them. The server decides the rest — opening hours, the past, and whether
// another desk took the slot first (409) — and its Spanish message shows here.
import { useState, type FormEvent } from 'react'
import {
  PRIORIDADES,
  PROCEDENCIAS,
  type Prioridad,
  type Procedencia,
} from '../../../shared/catalogos.js'
import type { SalaAgenda, Tramo } from '../../../shared/citas.js'
import { ApiError, mensajeDe } from '../../api.js'
import { Field } from '../../components/field.js'
import { Modal, PieDialogo } from '../../components/modal.js'
import type { ValoresPaciente } from '../../components/registro-paciente/paciente-form-schema.js'
import { RegistroForm } from '../../components/registro-paciente/registro-form.js'
import { PREGUNTA_DESCARTAR } from '../../components/registro-paciente/use-aviso-salida.js'
import { pedirSalida } from '../../state/salida.js'
import { useCatalogos } from '../../state/catalogos.js'
import { reservarCita, type PacienteEncontrado } from './citas-api.js'
import { fechaLarga, horaDe } from './fechas.js'
import { PacienteCampo } from './paciente-campo.js'

export function ReservarPanel({
  sede,
  sala,
  tramo,
  onVolver,
  onReservada,
}: {
  sede: string
  sala: SalaAgenda
  tramo: Tramo
  onVolver: () => void
  onReservada: () => void
}) {
  const catalogos = useCatalogos()
  const estudios = catalogos?.modalidades.find((m) => m.valor === sala.modalidad)?.estudios ?? []
  const [paciente, setPaciente] = useState<PacienteEncontrado | null>(null)
  const [elegidos, setElegidos] = useState<string[]>([])
  const [prioridad, setPrioridad] = useState<Prioridad>('Rutina')
  const [procedencia, setProcedencia] = useState<Procedencia>('Ambulatorio')
  const [faltan, setFaltan] = useState<{ paciente?: string; estudios?: string }>({})
  const [fallo, setFallo] = useState<string[] | null>(null)
  const [enviando, setEnviando] = useState(false)
  const [registrando, setRegistrando] = useState(false)
  const [iniciales, setIniciales] = useState<Partial<ValoresPaciente>>({})
  // Back to the booking; what was typed in the registration is given up only once confirmed.
  const dejarDeRegistrar = () => pedirSalida(() => setRegistrando(false), PREGUNTA_DESCARTAR)
  const minutos = estudios
    .filter((e) => elegidos.includes(e.nombre))
    .reduce((s, e) => s + e.duracionMinutos, 0)

  const alternar = (nombre: string, marcado: boolean) =>
    setElegidos((l) => (marcado ? [...l, nombre] : l.filter((n) => n !== nombre)))

  const guardar = async (e: FormEvent) => {
    e.preventDefault()
    setFallo(null)
    const f = {
      ...(!paciente && { paciente: 'Elija un paciente' }),
      ...(elegidos.length === 0 && { estudios: 'Elija al menos un estudio' }),
    }
    setFaltan(f)
    if (!paciente || elegidos.length === 0) return
    setEnviando(true)
    try {
      await reservarCita({
        pacienteId: paciente.id,
        salaId: sala.id,
        inicio: tramo.inicio,
        estudios: elegidos.map((nombre) => ({ nombre })),
        prioridad,
        procedencia,
      })
      onReservada()
    } catch (err) {
      // A 400 names what is wrong field by field; the rest bring one message (409: who holds it).
      const porCampo = err instanceof ApiError ? err.errores.map((x) => x.mensaje) : []
      setFallo(porCampo.length > 0 ? porCampo : [mensajeDe(err, 'No se pudo reservar la cita')])
      setEnviando(false)
    }
  }

  return (
    <Modal
      className={registrando ? 'dialog--panel dialog--registro' : 'dialog--panel'}
      labelledBy="reservar-titulo"
      describedBy="reservar-texto"
      onVolver={registrando ? dejarDeRegistrar : onVolver}
    >
      <h2 id="reservar-titulo">Nueva cita</h2>
      <p id="reservar-texto">
        {sede} · {sala.nombre} · {fechaLarga(tramo.inicio.slice(0, 10))}, {horaDe(tramo.inicio)}
      </p>
      {registrando && (
        <div className="reservar-registro">
          <button type="button" className="btn btn--secondary btn--sm" onClick={dejarDeRegistrar}>
            Volver a la cita
          </button>
          <RegistroForm
            iniciales={iniciales}
            onRegistrado={(p) => {
              setPaciente({ id: p.id, nombre: p.nombreCompleto, documento: p.documento })
              setFaltan((f) => ({ ...f, paciente: undefined }))
              setRegistrando(false)
            }}
            onCancelar={() => setRegistrando(false)}
          />
        </div>
      )}
      <form
        className="reservar-form"
        onSubmit={(e) => void guardar(e)}
        noValidate
        // Kept, hidden, while registering: the studies and choices made so far stay.
        hidden={registrando}
      >
        <PacienteCampo
          id="cita-paciente"
          paciente={paciente}
          error={faltan.paciente}
          onElegir={setPaciente}
          onRegistrar={(datos) => {
            setIniciales(datos)
            setRegistrando(true)
          }}
        />
        <fieldset className="reservar-form__estudios">
          <legend className="field__label">
            Estudios
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </legend>
          {estudios.map((e) => (
            <label key={e.id} className="check">
              <input
                type="checkbox"
                checked={elegidos.includes(e.nombre)}
                onChange={(ev) => alternar(e.nombre, ev.target.checked)}
              />
              <span>
                {e.nombre} <span className="muted small">({e.duracionMinutos} min)</span>
              </span>
            </label>
          ))}
          {faltan.estudios && <p className="field__error">{faltan.estudios}</p>}
          {minutos > 0 && (
            <p className="small muted">
              Duran {minutos} min: de {horaDe(tramo.inicio)} a {horaMas(tramo.inicio, minutos)}.
            </p>
          )}
        </fieldset>
        <div className="reservar-form__fila">
          <Field id="cita-prioridad" label="Prioridad">
            <select
              id="cita-prioridad"
              className="select"
              value={prioridad}
              onChange={(e) => setPrioridad(e.target.value as Prioridad)}
            >
              {PRIORIDADES.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </Field>
          <Field id="cita-procedencia" label="Procedencia">
            <select
              id="cita-procedencia"
              className="select"
              value={procedencia}
              onChange={(e) => setProcedencia(e.target.value as Procedencia)}
            >
              {PROCEDENCIAS.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </Field>
        </div>
        <PieDialogo
          fallo={fallo && fallo.join(' ')}
          onVolver={onVolver}
          enviando={enviando}
          enviar="Guardar"
        />
      </form>
    </Modal>
  )
}

/** 'YYYY-MM-DDTHH:MM' plus some minutes, as 'HH:MM' (a slot never crosses midnight). */
function horaMas(inicio: string, minutos: number): string {
  const [h, m] = horaDe(inicio).split(':').map(Number)
  const total = (h ?? 0) * 60 + (m ?? 0) + minutos
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}
