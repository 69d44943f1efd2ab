// Keyset cursors: the sort key of the last row sent (queries/clave.ts), opaque to the client.
// Timestamps travel as exact UTC text (microseconds), which a JavaScript Date would round.
import { ID_MAXIMO } from '../../shared/contract.js'
import { BadRequestError } from '../errors.js'
import type { Clave } from '../queries/clave.js'

const INSTANTE = /^(19|[2-9]\d)\d{2}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** A well-formed instant that exists (no 30 February, no hour 24): PostgreSQL would refuse it. */
function instanteReal(s: string): boolean {
  if (!INSTANTE.test(s)) return false
  const ms = Date.parse(s)
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 23) === s.slice(0, 23)
}

/** The 400 of a cursor that is not one this server gave. */
export const cursorInvalido = () =>
  new BadRequestError('Cursor inválido', [{ campo: 'cursor', mensaje: 'Cursor inválido' }])

export function codificarCursor(clave: Clave): string {
  return Buffer.from(JSON.stringify(clave)).toString('base64url')
}

/** The key of a cursor with `enteros` integers after the instant; a 400 for anything else. */
export function leerCursor(cursor: string | undefined, enteros: number): Clave | null {
  if (cursor === undefined || cursor === '') return null
  let valor: unknown
  try {
    valor = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    valor = null
  }
  const ok =
    Array.isArray(valor) &&
    valor.length === enteros + 1 &&
    typeof valor[0] === 'string' &&
    instanteReal(valor[0]) &&
    valor.slice(1).every((n) => Number.isInteger(n) && n >= 0 && n <= ID_MAXIMO)
  if (!ok) throw cursorInvalido()
  return valor as Clave
}
