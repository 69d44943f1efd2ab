// Typed errors thrown by handlers, and the one handler that turns any error into the
// `{message, errores?}` shape. A 5xx never carries internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorBody, ErrorCampo } from '../shared/contract.js'

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Omit<ErrorBody, 'message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, errores?: ErrorCampo[]) {
    super(400, message, errores ? { errores } : {})
  }
}
/** The 400 of a body or query whose fields break their rules, one message per field. */
export const datosInvalidos = (errores: ErrorCampo[]) =>
  new BadRequestError('Datos inválidos', errores)

export class UnauthorizedError extends AppError {
  constructor(message = 'Sesión requerida') {
    super(401, message)
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'No tiene permiso para esta acción') {
    super(403, message)
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Recurso no encontrado') {
    super(404, message)
  }
}
export class ConflictError extends AppError {
  constructor(message: string, id?: number) {
    super(409, message, id === undefined ? {} : { id })
  }
}
/** 412: the If-Match version is not the current one; `etag` is the current one. */
export class PreconditionFailedError extends AppError {
  constructor(message: string, etag: string) {
    super(412, message, {}, { etag })
  }
}
/** 428: a change that must say which version it corrects did not. */
export class PreconditionRequiredError extends AppError {
  constructor(message: string) {
    super(428, message)
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, {}, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) })
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message = 'Base de datos no disponible, intente nuevamente en unos momentos') {
    super(503, message)
  }
}

/** Connection-level failures of postgres.js or the server: the database, not the request, is at fault. */
export function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; errno?: string }
  const code = String(e?.code ?? '')
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ENOTFOUND',
      'ETIMEDOUT',
      'EPIPE',
      'ENOENT',
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECTION_DESTROYED',
      'CONNECT_TIMEOUT',
      '57P01',
      '57P02',
      '57P03',
    ].includes(code) || code.startsWith('08')
  )
}

const AJV_MESSAGES: Record<string, (params: Record<string, unknown>) => string> = {
  required: () => 'Campo requerido',
  type: () => 'Tipo de dato inválido',
  minLength: (p) =>
    p.limit === 1 ? 'Campo requerido' : `Debe tener al menos ${p.limit} caracteres`,
  maxLength: (p) => `Debe tener como máximo ${p.limit} caracteres`,
  maxItems: (p) => `Como máximo ${p.limit}`,
  pattern: () => 'Formato inválido',
  format: () => 'Formato inválido',
  minimum: (p) => `Debe ser mayor o igual a ${p.limit}`,
  maximum: (p) => `Debe ser menor o igual a ${p.limit}`,
  enum: () => 'Valor no permitido',
  const: () => 'Valor no permitido',
  anyOf: () => 'Valor no permitido',
  additionalProperties: (p) => `Campo no permitido: ${String(p.additionalProperty)}`,
}

interface AjvError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  parentSchema?: { mensaje?: string }
}

/** Schema failures as one Spanish message per field; a schema may carry its own `mensaje`. */
export function fieldErrors(validation: AjvError[]): ErrorCampo[] {
  const campoDe = (v: AjvError) => {
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.')
    const campo =
      v.keyword === 'required'
        ? [path, String(v.params.missingProperty)].filter(Boolean).join('.')
        : path
    return campo || 'cuerpo'
  }
  // A union's failures come first as one per member; its own `mensaje` (on the anyOf) wins. A list
  // that is too long says its limit: its `mensaje` speaks of what it lacks («Elija al menos…»).
  const custom = new Map<string, string>()
  for (const v of validation) {
    const propio = v.keyword !== 'required' && v.keyword !== 'maxItems'
    const mensaje = propio ? v.parentSchema?.mensaje : undefined
    if (mensaje && !custom.has(campoDe(v))) custom.set(campoDe(v), mensaje)
  }
  const byField = new Map<string, string>()
  for (const v of validation) {
    const campo = campoDe(v)
    if (byField.has(campo)) continue
    byField.set(campo, custom.get(campo) ?? AJV_MESSAGES[v.keyword]?.(v.params) ?? 'Valor inválido')
  }
  return [...byField].map(([campo, mensaje]) => ({ campo, mensaje }))
}

export const MENSAJE_SEDE_RENOMBRADA =
  'La sede cambió de nombre mientras se guardaba: recargue la página e intente de nuevo'

/** A row that names a sede by a name it no longer has (a foreign key on sedes, 23503). */
function sedeRenombrada(error: unknown): boolean {
  const e = error as { name?: string; code?: string; constraint_name?: string }
  return (
    e?.name === 'PostgresError' && e.code === '23503' && /_sede_fkey$/.test(e.constraint_name ?? '')
  )
}

/** Fastify's `frameworkErrors`: what the router refuses before any route (a malformed or too long path). */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500
  const messages: Record<number, string> = {
    400: 'Ruta inválida: contiene una secuencia de caracteres no válida',
    414: 'Ruta demasiado larga',
  }
  void reply.code(status).send({ message: messages[status] ?? 'Error interno del servidor' })
}

/**
 * What an unexpected error leaves in the log. A database error's message and detail quote the
 * values involved (a document, a name, a whole failing row), so only what names the failure stays.
 */
export function errorParaRegistro(error: unknown): Record<string, unknown> {
  const e = error as {
    name?: string
    code?: string
    routine?: string
    table_name?: string
    column_name?: string
    constraint_name?: string
  }
  if (e?.name !== 'PostgresError') return { err: error }
  return {
    db: {
      code: e.code,
      tabla: e.table_name,
      columna: e.column_name,
      restriccion: e.constraint_name,
      rutina: e.routine,
    },
  }
}

/** Whether the client is gone: its request stream was aborted or its socket closed. */
function clienteSeFue(request: FastifyRequest): boolean {
  const raw = request.raw
  return raw.readableAborted || !raw.socket || raw.socket.destroyed
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers)
      return reply.code(error.statusCode).send({ message: error.message, ...error.extra })
    }
    const fe = error as FastifyError
    if (fe.validation) {
      return reply.code(400).send({
        message: 'Datos inválidos',
        errores: fieldErrors(fe.validation as unknown as AjvError[]),
      })
    }
    // A reset or a body cut short by the client (or by the request timeout) fails as ECONNRESET,
    // like a lost database connection: only the request's own socket tells them apart.
    if (clienteSeFue(request)) {
      request.log.info(
        { code: (error as { code?: string }).code },
        'el cliente cerró la conexión antes de la respuesta',
      )
      return reply.code(400).send({ message: 'Solicitud interrumpida por el cliente' })
    }
    // A sede renamed while this change waited for it (docs/datos.md#renombrar-una-sede): the name
    // the request carried is gone.
    if (sedeRenombrada(error)) return reply.code(409).send({ message: MENSAJE_SEDE_RENOMBRADA })
    if (isDatabaseDown(error)) {
      request.log.warn({ code: (error as { code?: string }).code }, 'base de datos no disponible')
      const e = new ServiceUnavailableError()
      return reply.code(503).send({ message: e.message })
    }
    const status = fe.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const messages: Record<number, string> = {
        400: 'Solicitud inválida: el cuerpo no es JSON válido',
        404: 'Recurso no encontrado',
        405: 'Método no permitido',
        406: 'Formato de respuesta no disponible',
        413: 'El cuerpo de la solicitud es demasiado grande',
        415: 'Tipo de contenido no soportado: use application/json',
      }
      return reply.code(status).send({ message: messages[status] ?? 'Solicitud inválida' })
    }
    request.log.error(errorParaRegistro(error), 'error interno')
    return reply.code(500).send({ message: 'Error interno del servidor' })
  })
}
