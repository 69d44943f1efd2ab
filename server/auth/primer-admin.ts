// First start with no account at all: an admin named ADMIN_USER, with ADMIN_PASSWORD or a random
// password shown once in the log (the only password that ever reaches a log).
import type { FastifyBaseLogger } from 'fastify'
import { ConfigError, type Config } from '../config.js'
import type { Sql } from '../db.js'
import { contrasenaAleatoria, problemaContrasena } from './contrasenas.js'
import { crearPrimerAdmin } from './usuarios.js'

export async function asegurarPrimerAdmin(
  sql: Sql,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  const [fila] = await sql<{ hay: boolean }[]>`select exists (select 1 from usuarios) as hay`
  if (fila?.hay) return
  if (config.adminPassword !== undefined) {
    const problema = problemaContrasena(config.adminPassword, config.adminUser)
    if (problema)
      throw new ConfigError(
        `Variable de entorno ADMIN_PASSWORD inválida: ${problema.toLowerCase()}`,
      )
  }
  const contrasena = config.adminPassword ?? contrasenaAleatoria()
  // The account and its audit record commit together.
  const creado = await crearPrimerAdmin(sql, config.adminUser, contrasena, (c) => ({
    accion: 'usuario.creado',
    usuarioId: null,
    usuario: null,
    direccion: null,
    detalle: { cuenta: c.usuario, rol: c.rol, origen: 'primer arranque' },
  }))
  if (!creado) return // another instance starting at the same time created it
  if (config.adminPassword !== undefined) {
    log.info(
      `Cuenta de administrador "${creado.usuario}" creada con la contraseña de ADMIN_PASSWORD`,
    )
  } else {
    log.warn(
      `Cuenta de administrador "${creado.usuario}" creada con la contraseña: ${contrasena} ` +
        '(se muestra solo esta vez; cámbiela con: npm run usuarios -- clave ' +
        creado.usuario +
        ')',
    )
  }
}
