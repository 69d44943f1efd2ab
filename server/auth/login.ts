// Logging in: throttle, check the password (always one argon2 run, whether the account exists or
// not), open a fresh session, and leave a trace either way.
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { BadRequestError, UnauthorizedError } from '../errors.js'
import { registrarEvento } from '../queries/auditoria.js'
import type { Usuario } from '../route.js'
import { MENSAJES_SESION, type Credenciales } from '../../shared/sesion.js'
import { verificarContrasena } from './contrasenas.js'
import { olvidarIntentos, registrarIntento } from './limite.js'
import { abrirSesion, agenteDe } from './sesiones.js'
import { credencialesDe, normalizarUsuario } from './usuarios.js'

export async function iniciarSesion(
  sql: Sql,
  config: Config,
  request: FastifyRequest,
  credenciales: Credenciales,
): Promise<{ usuario: Usuario; token: string }> {
  const nombre = normalizarUsuario(credenciales.usuario)
  const direccion = request.direccion
  // Failed logins are counted per address too: an attempt from no known address is not counted
  // but refused (its socket was gone before the request was routed; nobody reads this answer).
  if (direccion === null)
    throw new BadRequestError('No se pudo identificar la dirección del cliente')
  const intento = await registrarIntento(sql, nombre, direccion)
  const cuenta = await credencialesDe(sql, nombre)
  const correcta = await verificarContrasena(cuenta?.claveHash, credenciales.contrasena)
  if (!cuenta || !correcta || !cuenta.activo) {
    await registrarEvento(sql, {
      accion: 'sesion.fallida',
      usuarioId: cuenta?.id ?? null,
      usuario: nombre,
      direccion,
    })
    throw new UnauthorizedError(MENSAJES_SESION.credenciales)
  }
  const usuario: Usuario = {
    id: cuenta.id,
    usuario: cuenta.usuario,
    nombre: cuenta.nombre,
    rol: cuenta.rol,
  }
  // The session opens with its audit record or not at all.
  const token = await inTransaction(sql, async (tx) => {
    await olvidarIntentos(tx, nombre, intento)
    const agente = agenteDe(request.headers['user-agent'])
    const token = await abrirSesion(tx, config, cuenta.id, direccion, agente)
    await registrarEvento(tx, {
      accion: 'sesion.iniciada',
      usuarioId: usuario.id,
      usuario: usuario.usuario,
      direccion,
    })
    return token
  })
  return { usuario, token }
}
