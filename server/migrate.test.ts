import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './test/database.js'
import { migrate, MigrationError, readMigrations } from './migrate.js'
import { openDatabase } from './db.js'

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-mig-'))
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql)
  return dir
}

describe('migrate', () => {
  let db: TestDatabase
  afterEach(async () => db?.drop())

  it('aplica una vez las migraciones del proyecto y registra cada una con su suma de verificación', async () => {
    db = await createTestDatabase({ migrated: false })
    const names = readMigrations().map((m) => m.nombre)
    expect(await migrate(db.sql)).toEqual(names)
    expect(await migrate(db.sql)).toEqual([])
    const rows = await db.sql<
      { nombre: string; checksum: string }[]
    >`select nombre, checksum from migraciones order by nombre`
    expect(rows.map((r) => r.nombre)).toEqual(names)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true)
  })

  it('dos ejecuciones iniciadas a la vez aplican cada archivo una sola vez', async () => {
    db = await createTestDatabase({ migrated: false })
    // A counter table shows how many times the second file's insert really ran.
    const dir = migrationsDir({
      '0001_a.sql': 'create table contador (n int); select pg_sleep(0.2);',
      '0002_b.sql': 'insert into contador values (1);',
    })
    // On PostgreSQL a second client is a second session; the embedded home has one session only.
    const other = db.url ? await openDatabase({ databaseUrl: db.url, dataDir: '' }) : undefined
    try {
      const results = await Promise.all([migrate(db.sql, dir), migrate((other ?? db).sql, dir)])
      expect(results.flat().sort()).toEqual(['0001_a.sql', '0002_b.sql'])
      const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from contador`
      expect(row?.n).toBe(1)
    } finally {
      await other?.close()
    }
  })

  it('no continúa si se cambió un archivo ya aplicado, y lo nombra', async () => {
    db = await createTestDatabase({ migrated: false })
    const dir = migrationsDir({ '0001_a.sql': 'create table t (a int);' })
    await migrate(db.sql, dir)
    writeFileSync(join(dir, '0001_a.sql'), 'create table t (a int, b int);')
    const err = await migrate(db.sql, dir).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MigrationError)
    expect((err as Error).message).toContain('0001_a.sql')
  })

  it('revierte por completo un archivo que falla y no lo registra', async () => {
    db = await createTestDatabase({ migrated: false })
    const dir = migrationsDir({ '0001_a.sql': 'create table t (a int); select no_existe();' })
    await expect(migrate(db.sql, dir)).rejects.toThrow()
    const [row] = await db.sql<{ t: string | null }[]>`select to_regclass('t')::text as t`
    expect(row?.t).toBeNull()
    const [led] = await db.sql<{ n: number }[]>`select count(*)::int as n from migraciones`
    expect(led?.n).toBe(0)
  })
})
