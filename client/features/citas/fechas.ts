// Calendar arithmetic of the agenda: dates are the clinic's 'YYYY-MM-DD', with no time zone.
import { DIAS_SINGULAR, diaIso } from '../../../shared/citas.js'

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
]

/** The date `dias` days after (or before) `fecha`. */
export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + dias)
  return d.toISOString().slice(0, 10)
}

/** '2026-12-01' → 'martes 1 de diciembre de 2026'. */
export function fechaLarga(fecha: string): string {
  const [y, m, d] = fecha.split('-').map(Number)
  return `${DIAS_SINGULAR[diaIso(fecha)]} ${d} de ${MESES[(m ?? 1) - 1]} de ${y}`
}

export const esFecha = (v: string | null): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))

/** 'YYYY-MM-DDTHH:MM' → 'HH:MM'. */
export const horaDe = (fechaHora: string) => fechaHora.slice(11, 16)

/** The seven days, Monday to Sunday, of the week `fecha` falls in. */
export function semanaDe(fecha: string): string[] {
  const lunes = sumarDias(fecha, 1 - diaIso(fecha))
  return [0, 1, 2, 3, 4, 5, 6].map((d) => sumarDias(lunes, d))
}

/** '2026-12-01' → 'martes 1'. */
export function diaCorto(fecha: string): string {
  return `${DIAS_SINGULAR[diaIso(fecha)]} ${Number(fecha.slice(8, 10))}`
}

/** The week's title: 'del 30 de noviembre al 6 de diciembre de 2026'. */
export function semanaLarga(fechas: string[]): string {
  const [y1, m1, d1] = (fechas[0] ?? '').split('-').map(Number)
  const [y2, m2, d2] = (fechas[fechas.length - 1] ?? '').split('-').map(Number)
  const mes = (m?: number) => MESES[(m ?? 1) - 1]
  const desde =
    y1 === y2 ? (m1 === m2 ? `${d1}` : `${d1} de ${mes(m1)}`) : `${d1} de ${mes(m1)} de ${y1}`
  return `del ${desde} al ${d2} de ${mes(m2)} de ${y2}`
}
