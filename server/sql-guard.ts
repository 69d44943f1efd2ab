// A statement's values are checked before postgres.js sees them. In postgres.js 3.4.9 (pinned) a
// statement whose values fail to serialise while another statement is in flight on its
// connection stays in that connection's queue unsent, the statement in flight gets its error, and
// every later reply goes to the statement before its own: one user's rows answer another's
// request, until the connection closes. Its pipelining cannot be turned off (`max_pipeline: 0`
// also skips the hook that reserves a connection for `sql.begin`), so every value that could fail
// there (undefined, an invalid Date, JSON with a BigInt or a cycle) fails here, in our code, alone.
import type postgres from 'postgres'
import { Trozo } from './queries/trozo.js'

type Sql = postgres.Sql

export class InvalidValueError extends Error {
  readonly code = 'VALOR_INVALIDO'
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown
  return proto === Object.prototype || proto === null
}

function check(value: unknown): void {
  if (value === undefined) throw new InvalidValueError('Un valor de la consulta es undefined')
  if (value === null || typeof value !== 'object') return
  // Written into a postgres.js template it would go as one parameter, not as SQL.
  if (value instanceof Trozo) throw new Error('Un Trozo va dentro de una consulta con consulta()')
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime()))
      throw new InvalidValueError('Una fecha de la consulta es inválida')
  } else if (Array.isArray(value)) {
    for (const v of value) check(v)
  } else if (isPlainObject(value)) {
    checkJson(value)
  }
  // Anything else is the driver's own (a fragment written through this guard, a helper, a
  // Parameter from the guarded json/array) or a Buffer.
}

function checkJson(value: unknown): void {
  try {
    JSON.stringify(value)
  } catch (err) {
    throw new InvalidValueError(
      `Un valor JSON de la consulta no se puede serializar: ${(err as Error).message}`,
    )
  }
}

/** The values of a tagged call (`sql\`…${v}…\``) or of a helper call (`sql(row, …columns)`). */
function checkArgs(args: unknown[]): void {
  const [first, ...rest] = args
  if (Array.isArray(first) && 'raw' in first) {
    for (const v of rest) check(v)
    return
  }
  for (const row of [first].flat()) {
    if (row !== null && typeof row === 'object' && isPlainObject(row)) {
      for (const v of Object.values(row)) check(v)
    } else {
      check(row)
    }
  }
}

/** Wraps the callback of begin/savepoint so the client it receives is guarded too. */
function guardCallback(fn: (...a: unknown[]) => unknown) {
  return (...a: unknown[]) => {
    const last = a.at(-1)
    if (typeof last !== 'function') return fn(...a)
    return fn(...a.slice(0, -1), (inner: Sql) => (last as (s: Sql) => unknown)(guardSql(inner)))
  }
}

type Method = (...a: unknown[]) => unknown

export function guardSql(sql: Sql): Sql {
  return new Proxy(sql, {
    apply(target, thisArg, args: unknown[]) {
      checkArgs(args)
      return Reflect.apply(target, thisArg, args)
    },
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown
      if (typeof value !== 'function') return value
      const method = value as Method
      switch (prop) {
        case 'begin':
        case 'savepoint':
          return guardCallback(method.bind(target))
        case 'reserve':
          return async () => guardSql((await method.call(target)) as Sql)
        case 'json':
          return (v: unknown) => (checkJson(v), check(v), method.call(target, v))
        case 'array':
          return (v: unknown[], ...rest: unknown[]) => (check(v), method.call(target, v, ...rest))
        case 'unsafe':
          return (query: string, params?: unknown[], opts?: unknown) => {
            for (const v of params ?? []) check(v)
            return method.call(target, query, params, opts)
          }
        default:
          return value
      }
    },
  })
}
