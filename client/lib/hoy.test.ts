import { afterEach, expect, it, vi } from 'vitest'
import { iniciarSesion } from '../state/sesion.js'
import { hoyClinica } from './hoy.js'

afterEach(() => {
  vi.useRealTimers()
})

it('es la fecha de la clínica según el reloj del servidor, diga lo que diga el reloj del navegador, y cambia a la medianoche de la clínica', () => {
  // The browser's clock two months behind; the server says 23:30 of 28 February in Lima.
  vi.useFakeTimers({ now: new Date('2025-01-01T12:00:00Z') })
  iniciarSesion({
    usuario: 'ana',
    nombre: 'Ana',
    rol: 'recepcion',
    reloj: { zonaHoraria: 'America/Lima', ahora: '2025-03-01T04:30:00.000Z' },
  })
  expect(hoyClinica()).toBe('2025-02-28')
  vi.advanceTimersByTime(29 * 60_000)
  expect(hoyClinica()).toBe('2025-02-28')
  vi.advanceTimersByTime(2 * 60_000)
  expect(hoyClinica()).toBe('2025-03-01')
})
