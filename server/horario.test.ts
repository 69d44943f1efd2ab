// Clinic-local times of citas: the cached offsets agree with Intl on every 5 minutes of two years
// in zones with and without daylight saving, and free slots jump over citas and the past.
import { describe, expect, test } from 'vitest'
import { aLocal, turnosLibres } from './horario.js'

/** The oracle: Intl's own 'YYYY-MM-DDTHH:MM' in zone `tz`, apart from horario.ts's cache. */
function segunIntl(tz: string): (ms: number) => string {
  const intl = new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return (ms) => intl.format(ms).replace(' ', 'T')
}

describe('aLocal', () => {
  test.each([
    'America/Lima',
    'America/Santiago',
    'Europe/Madrid',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
  ])('%s: lo mismo que Intl', (tz) => {
    const local = segunIntl(tz)
    const distintos: string[] = []
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 5 * 60_000) {
      if (aLocal(ms, tz) !== local(ms)) distintos.push(new Date(ms).toISOString())
    }
    expect(distintos).toEqual([])
  })

  test('un instante con segundos da su minuto, también leído otra vez de lo guardado', () => {
    const tz = 'America/Santiago'
    const local = segunIntl(tz)
    const distintos: string[] = []
    // Across Chile's April and September changes, at seconds and milliseconds off the minute.
    for (const desde of [Date.UTC(2027, 3, 1), Date.UTC(2027, 8, 1)])
      for (let ms = desde; ms < desde + 14 * 86_400_000; ms += 433_457) {
        const esperado = local(ms)
        for (const x of [ms, ms - (ms % 60_000), ms - (ms % 60_000) + 59_999])
          for (const vez of [1, 2])
            if (aLocal(x, tz) !== esperado) distintos.push(`${new Date(x).toISOString()} ${vez}`)
      }
    expect(distintos).toEqual([])
  })
})

describe('turnosLibres', () => {
  const M = 60_000
  test('desde la apertura, saltando cada cita, sin pasar del cierre', () => {
    const libres = turnosLibres(
      { inicio: 0, fin: 120 * M },
      [
        { inicio: 25 * M, fin: 40 * M },
        { inicio: 50 * M, fin: 70 * M },
      ],
      20 * M,
      -1,
    )
    expect(libres.map((l) => [l.inicio / M, l.fin / M])).toEqual([
      [0, 20],
      [70, 90],
      [90, 110],
    ])
  })
  test('nada del pasado: desde el primer múltiplo de 5 minutos después de ahora', () => {
    const libres = turnosLibres({ inicio: 0, fin: 60 * M }, [], 15 * M, 12 * M)
    expect(libres.map((l) => l.inicio / M)).toEqual([15, 30, 45])
  })
})
