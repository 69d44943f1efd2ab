// A backup on disk: the database's SQL dump, gzip-compressed, with a SHA-256 sidecar in
// `sha256sum` format beside it (`sha256sum -c clinica-….sql.gz.sha256` checks it by hand too).
// The file is written under a temporary name and renamed once whole, so a backup cut short never
// looks like a good one.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { aLocal } from '../horario.js'

export const PREFIJO = 'clinica-'
export const EXTENSION = '.sql.gz'
const VERIFICACION = '.sha256'

export class RespaldoError extends Error {}

export interface ArchivoRespaldo {
  ruta: string
  bytes: number
  sha256: string
}

/** `clinica-2026-11-27_03-00.sql.gz`, in the clinic's time: the name an admin looks for. */
export function nombreRespaldo(ahora: Date, tz: string): string {
  return `${PREFIJO}${aLocal(ahora, tz).replace('T', '_').replace(':', '-')}${EXTENSION}`
}

/** Compresses `sql` into `dir/nombre`, beside its checksum; a name taken gets `-2`, `-3`… */
export async function escribirRespaldo(
  sql: Readable,
  dir: string,
  nombre: string,
): Promise<ArchivoRespaldo> {
  await mkdir(dir, { recursive: true })
  const base = nombre.slice(0, -EXTENSION.length)
  let ruta = join(dir, nombre)
  for (let n = 2; await existe(ruta); n++) ruta = join(dir, `${base}-${n}${EXTENSION}`)
  const parcial = `${ruta}.parcial`
  const hash = createHash('sha256')
  let bytes = 0
  try {
    await pipeline(
      sql,
      createGzip({ level: 6 }),
      async function* (trozos: AsyncIterable<Buffer>) {
        for await (const t of trozos) {
          hash.update(t)
          bytes += t.length
          yield t
        }
      },
      createWriteStream(parcial, { mode: 0o600 }),
    )
    const sha256 = hash.digest('hex')
    await writeFile(`${ruta}${VERIFICACION}`, `${sha256}  ${basename(ruta)}\n`, { mode: 0o600 })
    await rename(parcial, ruta)
    return { ruta, bytes, sha256 }
  } catch (err) {
    await rm(parcial, { force: true })
    await rm(`${ruta}${VERIFICACION}`, { force: true })
    throw err
  }
}

/** Checks `ruta` against its sidecar; throws RespaldoError, in Spanish, when it does not match. */
export async function verificarRespaldo(ruta: string): Promise<ArchivoRespaldo> {
  const sidecar = `${ruta}${VERIFICACION}`
  if (!(await existe(ruta))) throw new RespaldoError(`No existe el archivo ${ruta}.`)
  let esperado: string
  try {
    esperado = (await readFile(sidecar, 'utf8')).trim().split(/\s+/)[0] ?? ''
  } catch {
    throw new RespaldoError(
      `Falta ${basename(sidecar)} junto al respaldo: sin él no se puede comprobar que el archivo está completo.`,
    )
  }
  const hash = createHash('sha256')
  let bytes = 0
  for await (const t of createReadStream(ruta) as AsyncIterable<Buffer>) {
    hash.update(t)
    bytes += t.length
  }
  const sha256 = hash.digest('hex')
  if (sha256 !== esperado.toLowerCase()) {
    throw new RespaldoError(
      `El respaldo ${basename(ruta)} no coincide con su suma de verificación: está dañado o incompleto. No se restauró nada.`,
    )
  }
  return { ruta, bytes, sha256 }
}

/** The SQL text of a backup, decompressed as it is read. */
export function leerRespaldo(ruta: string): Readable {
  return createReadStream(ruta).pipe(createGunzip())
}

/** Deletes all but the newest `conservar` backups of `dir` (names sort by time); returns them. */
export async function podarRespaldos(dir: string, conservar: number): Promise<string[]> {
  const respaldos = (await readdir(dir))
    .filter((f) => f.startsWith(PREFIJO) && f.endsWith(EXTENSION))
    .sort()
  const viejos = respaldos.slice(0, Math.max(0, respaldos.length - conservar))
  for (const f of viejos) {
    await rm(join(dir, f), { force: true })
    await rm(join(dir, `${f}${VERIFICACION}`), { force: true })
  }
  return viejos
}

async function existe(ruta: string): Promise<boolean> {
  return stat(ruta).then(
    () => true,
    () => false,
  )
}
