// Staff accounts in the database. Accounts are deactivated, never deleted: the audit trail
// points at them.
import { inTransaction, type Sql } from '../db.js'
import { registrarEvento, type Evento } from '../queries/auditoria.js'
import type { Usuario } from '../route.js'
import type { Rol } from '../../shared/sesion.js'
import {
  MENSAJES_USUARIOS,
  problemaColegiatura,
  type UsuarioDetalle,
} from '../../shared/usuarios.js'
import { datosInvalidos } from '../errors.js'
import { hashContrasena } from './contrasenas.js'

interface FilaUsuario {
  id: number
  usuario: string
  nombre: string
  rol: Rol
  colegiatura: string | null
  validaResultados: boolean
  activo: boolean
  creadoEn: Date
}

const detalle = (f: FilaUsuario): UsuarioDetalle => ({
  id: f.id,
  usuario: f.usuario,
  nombre: f.nombre,
  rol: f.rol,
  colegiatura: f.colegiatura,
  validaResultados: f.validaResultados,
  activo: f.activo,
  creadoEn: f.creadoEn.toISOString(),
})

/** Names are compared lower-cased and trimmed: "Admin " signs in as "admin". */
export const normalizarUsuario = (usuario: string) => usuario.trim().toLowerCase()

export async function listarUsuarios(sql: Sql): Promise<UsuarioDetalle[]> {
  const filas = await sql<FilaUsuario[]>`
    select id, usuario, nombre, rol, colegiatura, valida_resultados, activo, creado_en from usuarios order by usuario`
  return filas.map(detalle)
}

export async function buscarUsuario(sql: Sql, id: number): Promise<UsuarioDetalle | undefined> {
  const [fila] = await sql<FilaUsuario[]>`
    select id, usuario, nombre, rol, colegiatura, valida_resultados, activo, creado_en from usuarios where id = ${id}`
  return fila && detalle(fila)
}

export async function buscarPorNombre(
  sql: Sql,
  usuario: string,
): Promise<UsuarioDetalle | undefined> {
  const [fila] = await sql<FilaUsuario[]>`
    select id, usuario, nombre, rol, colegiatura, valida_resultados, activo, creado_en from usuarios where usuario = ${normalizarUsuario(usuario)}`
  return fila && detalle(fila)
}

/** What a login needs, inactive accounts included (they fail like a wrong password). */
export async function credencialesDe(
  sql: Sql,
  usuario: string,
): Promise<(Usuario & { claveHash: string; activo: boolean }) | undefined> {
  const [fila] = await sql<(Usuario & { claveHash: string; activo: boolean })[]>`
    select id, usuario, nombre, rol, clave_hash, activo from usuarios where usuario = ${usuario}`
  return fila
}

export interface NuevoUsuario {
  usuario: string
  nombre: string
  rol: Rol
  /** Already normalised (normalizarColegiatura); a médico's is required by the database. */
  colegiatura?: string
  /** Only a tecnólogo's may be true (exigirValidador). */
  validaResultados?: boolean
  contrasena: string
}

/** The audit record of an account change, from the account as the change left it. */
export type RegistroCuenta = (cuenta: UsuarioDetalle) => Evento

/** Writes the record of the change in the change's own transaction, when there was a change. */
async function registrarCambio(tx: Sql, fila: FilaUsuario | undefined, registro?: RegistroCuenta) {
  const cuenta = fila && detalle(fila)
  if (cuenta && registro) await registrarEvento(tx, registro(cuenta))
  return cuenta
}

/**
 * Creates the account with its audit record (`registro`; tests create theirs without one);
 * undefined when the name is taken. The policy is checked by the caller.
 */
export async function crearUsuario(
  sql: Sql,
  nuevo: NuevoUsuario,
  registro?: RegistroCuenta,
): Promise<UsuarioDetalle | undefined> {
  const claveHash = await hashContrasena(nuevo.contrasena)
  return inTransaction(sql, async (tx) => {
    const [fila] = await tx<FilaUsuario[]>`
      insert into usuarios (usuario, nombre, rol, colegiatura, valida_resultados, clave_hash)
      values (${normalizarUsuario(nuevo.usuario)}, ${nuevo.nombre.trim()}, ${nuevo.rol},
        ${nuevo.colegiatura ?? null}, ${nuevo.validaResultados ?? false}, ${claveHash})
      on conflict (usuario) do nothing
      returning id, usuario, nombre, rol, colegiatura, valida_resultados, activo, creado_en`
    return registrarCambio(tx, fila, registro)
  })
}

/** The first admin, only while there is no account at all; undefined when one already exists. */
export async function crearPrimerAdmin(
  sql: Sql,
  usuario: string,
  contrasena: string,
  registro: RegistroCuenta,
): Promise<UsuarioDetalle | undefined> {
  const [existe] = await sql<{ hay: boolean }[]>`select exists (select 1 from usuarios) as hay`
  if (existe?.hay) return undefined
  const claveHash = await hashContrasena(contrasena)
  return inTransaction(sql, async (tx) => {
    // Two instances starting together: the unique name lets only one insert.
    const [fila] = await tx<FilaUsuario[]>`
      insert into usuarios (usuario, nombre, rol, clave_hash)
      select ${usuario}, 'Administrador', 'admin', ${claveHash}
      where not exists (select 1 from usuarios)
      on conflict (usuario) do nothing
      returning id, usuario, nombre, rol, colegiatura, valida_resultados, activo, creado_en`
    return registrarCambio(tx, fila, registro)
  })
}

export interface CambioUsuario {
  activo?: boolean
  nombre?: string
  rol?: Rol
  /** null takes it away; already normalised. */
  colegiatura?: string | null
  validaResultados?: boolean
}

/**
 * A 400 when the account's role, colegiatura and validation of lab results do not go together:
 * only a tecnólogo is enabled to validate (a médico always does), and then needs a colegiatura.
 */
export function exigirColegiaturaValida(
  rol: Rol,
  colegiatura: string | null,
  validaResultados = false,
): void {
  if (validaResultados && rol !== 'tecnologo')
    throw datosInvalidos([
      { campo: 'validaResultados', mensaje: MENSAJES_USUARIOS.validaSoloTecnologo },
    ])
  const problema = problemaColegiatura(rol, colegiatura, validaResultados)
  if (problema) throw datosInvalidos([{ campo: 'colegiatura', mensaje: problema }])
}

/** The change would leave no active admin: refused. */
export const ULTIMO_ADMIN = 'ultimoAdmin'

/**
 * Applies the change and, when the account is deactivated, ends its sessions in the same
 * transaction as its audit record; undefined for an unknown account, ULTIMO_ADMIN when it would
 * leave no active admin.
 */
export async function cambiarUsuario(
  sql: Sql,
  id: number,
  cambio: CambioUsuario,
  registro: RegistroCuenta,
): Promise<UsuarioDetalle | typeof ULTIMO_ADMIN | undefined> {
  return inTransaction(
    sql,
    async (tx): Promise<UsuarioDetalle | typeof ULTIMO_ADMIN | undefined> => {
      // Locked, so two admins demoting each other at the same moment cannot both pass the check.
      const admins = await tx<
        { id: number }[]
      >`select id from usuarios where rol = 'admin' and activo for update`
      const dejaDeSerAdmin =
        cambio.activo === false || (cambio.rol !== undefined && cambio.rol !== 'admin')
      if (dejaDeSerAdmin && admins.length === 1 && admins[0]!.id === id) return ULTIMO_ADMIN
      // The role, colegiatura and validation the change leaves, read under the row's lock. A
      // change of role away from tecnólogo takes the validation away.
      const [actual] = await tx<Pick<FilaUsuario, 'rol' | 'colegiatura' | 'validaResultados'>[]>`
        select rol, colegiatura, valida_resultados from usuarios where id = ${id} for update`
      if (!actual) return undefined
      const rol = cambio.rol ?? actual.rol
      const valida = cambio.validaResultados ?? (rol === 'tecnologo' && actual.validaResultados)
      exigirColegiaturaValida(
        rol,
        cambio.colegiatura === undefined ? actual.colegiatura : cambio.colegiatura,
        valida,
      )
      const [fila] = await tx<FilaUsuario[]>`
      update usuarios set
        activo = coalesce(${cambio.activo ?? null}::boolean, activo),
        nombre = coalesce(${cambio.nombre?.trim() ?? null}::text, nombre),
        rol = coalesce(${cambio.rol ?? null}::text, rol),
        colegiatura = case when ${cambio.colegiatura !== undefined} then ${cambio.colegiatura ?? null}
          else colegiatura end,
        valida_resultados = ${valida},
        actualizado_en = now()
      where id = ${id}
      returning id, usuario, nombre, rol, colegiatura, valida_resultados, activo, creado_en`
      if (fila && !fila.activo) await tx`delete from sesiones where usuario_id = ${id}`
      return registrarCambio(tx, fila, registro)
    },
  )
}

/**
 * New password; every open session of the account ends, so an old one cannot linger. Both commit
 * with the audit record `evento`, or neither does.
 */
export async function cambiarContrasena(
  sql: Sql,
  id: number,
  contrasena: string,
  evento: Evento,
): Promise<boolean> {
  const claveHash = await hashContrasena(contrasena)
  return inTransaction(sql, async (tx) => {
    const filas =
      await tx`update usuarios set clave_hash = ${claveHash}, actualizado_en = now() where id = ${id} returning id`
    if (filas.length === 0) return false
    await tx`delete from sesiones where usuario_id = ${id}`
    await registrarEvento(tx, evento)
    return true
  })
}
