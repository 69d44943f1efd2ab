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
    expect(() => leerCursor(malo, 2), malo).toThrow(expect.objectContaining({ statusCode: 400, message: 'Cursor inválido' }))
  }
})
