// «Mi cuenta» (docs/seguridad.md#mi-cuenta): one's own password and sessions, for every role. The
// routes live under /sesion, so each answer also empties the sessions this process remembers
// (auth/plugin.ts): a session ended here is refused on its very next request.
import type { FastifyInstance } from 'fastify'
import { cambiarContrasenaPropia } from '../auth/contrasena-propia.js'
import {
  nombreCookie,
  opcionesCookie,
  sesionesDe,
  terminarOtras,
  terminarSesion,
} from '../auth/sesiones.js'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { NotFoundError } from '../errors.js'
import { auditar } from '../http/auditoria.js'
import { route } from '../route.js'
import {
  cambiarContrasenaPropiaContract,
  cerrarOtrasSesionesContract,
  cerrarSesionPropiaContract,
  listarSesionesPropiasContract,
  MENSAJES_MI_CUENTA,
} from '../../shared/mi-cuenta.js'

export async function miCuentaRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const cookie = nombreCookie(config)
  // The session hook let the request in, so its cookie is there.
  const tokenDe = (request: { cookies: Record<string, string | undefined> }) =>
    request.cookies[cookie]!

  route(app, cambiarContrasenaPropiaContract, async (request) => {
    const sesionesCerradas = await cambiarContrasenaPropia(
      sql,
      request,
      tokenDe(request),
      request.body,
    )
    return { sesionesCerradas }
  })

  route(app, listarSesionesPropiasContract, async (request) =>
    sesionesDe(sql, config, request.usuario!.id, tokenDe(request)),
  )

  route(app, cerrarSesionPropiaContract, async (request, reply) => {
    const { id } = request.params
    // Ended with its audit record or not at all; another account's session is not found.
    const cerrada = await inTransaction(sql, async (tx) => {
      const cerrada = await terminarSesion(tx, request.usuario!.id, id, tokenDe(request))
      if (cerrada) await auditar(tx, request, 'sesion.terminada', { detalle: { sesiones: [id] } })
      return cerrada
    })
    if (!cerrada) throw new NotFoundError(MENSAJES_MI_CUENTA.sesionNoEncontrada)
    if (cerrada.actual) reply.clearCookie(cookie, opcionesCookie(config, request.protocol))
    return reply.code(204).send()
  })

  route(app, cerrarOtrasSesionesContract, async (request) => {
    const ids = await inTransaction(sql, async (tx) => {
      const ids = await terminarOtras(tx, request.usuario!.id, tokenDe(request))
      if (ids.length > 0)
        await auditar(tx, request, 'sesion.terminada', { detalle: { sesiones: ids } })
      return ids
    })
    return { sesionesCerradas: ids.length }
  })
}
