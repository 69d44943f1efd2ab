import type { FastifyInstance } from 'fastify'
import { iniciarSesion } from '../auth/login.js'
import {
  cerrarSesion,
  cerrarSesionAuditada,
  nombreCookie,
  opcionesCookie,
} from '../auth/sesiones.js'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { auditar } from '../http/auditoria.js'
import { route } from '../route.js'
import {
  cerrarSesionContract,
  iniciarSesionContract,
  sesionActualContract,
} from '../../shared/sesion.js'

export async function sesionRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const cookie = nombreCookie(config)
  // Read at each answer: the client keeps its offset from the browser's clock, not a date.
  const reloj = () => ({ zonaHoraria: config.clinicTz, ahora: new Date().toISOString() })

  route(app, iniciarSesionContract, async (request, reply) => {
    // A new id at every login: whatever session this browser had is ended first, on the record,
    // whether this login succeeds or not.
    const anterior = request.cookies[cookie]
    if (anterior)
      await cerrarSesionAuditada(sql, anterior, request.direccion, {
        motivo: 'nuevo inicio de sesión en el navegador',
      })
    const { usuario, token } = await iniciarSesion(sql, config, request, request.body)
    reply
      .setCookie(cookie, token, opcionesCookie(config, request.protocol))
      .header('cache-control', 'no-store')
    return { usuario: usuario.usuario, nombre: usuario.nombre, rol: usuario.rol, reloj: reloj() }
  })

  route(app, sesionActualContract, async (request) => {
    const { usuario, nombre, rol } = request.usuario!
    return { usuario, nombre, rol, reloj: reloj() }
  })

  route(app, cerrarSesionContract, async (request, reply) => {
    // Ended with its audit record or not at all.
    await inTransaction(sql, async (tx) => {
      await cerrarSesion(tx, request.cookies[cookie]!)
      await auditar(tx, request, 'sesion.cerrada')
    })
    return reply.clearCookie(cookie, opcionesCookie(config, request.protocol)).code(204).send()
  })
}
