// Clinic-local times of citas and the free slots of a sala's day. PostgreSQL turns a clinic-local
// date and time into an instant (queries/citas.ts `instantesLocales`); these work on instants, so
// a day with a daylight-saving change has the length it really has.

/** One formatter per zone: building one costs far more than using it. */
const formatos = new Map<string, Intl.DateTimeFormat>()
function formato(tz: string): Intl.DateTimeFormat {
  let f = formatos.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatos.set(tz, f)
  }
  return f
}

/**
 * Offsets from UTC by zone and quarter hour. Offsets and their changes fall on quarter hours of
 * UTC in every zone in use, and asking Intl costs about 30 µs: a day's agenda with its free slots
 * formats hundreds of instants, most of them in a few quarters' worth of offsets.
 */
const CUARTO_MS = 15 * 60_000
const desfases = new Map<string, Map<number, number>>()
function desfase(ms: number, tz: string): number {
  let deZona = desfases.get(tz)
  if (!deZona) desfases.set(tz, (deZona = new Map()))
  const cuarto = Math.floor(ms / CUARTO_MS) * CUARTO_MS
  let d = deZona.get(cuarto)
  if (d === undefined) {
    const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
    for (const { type, value } of formato(tz).formatToParts(new Date(cuarto))) p[type] = value
    const local = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    )
    d = local - cuarto
    if (deZona.size > 50_000) deZona.clear()
    deZona.set(cuarto, d)
  }
  return d
}

/**
 * 'YYYY-MM-DDTHH:MM' by zone and minute of UTC. Offsets are whole minutes (quarter hours, above),
 * so an instant's minute fixes its local minute. Formatting one costs about 0.4 µs (a Date and
 * toISOString), reading it back a few hundredths: a day's agenda formats hundreds of instants,
 * the same ones on every request, and that formatting was half its handler's CPU profile.
 */
const MINUTO_MS = 60_000
const locales = new Map<string, Map<number, string>>()

/** 'YYYY-MM-DDTHH:MM' of an instant in the clinic's zone. */
export function aLocal(instante: Date | number, tz: string): string {
  const ms = typeof instante === 'number' ? instante : instante.getTime()
  let deZona = locales.get(tz)
  if (!deZona) locales.set(tz, (deZona = new Map()))
  const minuto = Math.floor(ms / MINUTO_MS)
  let texto = deZona.get(minuto)
  if (texto === undefined) {
    texto = new Date(ms + desfase(ms, tz)).toISOString().slice(0, 16)
    if (deZona.size > 50_000) deZona.clear()
    deZona.set(minuto, texto)
  }
  return texto
}

/** 'HH:MM' of an instant in the clinic's zone. */
export const horaLocal = (instante: Date | number, tz: string): string =>
  aLocal(instante, tz).slice(11)

/** The calendar day after 'YYYY-MM-DD'. */
export function diaSiguiente(fecha: string): string {
  const d = new Date(`${fecha}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

export interface Intervalo {
  inicio: number
  fin: number
}

/** Free slots start on this grid from the opening, so "from now on" is a round time. */
const PASO_MS = 5 * 60_000

/**
 * The slots of `duracionMs` inside `apertura` that overlap none of `ocupados` (live citas, by
 * start) and start at or after `ahora`: from the opening (or the first grid point after now), one
 * after another, jumping past each cita.
 */
export function turnosLibres(
  apertura: Intervalo,
  ocupados: readonly Intervalo[],
  duracionMs: number,
  ahora: number,
): Intervalo[] {
  const libres: Intervalo[] = []
  let t = apertura.inicio
  if (ahora > t) t += Math.ceil((ahora - t) / PASO_MS) * PASO_MS
  const hasta = (limite: number) => {
    while (t + duracionMs <= limite) {
      libres.push({ inicio: t, fin: t + duracionMs })
      t += duracionMs
    }
  }
  for (const o of ocupados) {
    hasta(Math.min(o.inicio, apertura.fin))
    if (o.fin > t) t = o.fin
  }
  hasta(apertura.fin)
  return libres
}
