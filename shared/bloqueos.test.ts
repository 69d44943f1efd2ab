import { describe, expect, it } from 'vitest'
import { MENSAJES_BLOQUEOS, periodoConFecha } from './bloqueos.js'

describe('cómo se nombra un bloqueo', () => {
  it('de un solo día: la fecha una vez y sus horas', () => {
    expect(periodoConFecha('2026-12-05T10:00', '2026-12-05T12:00')).toBe(
      '05/12/2026 de 10:00 a 12:00',
    )
  })

  it('de varios días: las dos fechas con sus horas', () => {
    expect(periodoConFecha('2026-12-05T10:00', '2026-12-08T18:00')).toBe(
      'del 05/12/2026 10:00 al 08/12/2026 18:00',
    )
  })

  it('en el mensaje de una cita, solo las horas si el bloqueo es de ese día', () => {
    expect(
      MENSAJES_BLOQUEOS.cita('2026-12-05T10:00', '2026-12-05T12:00', 'Avería', '2026-12-05'),
    ).toBe('La sala está bloqueada de 10:00 a 12:00: Avería')
    expect(
      MENSAJES_BLOQUEOS.cita('2026-12-04T18:00', '2026-12-05T12:00', 'Avería', '2026-12-05'),
    ).toBe('La sala está bloqueada del 04/12/2026 18:00 al 05/12/2026 12:00: Avería')
  })
})
