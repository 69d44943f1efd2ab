// One contract per endpoint: the server registers its route from it and the client calls it
// through it, so neither side writes a request or response type of its own.
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type { Permiso } from './permisos.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Contract {
  method: Method
  /** Fastify-style path, e.g. `/pacientes/:id`. */
  url: string
  summary: string
  tags?: string[]
  params?: TSchema
  /** Request headers the call reads, all optional in the schema: the handler answers a missing one. */
  headers?: TSchema
  querystring?: TSchema
  body?: TSchema
  /** Most bytes of the body, for the few calls that carry more than the server's usual 256 KB. */
  bodyLimit?: number
  /** Status code → body schema. */
  response: Record<number, TSchema>
  /** false only for the few calls that work without a session. */
  auth?: boolean
  /** Who may call it (shared/permisos.ts): every call with a session names one. */
  permiso?: Permiso
}

export const defineContract = <const C extends Contract>(contract: C): C => contract

/**
 * `t` or null. A schema with one `type` says it as OpenAPI 3.0's `nullable`, which ajv and
 * fast-json-stringify read as one check; as an anyOf, the response serializer would run a
 * validator over each value to choose its branch (a fifth of the server's CPU on a page of the
 * per-analito grid, docs/presupuestos.md#laboratorio). Any other schema is an anyOf with null.
 */
export const Nullable = <T extends TSchema>(t: T) =>
  typeof t.type === 'string'
    ? Type.Unsafe<Static<T> | null>({ ...t, nullable: true })
    : Type.Union([t, Type.Null()])

/**
 * A response schema with the headers the answer carries, for the OpenAPI document (the serializer
 * ignores them; the handler sets them).
 */
export const conCabeceras = <T extends TSchema>(
  schema: T,
  headers: Record<string, { type: 'string'; description: string }>,
): T => ({ ...schema, headers })

/** The largest id any table holds: ids are PostgreSQL `integer`s. */
export const ID_MAXIMO = 2_147_483_647

/**
 * An id a request sends in its body: the one place ids get their bounds, so a number past the
 * column's range is a Spanish 400 (`mensaje`) and never reaches the database.
 */
export const IdEntrada = (mensaje: string) =>
  Type.Integer({ minimum: 1, maximum: ID_MAXIMO, mensaje })

/** A field's problem: the field's name (a dotted path inside the body) and a Spanish message. */
export const ErrorCampoSchema = Type.Object({ campo: Type.String(), mensaje: Type.String() })
export type ErrorCampo = Static<typeof ErrorCampoSchema>

/** The one error shape every failing call answers with. */
export const ErrorSchema = Type.Object(
  {
    message: Type.String(),
    errores: Type.Optional(Type.Array(ErrorCampoSchema)),
    id: Type.Optional(Type.Integer()),
  },
  { $id: 'Error' },
)
export type ErrorBody = Static<typeof ErrorSchema>

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback

export type ParamsOf<C extends Contract> = StaticOr<C['params'], undefined>
export type QueryOf<C extends Contract> = StaticOr<C['querystring'], undefined>
export type BodyOf<C extends Contract> = StaticOr<C['body'], undefined>

type SuccessCodes<C extends Contract> = Extract<keyof C['response'], 200 | 201 | 202 | 204>
/** The body of the contract's success answer (200, 201, 202 or 204). */
export type ResultOf<C extends Contract> = Static<C['response'][SuccessCodes<C>]>
