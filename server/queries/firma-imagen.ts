// A médico's signature-and-stamp image (migration 0056): one row per account, read by Mi cuenta and
// by the signing transaction, written only by its owner, each change with its audit record.
import { createHash } from 'node:crypto'
import type { LogoTipo } from '../../shared/clinica.js'
import type { Cuenta } from '../../shared/mi-cuenta.js'
import { inTransaction, type Sql } from '../db.js'
import type { ImagenLeida } from '../informes/imagen.js'
import { registrarEvento, type Evento } from './auditoria.js'

interface FilaCuenta extends Omit<Cuenta, 'firma'> {
  tipo: LogoTipo | null
  ancho: number | null
  alto: number | null
  bytes: number | null
  /** A hash of the image's bytes (its version), or null without one. */
  version: string | null
  actualizadaEn: Date | null
}

/** The account as Mi cuenta shows it; null if it no longer exists. */
export async function leerCuenta(sql: Sql, usuarioId: number): Promise<Cuenta | null> {
  const [f] = await sql<FilaCuenta[]>`
    select u.usuario, u.nombre, u.rol, u.colegiatura, u.valida_resultados, f.tipo, f.ancho, f.alto,
      octet_length(f.imagen) as bytes, substr(md5(f.imagen), 1, 12) as version, f.actualizada_en
    from usuarios u left join firmas_imagen f on f.usuario_id = u.id
    where u.id = ${usuarioId}`
  if (!f) return null
  const { tipo, ancho, alto, bytes, version, actualizadaEn, ...cuenta } = f
  return {
    ...cuenta,
    firma:
      tipo && version && actualizadaEn
        ? {
            // Its address names its version: a new image is a new address.
            url: `/sesion/firma?v=${version}`,
            tipo,
            ancho: ancho!,
            alto: alto!,
            bytes: bytes!,
            actualizadaEn: actualizadaEn.toISOString(),
          }
        : null,
  }
}

/** The image's bytes and type, with an ETag of its bytes; null without one. */
export async function leerFirmaImagen(
  sql: Sql,
  usuarioId: number,
): Promise<{ bytes: Buffer; tipo: LogoTipo; etag: string } | null> {
  const [f] = await sql<{ imagen: Buffer; tipo: LogoTipo }[]>`
    select imagen, tipo from firmas_imagen where usuario_id = ${usuarioId}`
  if (!f) return null
  const etag = `"${createHash('sha256').update(f.imagen).digest('base64url').slice(0, 22)}"`
  return { bytes: f.imagen, tipo: f.tipo, etag }
}

/**
 * Stores the image of a médico's account, replacing the one it had, with its audit record, in one
 * transaction under the account's row: false (nothing stored) if the account is not a médico's,
 * even one whose role changed a moment ago.
 */
export async function ponerFirmaImagen(
  sql: Sql,
  usuarioId: number,
  bytes: Buffer,
  imagen: ImagenLeida,
  evento: Evento,
): Promise<boolean> {
  return inTransaction(sql, async (tx) => {
    const [u] = await tx<{ rol: string }[]>`
      select rol from usuarios where id = ${usuarioId} for share`
    if (u?.rol !== 'medico') return false
    await tx`
      insert into firmas_imagen (usuario_id, imagen, tipo, ancho, alto)
      values (${usuarioId}, ${bytes}, ${imagen.tipo}, ${imagen.ancho}, ${imagen.alto})
      on conflict (usuario_id) do update set imagen = excluded.imagen, tipo = excluded.tipo,
        ancho = excluded.ancho, alto = excluded.alto, actualizada_en = now()`
    await registrarEvento(tx, evento)
    return true
  })
}

/** Removes the account's image with its audit record; false (no record) if it had none. */
export async function quitarFirmaImagen(
  sql: Sql,
  usuarioId: number,
  evento: Evento,
): Promise<boolean> {
  return inTransaction(sql, async (tx) => {
    const quitadas = await tx`delete from firmas_imagen where usuario_id = ${usuarioId} returning 1`
    if (quitadas.length === 0) return false
    await registrarEvento(tx, evento)
    return true
  })
}

/** The image drawn above a signer's name, read inside the signing transaction; null without one. */
export async function imagenDeFirmante(tx: Sql, usuarioId: number | null): Promise<Buffer | null> {
  if (usuarioId === null) return null
  const [f] = await tx<{ imagen: Buffer }[]>`
    select imagen from firmas_imagen where usuario_id = ${usuarioId}`
  return f?.imagen ?? null
}
