// A sala's week in the form: per weekday «Abre» and its opening and closing times (greyed while
// the day is closed, and kept, so ticking it again brings them back).
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldError } from '../../components/field.js'
import { DIAS, type DiaHorario } from './horario.js'

export function HorarioEditor({
  id,
  dias,
  registrar,
  error,
}: {
  /** Prefix of the controls' ids. */
  id: string
  /** The days as the form holds them now (to grey the closed ones). */
  dias: readonly DiaHorario[]
  /** The form's `register` of a day's control. */
  registrar: (campo: `dias.${number}.${keyof DiaHorario}`) => UseFormRegisterReturn
  error?: string
}) {
  return (
    <fieldset className="horario" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">Horario</legend>
      <div className="horario__dias">
        {DIAS.map((dia, i) => {
          const cerrado = !dias[i]?.abre
          return (
            <div key={dia} className="horario__dia" role="group" aria-labelledby={`${id}-${i}`}>
              <span className="horario__nombre" id={`${id}-${i}`}>
                {dia}
              </span>
              <label className="check horario__abre">
                <input type="checkbox" {...registrar(`dias.${i}.abre`)} />
                Abre
              </label>
              <span className="horario__horas">
                <label className="visually-hidden" htmlFor={`${id}-${i}-desde`}>
                  Apertura
                </label>
                <input
                  id={`${id}-${i}-desde`}
                  className="input horario__hora"
                  type="time"
                  disabled={cerrado}
                  {...registrar(`dias.${i}.desde`)}
                />
                <span aria-hidden="true">a</span>
                <label className="visually-hidden" htmlFor={`${id}-${i}-hasta`}>
                  Cierre
                </label>
                <input
                  id={`${id}-${i}-hasta`}
                  className="input horario__hora"
                  type="time"
                  disabled={cerrado}
                  {...registrar(`dias.${i}.hasta`)}
                />
              </span>
            </div>
          )
        })}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  )
}
