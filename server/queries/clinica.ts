// The clinic's identity (migration 0038): one row, read by every screen and written by admins,
// each change recorded by the statement that makes it.
import { createHash } from 'node:crypto'
import type { CambioClinica, Clinica, LogoTipo } from '../../shared/clinica.js'
import type { Sql } from '../db.js'
import { insercionEvento, type Evento } from './auditoria.js'

interface FilaClinica extends Omit<Clinica, 'logo'> {
  /** A hash of the logo's bytes (its version), or null without one. */
  logoVersion: string | null
}

const COLUMNAS = `nombre, ruc, direccion, telefono, renipress,
  case when logo is null then null else substr(md5(logo), 1, 12) end as "logoVersion"`

/** The logo's address: it names its version, so a browser may keep it as long as it likes. */
const aClinica = ({ logoVersion, ...f }: FilaClinica): Clinica => ({
  ...f,
  logo: logoVersion ? `/clinica/logo?v=${logoVersion}` : null,
})

export async function leerClinica(sql: Sql): Promise<Clinica> {
  const [fila] = await sql<FilaClinica[]>`select ${sql.unsafe(COLUMNAS)} from clinica`
  return aClinica(fila!)
}

export async function cambiarClinica(
  sql: Sql,
  cambio: CambioClinica,
  evento: Evento,
): Promise<Clinica> {
  const [fila] = await sql<FilaClinica[]>`
    with e as (${insercionEvento(sql, evento)})
    update clinica set ${sql(cambio)}, actualizado_en = now()
    returning ${sql.unsafe(COLUMNAS)}`
  return aClinica(fila!)
}

export async function cambiarLogo(
  sql: Sql,
  logo: { bytes: Uint8Array; tipo: LogoTipo } | null,
  evento: Evento,
): Promise<Clinica> {
  const [fila] = await sql<FilaClinica[]>`
    with e as (${insercionEvento(sql, evento)})
    update clinica set logo = ${logo ? Buffer.from(logo.bytes) : null},
      logo_tipo = ${logo?.tipo ?? null}, actualizado_en = now()
    returning ${sql.unsafe(COLUMNAS)}`
  return aClinica(fila!)
}

export async function leerLogo(
  sql: Sql,
): Promise<{ bytes: Buffer; tipo: LogoTipo; etag: string } | null> {
  const [fila] = await sql<{ logo: Buffer | null; tipo: LogoTipo | null }[]>`
    select logo, logo_tipo as tipo from clinica`
  if (!fila?.logo || !fila.tipo) return null
  const etag = `"${createHash('sha256').update(fila.logo).digest('base64url').slice(0, 22)}"`
  return { bytes: fila.logo, tipo: fila.tipo, etag }
}
