// docs/schema.sql is the schema every migration leaves: a migration that changes the schema
// without `npm run schema` fails here.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from './paths.js'
import { dumpSchema, SCHEMA_FILE } from './schema-dump.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'

describe(SCHEMA_FILE, () => {
  let db: TestDatabase
  beforeAll(async () => (db = await createTestDatabase()))
  afterAll(async () => db?.drop())

  it('es el esquema de una base de datos con todas las migraciones aplicadas (npm run schema lo reescribe)', async () => {
    const guardado = readFileSync(join(ROOT, SCHEMA_FILE), 'utf8')
    const actual = await dumpSchema(db.sql)
    expect(actual, `${SCHEMA_FILE} no corresponde a las migraciones: ejecute npm run schema`).toBe(
      guardado,
    )
  })

  it('lee cada tabla, índice, función y disparador que crean las migraciones', async () => {
    const actual = await dumpSchema(db.sql)
    const [cuenta] = await db.sql<{ tablas: number; indices: number; disparadores: number }[]>`
      select (select count(*)::int from pg_tables where schemaname = 'public') as tablas,
             (select count(*)::int from pg_indexes where schemaname = 'public') as indices,
             (select count(*)::int from pg_trigger t join pg_class c on c.oid = t.tgrelid
               join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public' where not t.tgisinternal) as disparadores`
    const { tablas, indices, disparadores } = cuenta!
    expect(actual.match(/^create table /gm)?.length).toBe(tablas)
    // Indexes of constraints are written as the constraint.
    expect(
      (actual.match(/^CREATE (UNIQUE )?INDEX /gm)?.length ?? 0) +
        (actual.match(/ (PRIMARY KEY|UNIQUE) \(/g)?.length ?? 0) +
        (actual.match(/ EXCLUDE USING /g)?.length ?? 0),
    ).toBe(indices)
    expect(actual.match(/^CREATE TRIGGER /gm)?.length).toBe(disparadores)
  })
})
