// How dates, ages and names read on screen (es-PE conventions).
import { edadTexto, type TipoEdad } from '../../shared/edad.js'
import { sesion } from '../state/sesion.js'

const MESES_CORTOS = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sep',
  'oct',
  'nov',
  'dic',
]

/** 'YYYY-MM-DD' → '14/05/2025'. */
export function fecha(iso: string | null | undefined): string {
  if (!iso) return '—'
  const [y, m, d] = iso.slice(0, 10).split('-')
  return y && m && d ? `${d}/${m}/${y}` : iso
}

/** 'YYYY-MM-DD' → '14 may 2025'. */
export function fechaCorta(iso: string | null | undefined): string {
  if (!iso) return '—'
  const [y, m, d] = iso.slice(0, 10).split('-')
  return y && m && d ? `${Number(d)} ${MESES_CORTOS[Number(m) - 1] ?? m} ${y}` : iso
}

/**
 * The clinic's time zone as the session gave it (CLINIC_TZ), so an instant reads the same on
 * every front-desk computer whatever its own zone; the browser's only before a session answered.
 */
const zona = () => sesion.reloj?.zonaHoraria

/** An ISO instant at the clinic: '14/05/2025, 09:30' (in `zonaHoraria` where no session tells it). */
export function fechaHora(iso: string | null | undefined, zonaHoraria = zona()): string {
  if (!iso) return '—'
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return d.toLocaleString('es-PE', {
    timeZone: zonaHoraria,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
}

/** An ISO instant's time at the clinic: '09:30'. */
export const hora = (iso: string) =>
  new Date(iso).toLocaleTimeString('es-PE', {
    timeZone: zona(),
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })

export function edad(
  n: number | null | undefined,
  tipo: TipoEdad | null | undefined = 'años',
): string {
  if (n === null || n === undefined) return '—'
  return edadTexto({ edad: n, tipoEdad: tipo ?? 'años' })
}

export const numero = (n: number) => n.toLocaleString('es-PE')

export const texto = (s: string | null | undefined) => (s && s.trim() ? s : '—')

/** «1 cita», «3 citas». */
export const plural = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`
