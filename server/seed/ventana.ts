// The time frame generated data is spread over: the current year up to the end of today, in the
// clinic's time zone (a seed in Lima at 23:00 must not put arrivals on tomorrow's date).

const DIA_MS = 86_400_000
const HORA_MS = 3_600_000
/** The seeded salas' hours (migrations/0022_catalogos.sql): Monday to Saturday, 07:00 to 20:00. */
const ABRE_MS = 7 * HORA_MS
const CIERRA_MS = 20 * HORA_MS

/** Instants (ms) bounding the data: the year's start, today's, its end, and now. */
export interface Ventana {
  inicioAnio: number
  inicioHoy: number
  finHoy: number
  ahora: number
  /** Clinic-local calendar date of an instant ('YYYY-MM-DD'). */
  fechaLocal(ms: number): string
  /**
   * The instant moved into the clinic's opening hours on its day (its time of day folded from 24
   * hours into 07:00–20:00, so the order within a day stays), and a Sunday to the Saturday before:
   * nobody arrives at 02:51 or on a closed day.
   */
  enHorario(ms: number): number
}

/** The offset of a time zone at an instant, in ms (Lima: −5 h). */
function desfase(ms: number, formato: Intl.DateTimeFormat): number {
  const p = Object.fromEntries(formato.formatToParts(new Date(ms)).map((x) => [x.type, x.value]))
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  )
  return local - Math.floor(ms / 1000) * 1000
}

/** The instant a clinic-local midnight falls on. */
export function medianocheEn(fecha: string, formato: Intl.DateTimeFormat): number {
  const [y, m, d] = fecha.split('-').map(Number) as [number, number, number]
  const utc = Date.UTC(y, m - 1, d)
  let t = utc - desfase(utc, formato)
  const otra = desfase(t, formato)
  if (utc - otra !== t) t = utc - otra
  return t
}

export function crearVentana(tz: string, ahora: Date = new Date()): Ventana {
  const fecha = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const completo = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const hoy = fecha.format(ahora)
  const inicioHoy = medianocheEn(hoy, completo)
  const manana = new Date(Date.parse(hoy) + DIA_MS).toISOString().slice(0, 10)
  return {
    inicioAnio: medianocheEn(`${hoy.slice(0, 4)}-01-01`, completo),
    inicioHoy,
    finHoy: medianocheEn(manana, completo) - 1,
    ahora: ahora.getTime(),
    fechaLocal: (ms) => fecha.format(ms),
    enHorario(ms) {
      const dia = fecha.format(ms)
      const medianoche = medianocheEn(dia, completo)
      const hora = ABRE_MS + Math.floor(((ms - medianoche) * (CIERRA_MS - ABRE_MS)) / DIA_MS)
      const domingo = new Date(`${dia}T00:00:00Z`).getUTCDay() === 0
      if (!domingo) return medianoche + hora
      const sabado = new Date(Date.parse(dia) - DIA_MS).toISOString().slice(0, 10)
      return medianocheEn(sabado, completo) + hora
    },
  }
}
