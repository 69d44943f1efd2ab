// Writes an initialised PGlite data directory, with every migration applied, to dist/ at build
// time: a first start unpacks it (about 1 s) instead of running initdb and the migrations (about
// 4 s), keeping the embedded home's start within its 3 s budget. Migrations added later still
// apply at start as usual.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { ROOT } from './ensure-built.mjs'

const target = join(ROOT, 'dist', 'pgdata-template.tgz')
rmSync(target, { force: true }) // the new template must not start from an old one
const { openDatabase } = await import('../dist/server/db.js')
const { migrate } = await import('../dist/server/migrate.js')

const dataDir = mkdtempSync(join(tmpdir(), 'clinica-plantilla-'))
try {
  const db = await openDatabase({ databaseUrl: undefined, dataDir })
  await migrate(db.sql)
  await db.close()
  const pg = await PGlite.create({
    dataDir: join(dataDir, 'pgdata'),
    extensions: { pg_trgm, unaccent, btree_gist },
  })
  const dump = await pg.dumpDataDir('gzip')
  await pg.close()
  writeFileSync(target, Buffer.from(await dump.arrayBuffer()))
  console.log('Plantilla de la base embebida: dist/pgdata-template.tgz')
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
