// The time frame generated data is spread over: the current year up to the end of today, in the
// clinic's time zone (a seed in Lima at 23:00 must not put arrivals on tomorrow's date).

const DIA_MS = 86_400_000

/** Instants (ms) bounding the data: the year's start, today's, its end, and now. */
export interface Ventana {
  inicioAnio: number
  inicioHoy: number
  finHoy: number
  ahora: number
  /** Clinic-local calendar date of an instant ('YYYY-MM-DD'). */
  fechaLocal(ms: number): string
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
  }
}
