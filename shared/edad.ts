// Age is derived, never stored: whole years of 365.25 days (docs/datos.md#edad), counted between
// calendar dates of the clinic's time zone; infants are aged in months or days.

const DIA_MS = 86_400_000
const ANIO_DIAS = 365.25
const MES_DIAS = ANIO_DIAS / 12

export type TipoEdad = 'años' | 'meses' | 'días'
export const TIPOS_EDAD = ['años', 'meses', 'días'] as const satisfies readonly TipoEdad[]

export interface EdadDetallada {
  tipoEdad: TipoEdad
  edad: number
}

const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/

/** Days since 1970-01-01 of a real 'YYYY-MM-DD' calendar date, or null when it is not one. */
export function diaJuliano(fecha: string): number | null {
  const m = FECHA.exec(fecha)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const ms = Date.UTC(y, mo - 1, d)
  const back = new Date(ms)
  // Date.UTC rolls 2023-02-30 over to March: a real date survives the round trip.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    return null
  return Math.round(ms / DIA_MS)
}

export const esFechaValida = (fecha: string): boolean => diaJuliano(fecha) !== null

/** 'YYYY-MM-DD' as a message writes it: 'DD/MM/YYYY'. */
export const fechaLegible = (fecha: string): string => fecha.split('-').reverse().join('/')

/**
 * A day the clinic's calendar deals in (an agenda, a feriado, a block): a real date of 2000 to
 * 2099. Beyond it there is nothing to book, and PostgreSQL's last day has no next one.
 */
export const esDiaDeLaClinica = (fecha: string): boolean =>
  esFechaValida(fecha) && fecha >= '2000-01-01' && fecha <= '2099-12-31'

// Building an Intl.DateTimeFormat costs far more than formatting with one (it was 7 % of the
// server's CPU while registering patients), so one per zone is kept.
const formatosFecha = new Map<string, Intl.DateTimeFormat>()
const formatosHora = new Map<string, Intl.DateTimeFormat>()

function formato(
  cache: Map<string, Intl.DateTimeFormat>,
  zona: string,
  crear: () => Intl.DateTimeFormat,
) {
  let f = cache.get(zona)
  if (!f) cache.set(zona, (f = crear()))
  return f
}

/** The calendar date ('YYYY-MM-DD') an instant falls on in a time zone. */
export function fechaEnZona(instante: Date, zona: string): string {
  // en-CA formats as YYYY-MM-DD.
  return formato(
    formatosFecha,
    zona,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zona,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
  ).format(instante)
}

/** The wall-clock time ('HH:MM') of an instant in a time zone. */
export function horaEnZona(instante: Date, zona: string): string {
  const partes = formato(
    formatosHora,
    zona,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zona,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  ).formatToParts(instante)
  const h = partes.find((p) => p.type === 'hour')?.value ?? '00'
  const m = partes.find((p) => p.type === 'minute')?.value ?? '00'
  return `${h}:${m}`
}

/** Today's date in the clinic's time zone. */
export const hoyEn = (zona: string, ahora: Date = new Date()): string => fechaEnZona(ahora, zona)

function diasEntre(fechaNacimiento: string, en: string): number | null {
  const a = diaJuliano(fechaNacimiento)
  const b = diaJuliano(en)
  if (a === null || b === null) return null
  return Math.max(0, b - a)
}

/** Whole years of 365.25 days from the birth date to `en` (both 'YYYY-MM-DD'); null for a bad date. */
export function calcularEdad(fechaNacimiento: string, en: string): number | null {
  const dias = diasEntre(fechaNacimiento, en)
  return dias === null ? null : Math.floor(dias / ANIO_DIAS)
}

/** Age as shown on the worklist: years, or months/days under one year. */
export function edadDetallada(fechaNacimiento: string, en: string): EdadDetallada | null {
  const dias = diasEntre(fechaNacimiento, en)
  if (dias === null) return null
  const anios = Math.floor(dias / ANIO_DIAS)
  if (anios >= 1) return { tipoEdad: 'años', edad: anios }
  const meses = Math.floor(dias / MES_DIAS)
  if (meses >= 1) return { tipoEdad: 'meses', edad: meses }
  return { tipoEdad: 'días', edad: dias }
}

/**
 * How an age reads wherever a person sees it (screens, tickets, exports): «34 años», «1 mes»,
 * «20 días». Never «0 años»: an infant's age comes in months or days (edadDetallada).
 */
export function edadTexto(e: EdadDetallada): string {
  if (e.edad === 1)
    return `1 ${e.tipoEdad === 'años' ? 'año' : e.tipoEdad === 'meses' ? 'mes' : 'día'}`
  return `${e.edad} ${e.tipoEdad}`
}
