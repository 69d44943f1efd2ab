// npm run migrate: applies pending migrations to DATABASE_URL or the embedded database.
import { loadConfig } from '../config.js'
import { openDatabase } from '../db.js'
import { migrate } from '../migrate.js'

const config = loadConfig()
const db = await openDatabase(config)
try {
  const applied = await migrate(db.sql)
  console.log(
    applied.length
      ? `Migraciones aplicadas: ${applied.join(', ')}`
      : 'No hay migraciones pendientes.',
  )
} catch (err) {
  console.error(`Error: ${(err as Error).message}`)
  process.exitCode = 1
} finally {
  await db.close()
}
