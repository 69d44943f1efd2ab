// The agenda's choices: sede, the date, day or week and the steps back and forth, the slot length
// and, on a phone's day, the sala shown.
import type { SalaAgenda } from '../../../shared/citas.js'
import { hoyClinica } from '../../lib/hoy.js'
import { esFecha, sumarDias } from './fechas.js'

/** The slot lengths offered, in minutes. */
export const DURACIONES = [15, 20, 30, 45, 60] as const

export interface Vista {
  sede: string
  fecha: string
  duracion: number
  semana: boolean
}

export function AgendaBarra({
  vista,
  sedes,
  salas,
  salaMovil,
  onSalaMovil,
  ir,
}: {
  vista: Partial<Vista> & Pick<Vista, 'duracion' | 'semana'>
  sedes: string[]
  salas: SalaAgenda[]
  salaMovil: number | undefined
  onSalaMovil: (id: number) => void
  ir: (cambio: Partial<Vista>) => void
}) {
  const paso = vista.semana ? 7 : 1
  return (
    <section className="card agenda-barra" aria-label="Agenda que se muestra">
      <div className="field">
        <label className="field__label" htmlFor="agenda-sede">
          Sede
        </label>
        <select
          id="agenda-sede"
          className="select"
          value={vista.sede ?? ''}
          onChange={(e) => ir({ sede: e.target.value })}
        >
          {vista.sede && !sedes.includes(vista.sede) && <option>{vista.sede}</option>}
          {sedes.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="agenda-fecha">
          Fecha
        </label>
        <input
          id="agenda-fecha"
          className="input"
          type="date"
          value={vista.fecha ?? ''}
          onChange={(e) => esFecha(e.target.value) && ir({ fecha: e.target.value })}
        />
      </div>
      <div className="agenda-barra__vista" role="group" aria-label="Vista">
        {[
          ['Día', false],
          ['Semana', true],
        ].map(([nombre, semana]) => (
          <button
            key={String(nombre)}
            type="button"
            className={vista.semana === semana ? 'btn btn--primary' : 'btn btn--secondary'}
            aria-pressed={vista.semana === semana}
            onClick={() => ir({ semana: semana as boolean })}
          >
            {nombre}
          </button>
        ))}
      </div>
      <div
        className="agenda-barra__dias"
        role="group"
        aria-label={vista.semana ? 'Cambiar de semana' : 'Cambiar de día'}
      >
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!vista.fecha}
          onClick={() => vista.fecha && ir({ fecha: sumarDias(vista.fecha, -paso) })}
        >
          Anterior
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => ir({ fecha: hoyClinica() })}
        >
          Hoy
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!vista.fecha}
          onClick={() => vista.fecha && ir({ fecha: sumarDias(vista.fecha, paso) })}
        >
          Siguiente
        </button>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="agenda-duracion">
          Duración
        </label>
        <select
          id="agenda-duracion"
          className="select"
          value={vista.duracion}
          onChange={(e) => ir({ duracion: Number(e.target.value) })}
        >
          {DURACIONES.map((d) => (
            <option key={d} value={d}>
              {d} min
            </option>
          ))}
        </select>
      </div>
      {!vista.semana && salas.length > 1 && (
        <div className="field agenda-barra__sala">
          <label className="field__label" htmlFor="agenda-sala">
            Sala
          </label>
          <select
            id="agenda-sala"
            className="select"
            value={salaMovil}
            onChange={(e) => onSalaMovil(Number(e.target.value))}
          >
            {salas.map((s) => (
              <option key={s.id} value={s.id}>
                {s.nombre}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  )
}
