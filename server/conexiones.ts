// The HTTP server's own limits (slow or idle clients, how many at once) and the answers it gives
// before any route: Node's parser refusals and timeouts, in the app's one error shape, in Spanish.
import { STATUS_CODES, type Server } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError, FastifyHttpOptions, FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import { porDireccion } from './por-direccion.js'

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

const DEMASIADAS = JSON.stringify({
  message: 'Demasiadas conexiones abiertas desde esta dirección',
})

/**
 * Past `maxConnections` open connections new ones are dropped as they arrive. Past
 * `maxConnectionsPerAddress` from one address, a new one from there is answered 503 and closed
 * before it is read: idle sockets from one place cannot take every connection the server has.
 * The address is the socket's (a reverse proxy's own address, behind one: README).
 */
export function limitarConexiones(app: FastifyInstance, config: Config): void {
  app.server.maxConnections = config.maxConnections
  const admitir = porDireccion(config.maxConnectionsPerAddress)
  app.server.on('connection', (socket: Socket) => {
    const direccion = socket.remoteAddress ?? ''
    if (!admitir(socket, direccion)) {
      app.log.warn({ direccion }, 'conexión rechazada: demasiadas abiertas desde esta dirección')
      socket.on('error', () => {})
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(DEMASIADAS)}\r\nConnection: close\r\n\r\n${DEMASIADAS}`,
      )
      socket.setTimeout(1000, () => socket.destroy())
    }
  })
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
