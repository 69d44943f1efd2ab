// Calendar arithmetic of the agenda: dates are the clinic's 'YYYY-MM-DD', with no time zone.
import { diaIso } from '../../../shared/citas.js'

const DIAS = ['', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']
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
  return `${DIAS[diaIso(fecha)]} ${d} de ${MESES[(m ?? 1) - 1]} de ${y}`
}

export const esFecha = (v: string | null): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))

/** 'YYYY-MM-DDTHH:MM' → 'HH:MM'. */
export const horaDe = (fechaHora: string) => fechaHora.slice(11, 16)
