import { expect, it } from 'vitest'
import { iniciarSesion } from '../state/sesion.js'
import { fechaHora, hora } from './format.js'

const abrir = (zonaHoraria: string) =>
  iniciarSesion({
    usuario: 'ana',
    nombre: 'Ana',
    rol: 'recepcion',
    reloj: { zonaHoraria, ahora: new Date().toISOString() },
  })

it('muestra un instante en la zona horaria de la clínica, sea cual sea la de la computadora', () => {
  // 03:30 UTC on the 24th is 22:30 of the 23rd in Lima and 12:30 of the 24th in Tokyo.
  abrir('America/Lima')
  expect(fechaHora('2026-11-24T03:30:00Z')).toBe('23/11/2026, 22:30')
  expect(hora('2026-11-24T03:30:00Z')).toBe('22:30')
  abrir('Asia/Tokyo')
  expect(fechaHora('2026-11-24T03:30:00Z')).toBe('24/11/2026, 12:30')
  expect(hora('2026-11-24T03:30:00Z')).toBe('12:30')
})
