// Dates the tests book on, picked from the clinic's today: never a fixed day, never a feriado.
import { diaIso } from '../../shared/citas.js'
import { hoyEn } from '../../shared/edad.js'
import { feriadoNacional } from '../../shared/feriados.js'
import { diaSiguiente } from '../horario.js'

/**
 * The first date at least `desde` days after today (clinic time) that falls on ISO weekday `dia`
 * and is none of `salvo`. A test that needs a day of its own names the days others take: a larger
 * `desde` alone is not enough, as a feriado can push another test's day onto it (8 December, a
 * Tuesday in 2026, pushed `proximo(tz, 2)` onto `proximo(tz, 2, 12)` from 30 November on).
 */
export function proximo(tz: string, dia: number, desde = 2, salvo: readonly string[] = []): string {
  let f = hoyEn(tz)
  for (let i = 0; i < desde; i++) f = diaSiguiente(f)
  // A feriado nacional takes no citas (shared/feriados.ts): the next such weekday, then.
  while (diaIso(f) !== dia || feriadoNacional(f) || salvo.includes(f)) f = diaSiguiente(f)
  return f
}
