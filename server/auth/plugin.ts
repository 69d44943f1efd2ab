// The app-wide guards: every route needs a session unless it says `auth: false` (or is a file of
// the built client), and a mutating call must come from this origin with a JSON body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { puede, sinPermiso, type Permiso } from '../../shared/permisos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { AppError, ForbiddenError, UnauthorizedError } from '../errors.js'
import { nombreCookie, opcionesCookie, usuarioDeSesion } from './sesiones.js'
import { SesionesRecientes } from './sesiones-recientes.js'

export interface RutaRegistrada {
  method: string
  url: string
  auth: boolean
  /** What the route asks of the caller's role (shared/permisos.ts); none on public routes. */
  permiso?: Permiso
}

const registros = new WeakMap<FastifyInstance, RutaRegistrada[]>()

/** Every route registered after the plugin, with whether it needs a session (for tests and audits). */
export const rutasRegistradas = (app: FastifyInstance): RutaRegistrada[] => registros.get(app) ?? []

const MUTANTES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** The routes that open, close or change sessions and accounts. */
const CAMBIAN_SESIONES = /^\/(sesion|usuarios)(\/|$)/
const JSON_TIPO = /^application\/json\s*(;|$)/i

/** Answers here rather than through the error handler, which plugins registered earlier (/docs) lack. */
function rechazar(reply: FastifyReply, error: AppError): FastifyReply {
  return reply
    .code(error.statusCode)
    .headers(error.headers)
    .send({ message: error.message, ...error.extra })
}

function tieneCuerpo(request: FastifyRequest): boolean {
  const largo = request.headers['content-length']
  return (
    request.headers['transfer-encoding'] !== undefined || (largo !== undefined && largo !== '0')
  )
}

/** The browser's own word (Sec-Fetch-Site) or an Origin equal to ours or listed in CORS_ORIGIN. */
export function origenPermitido(request: FastifyRequest, corsOrigins: readonly string[]): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true
  const origin = request.headers.origin
  if (!origin || origin === 'null') return false
  if (corsOrigins.includes(origin)) return true
  try {
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return false
  }
}

async function autenticacionPlugin(
  app: FastifyInstance,
  opts: { config: Config; sql: Sql },
): Promise<void> {
  const { config, sql } = opts
  const cookie = nombreCookie(config)
  const registro: RutaRegistrada[] = []
  registros.set(app, registro)
  const recientes = new SesionesRecientes(config.sessionCacheSeconds)

  // A change to sessions or accounts, whatever its outcome, empties the remembered sessions before
  // its answer leaves: the next request of anyone asks the database again.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (MUTANTES.has(request.method) && CAMBIAN_SESIONES.test(request.routeOptions.url ?? ''))
      recientes.olvidarTodas()
    return payload
  })

  // Closed by default, so a route that forgets to say anything still needs a session.
  app.addHook('onRoute', (ruta) => {
    ruta.config ??= {}
    const archivoDelCliente = typeof (ruta.config as { file?: unknown }).file === 'string'
    ruta.config.auth ??= !archivoDelCliente
    for (const method of [ruta.method].flat())
      registro.push({ method, url: ruta.url, auth: ruta.config.auth, permiso: ruta.config.permiso })
  })

  app.addHook('onRequest', async (request, reply) => {
    if (!MUTANTES.has(request.method)) return
    if (!origenPermitido(request, config.corsOrigins)) {
      return rechazar(
        reply,
        new ForbiddenError('Solicitud rechazada: debe originarse en este mismo sitio'),
      )
    }
    if (tieneCuerpo(request) && !JSON_TIPO.test(request.headers['content-type'] ?? '')) {
      return rechazar(
        reply,
        new AppError(415, 'Tipo de contenido no soportado: use application/json'),
      )
    }
  })

  // preParsing, not onRequest: the SPA shell (an onRequest hook registered later) must win first.
  app.addHook('preParsing', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.is404 || request.routeOptions.config.auth === false) return payload
    const token = request.cookies[cookie]
    const usuario = token ? await usuarioDeSesion(sql, config, token, recientes) : undefined
    if (!usuario) {
      if (token) reply.clearCookie(cookie, opcionesCookie(config, request.protocol))
      return rechazar(reply, new UnauthorizedError())
    }
    request.usuario = usuario
    // Patient data must not stay in a shared computer's cache or come back with the Back button.
    reply.header('cache-control', 'no-store')
    return payload
  })
}

export const autenticacion = fp(autenticacionPlugin, {
  name: 'autenticacion',
  dependencies: ['@fastify/cookie'],
})

/**
 * The preParsing hook of a route that needs `permiso` (shared/permisos.ts): after the session
 * hook, before the body is read, so a forbidden call changes nothing and learns nothing.
 */
export function exigirPermiso(permiso: Permiso) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const usuario = request.usuario
    if (!usuario) return rechazar(reply, new UnauthorizedError())
    if (!puede(usuario.rol, permiso))
      return rechazar(reply, new ForbiddenError(sinPermiso(permiso, usuario.rol)))
    return payload
  }
}
