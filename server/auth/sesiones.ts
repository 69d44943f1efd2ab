// Server-side sessions in PostgreSQL, so every instance behind a load balancer sees the same ones.
// The cookie carries a random token; the table keeps only its SHA-256.
import { createHash, randomBytes } from 'node:crypto'
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { registrarEvento } from '../queries/auditoria.js'
import type { Usuario } from '../route.js'
import type { SesionPropia } from '../../shared/mi-cuenta.js'
import { CARACTERES_CONTROL } from '../../shared/texto.js'
import type { SesionesRecientes } from './sesiones-recientes.js'

type SesionConfig = Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours'>

/** `__Host-` makes the browser refuse the cookie unless Secure, path / and no Domain. */
export const nombreCookie = (config: Pick<Config, 'cookieSecure'>) =>
  config.cookieSecure ? '__Host-sesion' : 'sesion'

/**
 * No Max-Age: the cookie goes with the browser; the server enforces both expiries anyway. Secure
 * with COOKIE_SECURE, or when the request came over HTTPS (as a trusted proxy reports it).
 */
export const opcionesCookie = (
  config: Pick<Config, 'cookieSecure'>,
  protocolo: string,
): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure: config.cookieSecure || protocolo === 'https',
  path: '/',
})

const huella = (token: string) => createHash('sha256').update(token).digest('hex')

const CONTROL = new RegExp(`[${CARACTERES_CONTROL}]`, 'g')

/**
 * The browser's User-Agent as kept with a session: only to tell one's sessions apart in «Mi
 * cuenta», so cut short and without control characters; null when there is none.
 */
export function agenteDe(userAgent: string | undefined): string | null {
  const limpio = (userAgent ?? '').replace(CONTROL, '').trim()
  return limpio ? limpio.slice(0, 300) : null
}

/** Opens a session and returns the token for the cookie. */
export async function abrirSesion(
  sql: Sql,
  config: SesionConfig,
  usuarioId: number,
  direccion: string | null,
  agente: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await sql`
    insert into sesiones (token_hash, usuario_id, expira_en, direccion, agente)
    values (${huella(token)}, ${usuarioId}, now() + make_interval(hours => ${config.sessionMaxHours}), ${direccion}, ${agente})`
  // Expired rows are only dead weight; logins are rare enough to sweep them here.
  await sql`
    delete from sesiones
    where expira_en <= now() or ultimo_uso <= now() - make_interval(mins => ${config.sessionIdleMinutes})`
  return token
}

/**
 * The signed-in user of a token, if its session is alive (not idle too long, not past its absolute
 * limit, account active). Marks it used, at most every 15 seconds, to keep writes down. A session
 * `recientes` checked a moment ago is not asked again (sesiones-recientes.ts).
 */
export async function usuarioDeSesion(
  sql: Sql,
  config: SesionConfig,
  token: string,
  recientes: SesionesRecientes,
): Promise<Usuario | undefined> {
  const h = huella(token)
  const conocido = recientes.leer(h)
  if (conocido) return conocido
  const turno = recientes.turno()
  const [fila] = await sql<(Usuario & { msRestantes: number })[]>`
    with viva as (
      select s.token_hash, s.ultimo_uso, s.expira_en, u.id, u.usuario, u.nombre, u.rol
      from sesiones s join usuarios u on u.id = s.usuario_id
      where s.token_hash = ${h}
        and u.activo
        and s.expira_en > now()
        and s.ultimo_uso > now() - make_interval(mins => ${config.sessionIdleMinutes})
    ), uso as (
      update sesiones set ultimo_uso = now()
      where token_hash in (select token_hash from viva where ultimo_uso < now() - interval '15 seconds')
    )
    select id, usuario, nombre, rol,
      -- How long it stays alive if unused: the idle limit counted from the last recorded use.
      (extract(epoch from least(expira_en,
        ultimo_uso + make_interval(mins => ${config.sessionIdleMinutes})) - now()) * 1000)::float8
        as ms_restantes
    from viva`
  if (!fila) return undefined
  const { msRestantes, ...usuario } = fila
  recientes.guardar(h, usuario, msRestantes, turno)
  return usuario
}

export async function cerrarSesion(sql: Sql, token: string): Promise<void> {
  await sql`delete from sesiones where token_hash = ${huella(token)}`
}

/**
 * Ends the session of `token`, if there is one, with its audit record ('sesion.cerrada', by the
 * session's own account, `detalle` saying why) in the same statement.
 */
export function cerrarSesionAuditada(
  sql: Sql,
  token: string,
  direccion: string | null,
  detalle: Record<string, unknown>,
): Promise<void> {
  return inTransaction(sql, async (tx) => {
    const [cerrada] = await tx<{ id: number; usuario: string }[]>`
      delete from sesiones s using usuarios u
      where s.token_hash = ${huella(token)} and u.id = s.usuario_id
      returning u.id, u.usuario`
    if (cerrada) {
      await registrarEvento(tx, {
        accion: 'sesion.cerrada',
        usuarioId: cerrada.id,
        usuario: cerrada.usuario,
        direccion,
        detalle,
      })
    }
  })
}

/** The live sessions of an account, most recently used first; `token` marks the caller's own. */
export async function sesionesDe(
  sql: Sql,
  config: SesionConfig,
  usuarioId: number,
  token: string,
): Promise<SesionPropia[]> {
  const filas = await sql<
    (Omit<SesionPropia, 'creadaEn' | 'ultimoUso' | 'expiraEn'> & {
      creadaEn: Date
      ultimoUso: Date
      expiraEn: Date
    })[]
  >`
    select id, creada_en, ultimo_uso, direccion, agente,
      least(expira_en, ultimo_uso + make_interval(mins => ${config.sessionIdleMinutes})) as expira_en,
      token_hash = ${huella(token)} as actual
    from sesiones
    where usuario_id = ${usuarioId}
      and expira_en > now()
      and ultimo_uso > now() - make_interval(mins => ${config.sessionIdleMinutes})
    order by actual desc, ultimo_uso desc, creada_en desc`
  return filas.map((f) => ({
    ...f,
    creadaEn: f.creadaEn.toISOString(),
    ultimoUso: f.ultimoUso.toISOString(),
    expiraEn: f.expiraEn.toISOString(),
  }))
}

/**
 * Ends one session of the account by its public id. Undefined when the account has no such session
 * (another's id is no different from an unknown one); otherwise whether it was the caller's own.
 */
export async function terminarSesion(
  sql: Sql,
  usuarioId: number,
  id: string,
  token: string,
): Promise<{ actual: boolean } | undefined> {
  const [fila] = await sql<{ actual: boolean }[]>`
    delete from sesiones where id = ${id} and usuario_id = ${usuarioId}
    returning token_hash = ${huella(token)} as actual`
  return fila
}

/** Ends every session of the account but the caller's own; returns the public ids ended. */
export async function terminarOtras(sql: Sql, usuarioId: number, token: string): Promise<string[]> {
  const filas = await sql<{ id: string }[]>`
    delete from sesiones where usuario_id = ${usuarioId} and token_hash <> ${huella(token)}
    returning id`
  return filas.map((f) => f.id)
}
