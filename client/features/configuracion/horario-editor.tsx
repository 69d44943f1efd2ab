// A sala's week in the form: per weekday «Abre» and its ranges (up to three: a lunch break is the
// gap between two), greyed while the day is closed and kept, so ticking it again brings them
// back; «+ Tramo» and «Quitar» change a day's ranges, «Copiar a los días que abren» gives that
// day's hours to every other open day.
import type { UseFormRegisterReturn } from 'react-hook-form'
import { TRAMOS_POR_DIA } from '../../../shared/configuracion.js'
import { FieldError } from '../../components/field.js'
import { DIAS, tramoDespues, type DiaHorario, type TramoEditado } from './horario.js'

type Campo = `dias.${number}.abre` | `dias.${number}.tramos.${number}.${keyof TramoEditado}`

export function HorarioEditor({
  id,
  dias,
  registrar,
  onDias,
  error,
}: {
  /** Prefix of the controls' ids. */
  id: string
  /** The days as the form holds them now (to grey the closed ones and count the ranges). */
  dias: readonly DiaHorario[]
  /** The form's `register` of a day's control. */
  registrar: (campo: Campo) => UseFormRegisterReturn
  /** Sets the whole week: a range added or removed, a day copied. */
  onDias: (dias: DiaHorario[]) => void
  error?: string
}) {
  const conDia = (i: number, tramos: TramoEditado[]) =>
    dias.map((d, k) => (k === i ? { ...d, tramos } : d))
  const copiar = (i: number) =>
    onDias(
      dias.map((d, k) =>
        k !== i && d.abre ? { ...d, tramos: dias[i]!.tramos.map((t) => ({ ...t })) } : d,
      ),
    )
  return (
    <fieldset className="horario" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">Horario</legend>
      <div className="horario__dias">
        {DIAS.map((dia, i) => {
          const cerrado = !dias[i]?.abre
          const tramos = dias[i]?.tramos ?? []
          const nombre = dia.toLowerCase()
          return (
            <div key={dia} className="horario__dia" role="group" aria-labelledby={`${id}-${i}`}>
              <span className="horario__nombre" id={`${id}-${i}`}>
                {dia}
              </span>
              <label className="check horario__abre">
                <input type="checkbox" {...registrar(`dias.${i}.abre`)} />
                Abre
              </label>
              <div className="horario__tramos">
                {tramos.map((_, j) => {
                  const sufijo = j === 0 ? '' : ` del tramo ${j + 1}`
                  const base = `${id}-${i}-${j}`
                  return (
                    <span key={j} className="horario__horas">
                      <label className="visually-hidden" htmlFor={`${base}-desde`}>
                        {`Apertura${sufijo}`}
                      </label>
                      <input
                        id={`${base}-desde`}
                        className="input horario__hora"
                        type="time"
                        disabled={cerrado}
                        {...registrar(`dias.${i}.tramos.${j}.desde`)}
                      />
                      <span aria-hidden="true">a</span>
                      <label className="visually-hidden" htmlFor={`${base}-hasta`}>
                        {`Cierre${sufijo}`}
                      </label>
                      <input
                        id={`${base}-hasta`}
                        className="input horario__hora"
                        type="time"
                        disabled={cerrado}
                        {...registrar(`dias.${i}.tramos.${j}.hasta`)}
                      />
                      {j > 0 && (
                        <button
                          type="button"
                          className="btn btn--ghost btn--sm"
                          disabled={cerrado}
                          aria-label={`Quitar el tramo ${j + 1} del ${nombre}`}
                          onClick={() =>
                            onDias(
                              conDia(
                                i,
                                tramos.filter((__, k) => k !== j),
                              ),
                            )
                          }
                        >
                          Quitar
                        </button>
                      )}
                    </span>
                  )
                })}
                <span className="horario__botones">
                  {tramos.length < TRAMOS_POR_DIA && (
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      disabled={cerrado}
                      aria-label={`Agregar un tramo al ${nombre}`}
                      onClick={() => onDias(conDia(i, [...tramos, tramoDespues(tramos)]))}
                    >
                      + Tramo
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    disabled={cerrado}
                    aria-label={`Copiar a los días que abren el horario del ${nombre}`}
                    onClick={() => copiar(i)}
                  >
                    Copiar a los días que abren
                  </button>
                </span>
              </div>
            </div>
          )
        })}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  )
}
