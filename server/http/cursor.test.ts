import { expect, test } from 'vitest'
import { codificarCursor, leerCursor } from './cursor.js'

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

test('un cursor vuelve a dar su clave', () => {
  const clave: [string, number, number] = ['2025-03-10T15:00:00.123456Z', 1, 42]
  expect(leerCursor(codificarCursor(clave), 2)).toEqual(clave)
  expect(leerCursor(undefined, 2)).toBeNull()
  expect(leerCursor('', 2)).toBeNull()
})

test('cualquier otro valor es un 400, también fechas que PostgreSQL rechazaría', () => {
  for (const malo of [
    'xyz',
    b64({ a: 1 }),
    b64(['2025-03-10T15:00:00.123456Z', 1]),
    b64(['2025-03-10T15:00:00.123456Z', 1, -1]),
    b64(['2025-03-10T15:00:00.123456Z', 1, 1.5]),
    b64(['2025-03-10T15:00:00.123456Z', 1, 2 ** 31]),
    b64(['2024-02-30T00:00:00.000000Z', 1, 1]),
    b64(['2024-02-28T24:00:00.000000Z', 1, 1]),
    b64(['0000-01-01T00:00:00.000000Z', 1, 1]),
    b64(['2025-03-10 15:00:00', 1, 1]),
  ]) {
    expect(() => leerCursor(malo, 2), malo).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'Cursor inválido' }),
    )
  }
})

test('toda llegada que la API acepta, en cualquier zona, cabe en un cursor', () => {
  // The earliest (2000-01-01 00:00 at UTC+14) and the latest (a year ahead, 23:59 at UTC-12).
  const extremos = [
    '1999-12-31T10:00:00.000000Z',
    new Date(Date.now() + 366 * 86_400_000 + 36 * 3_600_000).toISOString().replace('Z', '000Z'),
  ]
  for (const instante of extremos) {
    const clave: [string, number, number] = [instante, 1, 2_147_483_647]
    expect(leerCursor(codificarCursor(clave), 2), instante).toEqual(clave)
  }
  // Year 10000, as to_char writes 9999-12-31 23:59 in Lima, was the broken case.
  expect(() => leerCursor(b64(['10000-01-01T04:59:00.000000Z', 1, 1]), 2)).toThrow(
    'Cursor inválido',
  )
})
