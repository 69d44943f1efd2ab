// A fresh, migrated database for one test file, created and dropped by the harness.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../db.js'
import { migrate } from '../migrate.js'

export interface TestDatabase extends Database {
  /** Connection URL (PostgreSQL) or data directory (embedded) of this database. */
  url: string | undefined
  dataDir: string | undefined
  /** Closes the connections and removes the database. */
  drop(): Promise<void>
}

/** An empty database of its own on the run's PostgreSQL server, named `prefijo_…`, and its removal. */
export async function baseDesechable(
  serverUrl: string,
  prefijo: string,
): Promise<{ url: string; borrar(): Promise<void> }> {
  const name = `${prefijo}_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async borrar() {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/**
 * Creates an empty database; `migrated: false` leaves it without the project's tables, and
 * `embedded: true` makes it an embedded one even when the run has a PostgreSQL server (for the
 * tests whose proof must hold on both homes).
 */
export async function createTestDatabase({
  migrated = true,
  embedded = false,
} = {}): Promise<TestDatabase> {
  const serverUrl = embedded ? '' : inject('testDatabaseUrl')
  let test: TestDatabase
  if (serverUrl) {
    const base = await baseDesechable(serverUrl, 'clinica_test')
    const db = await openDatabase({ databaseUrl: base.url, dataDir: '' })
    test = {
      ...db,
      url: base.url,
      dataDir: undefined,
      async drop() {
        await db.close()
        await base.borrar()
      },
    }
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinica-test-'))
    const db = await openDatabase({ databaseUrl: undefined, dataDir }, { template: migrated })
    test = {
      ...db,
      url: undefined,
      dataDir,
      async drop() {
        await db.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  if (migrated) await migrate(test.sql)
  return test
}

/**
 * Empties `tablas` (a TRUNCATE list) for a test that loads them again, the documents' tables among
 * them, which refuse TRUNCATE (migration 0068): in a replica session, where ordinary triggers do
 * not fire. Only a superuser may take that role, as the tests' connection is.
 */
export async function vaciar(sql: Database['sql'], tablas: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`
    await tx.unsafe(`truncate ${tablas}`)
  })
}
