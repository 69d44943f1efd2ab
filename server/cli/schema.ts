// npm run schema: rewrites docs/schema.sql from a new embedded database with every migration
// applied, so it needs no PostgreSQL server and reads no one's data.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../db.js'
import { migrate } from '../migrate.js'
import { ROOT } from '../paths.js'
import { dumpSchema, SCHEMA_FILE } from '../schema-dump.js'

const dataDir = mkdtempSync(join(tmpdir(), 'clinica-esquema-'))
const db = await openDatabase({ databaseUrl: undefined, dataDir }, { template: false })
try {
  await migrate(db.sql)
  writeFileSync(join(ROOT, SCHEMA_FILE), await dumpSchema(db.sql))
  console.log(`Esquema escrito en ${SCHEMA_FILE}`)
} finally {
  await db.close()
  rmSync(dataDir, { recursive: true, force: true })
}
