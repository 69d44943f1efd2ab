// Dates the tests book on, picked from the clinic's today: never a fixed day, never a feriado.
import { diaIso } from '../../shared/citas.js'
import { hoyEn } from '../../shared/edad.js'
import { feriadoNacional } from '../../shared/feriados.js'
import { diaSiguiente } from '../horario.js'

/** The first date at least `desde` days after today (clinic time) that falls on ISO weekday `dia`. */
export function proximo(tz: string, dia: number, desde = 2): string {
  let f = hoyEn(tz)
  for (let i = 0; i < desde; i++) f = diaSiguiente(f)
  // A feriado nacional takes no citas (shared/feriados.ts): the next such weekday, then.
  while (diaIso(f) !== dia || feriadoNacional(f)) f = diaSiguiente(f)
  return f
}
