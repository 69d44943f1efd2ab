// One backup, start to end: the dump, the file and its checksum, and its row in `respaldos`,
// written whether it worked or not so that a failure is seen in Configuración and in the log.
import { basename } from 'node:path'
import type { Database, Sql } from '../db.js'
import { escribirRespaldo, nombreRespaldo, type ArchivoRespaldo } from './archivo.js'

export type Origen = 'diario' | 'manual'

export interface Respaldo extends ArchivoRespaldo {
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

/** Writes a backup of `db` into `dir`; throws after noting the failure. */
export async function respaldar(
  db: Database,
  opciones: { dir: string; tz: string; origen: Origen; ahora?: () => Date },
): Promise<Respaldo> {
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
    await anotar(db.sql, inicio, opciones.origen, null, (err as Error).message).catch(() => {})
    throw err
  }
  await anotar(db.sql, inicio, opciones.origen, hecho, null)
  return { ...hecho, milisegundos: Math.round(performance.now() - t0) }
}
