import { expect, test } from 'vitest'
import { fechaLlegadaMaxima } from './atenciones.js'

test('una atención se programa hasta el mismo día del año siguiente', () => {
  expect(fechaLlegadaMaxima('2025-11-24')).toBe('2026-11-24')
  expect(fechaLlegadaMaxima('2025-12-31')).toBe('2026-12-31')
  // No 29 February next year: the 28th.
  expect(fechaLlegadaMaxima('2024-02-29')).toBe('2025-02-28')
  expect(fechaLlegadaMaxima('2027-02-28')).toBe('2028-02-28')
})
