// Forward-only migrations: migrations/NNNN_name.sql, each in its own transaction, recorded with
// a checksum. A transaction-scoped advisory lock makes concurrent runners apply each file once.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Sql } from './db.js'
import { MIGRATIONS_DIR } from './paths.js'

const LOCK_KEY = 7_340_112 // any constant shared by every instance of this app

export class MigrationError extends Error {}

interface MigrationFile {
  nombre: string
  contenido: string
  checksum: string
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((nombre) => {
      const contenido = readFileSync(join(dir, nombre), 'utf8')
      return { nombre, contenido, checksum: createHash('sha256').update(contenido).digest('hex') }
    })
}

function changedError(nombre: string): MigrationError {
  return new MigrationError(
    `La migración ${nombre} ya aplicada fue modificada (checksum distinto). ` +
      'Las migraciones aplicadas no se cambian: cree una nueva.',
  )
}

/** The ledger as it stands, or null before the first migration ever ran. */
async function ledger(sql: Sql): Promise<Map<string, string> | null> {
  const [exists] = await sql<{ t: string | null }[]>`select to_regclass('migraciones')::text as t`
  if (!exists?.t) return null
  const rows = await sql<
    { nombre: string; checksum: string }[]
  >`select nombre, checksum from migraciones`
  return new Map(rows.map((r) => [r.nombre, r.checksum]))
}

/** Applies what is pending; returns the names applied now. */
export async function migrate(sql: Sql, dir?: string): Promise<string[]> {
  const files = readMigrations(dir)
  // The usual start: everything applied already. One read answers it, without taking the lock.
  const known = await ledger(sql)
  if (known && files.every((f) => known.has(f.nombre))) {
    const changed = files.find((f) => known.get(f.nombre) !== f.checksum)
    if (changed) throw changedError(changed.nombre)
    return []
  }
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${LOCK_KEY})`
    await tx`
      create table if not exists migraciones (
        nombre text primary key,
        checksum text not null,
        aplicada_en timestamptz not null default now()
      )`
  })
  const applied: string[] = []
  for (const file of files) {
    const done = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${LOCK_KEY})`
      const [row] = await tx<{ checksum: string }[]>`
        select checksum from migraciones where nombre = ${file.nombre}`
      if (row) {
        if (row.checksum !== file.checksum) throw changedError(file.nombre)
        return false
      }
      await tx.unsafe(file.contenido).simple()
      await tx`insert into migraciones (nombre, checksum) values (${file.nombre}, ${file.checksum})`
      return true
    })
    if (done) applied.push(file.nombre)
  }
  return applied
}
