// A user changing their own password from «Mi cuenta»: the current one is checked like a login
// (counted and throttled with the failed logins of the same name), the new one follows the same
// policy as any other, and every other session of the account ends while this one stays.
import type { FastifyRequest } from 'fastify'
import { inTransaction, type Sql } from '../db.js'
import { BadRequestError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { registrarEvento } from '../queries/auditoria.js'
import { MENSAJES_MI_CUENTA, type CambioContrasena } from '../../shared/mi-cuenta.js'
import { hashContrasena, problemaContrasena, verificarContrasena } from './contrasenas.js'
import { olvidarIntentos, registrarIntento } from './limite.js'
import { terminarOtras } from './sesiones.js'
import { credencialesDe } from './usuarios.js'

const invalido = (campo: keyof CambioContrasena, mensaje: string) =>
  new BadRequestError(mensaje, [{ campo, mensaje }])

/** Changes the signed-in user's password; returns how many other sessions it ended. */
export async function cambiarContrasenaPropia(
  sql: Sql,
  request: FastifyRequest,
  token: string,
  cambio: CambioContrasena,
): Promise<number> {
  const { id, usuario } = request.usuario!
  // The policy first: a weak new password is refused without spending a guess at the current one.
  const problema = problemaContrasena(cambio.nueva, usuario)
  if (problema) throw invalido('nueva', problema)
  const direccion = request.direccion
  if (direccion === null)
    throw new BadRequestError('No se pudo identificar la dirección del cliente')
  // Keyed by the account's name, like a login: a stolen session cannot guess the password faster
  // than the login form would let it, and 5 wrong guesses here also hold the login back.
  const intento = await registrarIntento(sql, usuario, direccion)
  const cuenta = await credencialesDe(sql, usuario)
  if (!(await verificarContrasena(cuenta?.claveHash, cambio.actual))) {
    await registrarEvento(sql, eventoDe(request, 'cuenta.contrasena_fallida'))
    throw invalido('actual', MENSAJES_MI_CUENTA.actualIncorrecta)
  }
  if (cambio.nueva === cambio.actual) {
    await olvidarIntentos(sql, usuario, intento)
    throw invalido('nueva', MENSAJES_MI_CUENTA.igualALaActual)
  }
  const claveHash = await hashContrasena(cambio.nueva)
  // The new password, the end of the other sessions and the audit record commit together.
  return inTransaction(sql, async (tx) => {
    await olvidarIntentos(tx, usuario, intento)
    await tx`update usuarios set clave_hash = ${claveHash}, actualizado_en = now() where id = ${id}`
    const cerradas = await terminarOtras(tx, id, token)
    await registrarEvento(
      tx,
      eventoDe(request, 'cuenta.contrasena', { detalle: { sesionesCerradas: cerradas.length } }),
    )
    return cerradas.length
  })
}
