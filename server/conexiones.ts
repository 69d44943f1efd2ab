// The HTTP server's own limits (slow or idle clients, how many at once) and the answers it gives
// before any route: Node's parser refusals and timeouts, in the app's one error shape, in Spanish.
import { STATUS_CODES, type Server } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError, FastifyHttpOptions, FastifyInstance } from 'fastify'
import type { Config } from './config.js'

/** Timeouts of the server; Node checks them every `connectionsCheckingInterval`, 30 s unless told. */
export function opcionesConexion(config: Config): FastifyHttpOptions<Server> {
  return {
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(config.headersTimeoutMs / 2)),
      ),
    },
    clientErrorHandler: erroresDeConexion,
  }
}

/** Past this many open connections new ones are dropped as they arrive. */
export function limitarConexiones(app: FastifyInstance, config: Config): void {
  app.server.maxConnections = config.maxConnections
}

const RESPUESTAS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'La solicitud tardó demasiado en llegar'],
  HPE_HEADER_OVERFLOW: [431, 'Las cabeceras de la solicitud son demasiado grandes'],
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP server refuses before any route (bytes that are
 * not HTTP, a too large header, a request that took too long). Fastify's default answers in English.
 */
function erroresDeConexion(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
  // A reset socket has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [estado, message] = RESPUESTAS[err.code ?? ''] ?? [400, 'Solicitud HTTP inválida']
  this.log.debug({ code: err.code }, 'solicitud rechazada por el servidor HTTP')
  // An answer already under way cannot be followed by another on the same connection.
  const enCurso = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !enCurso?.headersSent) {
    const cuerpo = JSON.stringify({ message })
    socket.write(
      `HTTP/1.1 ${estado} ${STATUS_CODES[estado]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(cuerpo)}\r\nConnection: close\r\n\r\n${cuerpo}`,
    )
  }
  socket.destroy()
}
