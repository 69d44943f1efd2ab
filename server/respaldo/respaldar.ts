// One backup, start to end: the dump, the file and its checksum, and its row in `respaldos`,
// written whether it worked or not so that a failure is seen in Configuración and in the log.
import { basename } from 'node:path'
import type { Database, Sql } from '../db.js'
import { escribirRespaldo, nombreRespaldo, RespaldoError, type ArchivoRespaldo } from './archivo.js'

export type Origen = 'diario' | 'manual'

export interface RespaldoHecho extends ArchivoRespaldo {
  milisegundos: number
}

async function anotar(
  sql: Sql,
  inicio: Date,
  origen: Origen,
  hecho: ArchivoRespaldo | null,
  error: string | null,
): Promise<void> {
  await sql`
    insert into respaldos (inicio, fin, origen, archivo, bytes, sha256, error)
    values (${inicio}, now(), ${origen}, ${hecho ? basename(hecho.ruta) : null},
            ${hecho?.bytes ?? null}, ${hecho?.sha256 ?? null}, ${error?.slice(0, 2000) ?? null})`
}

/** Why a backup failed, in words an admin acts on; the system's own message otherwise. */
export function motivo(err: unknown, dir: string): string {
  const e = err as NodeJS.ErrnoException
  switch (e.code) {
    case 'EEXIST':
    case 'ENOTDIR':
      return `La carpeta de respaldos ${dir} no es una carpeta (RESPALDO_DIR o --destino).`
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `Sin permiso para escribir en la carpeta de respaldos ${dir}.`
    case 'ENOSPC':
      return `No queda espacio en el disco de la carpeta de respaldos ${dir}.`
    default:
      return e.message
  }
}

/** Writes a backup of `db` into `dir`; throws, in Spanish, after noting the failure. */
export async function respaldar(
  db: Database,
  opciones: { dir: string; tz: string; origen: Origen; ahora?: () => Date },
): Promise<RespaldoHecho> {
  const inicio = (opciones.ahora ?? (() => new Date()))()
  const t0 = performance.now()
  let hecho: ArchivoRespaldo
  try {
    hecho = await escribirRespaldo(
      await db.volcar(),
      opciones.dir,
      nombreRespaldo(inicio, opciones.tz),
    )
  } catch (err) {
    const texto = motivo(err, opciones.dir)
    await anotar(db.sql, inicio, opciones.origen, null, texto).catch(() => {})
    throw Object.assign(new RespaldoError(texto), { cause: err })
  }
  await anotar(db.sql, inicio, opciones.origen, hecho, null)
  return { ...hecho, milisegundos: Math.round(performance.now() - t0) }
}
