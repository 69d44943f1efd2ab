// npm run respaldo [-- --destino DIR]: a compressed, checksummed backup of the whole database,
// from either home, while the server keeps serving. With the embedded home and its server
// running, the server takes it (respaldo/control.ts); otherwise this process does.
import { resolve } from 'node:path'
import { ConfigError, loadConfig } from '../config.js'
import { DataDirInUseError, openDatabase } from '../db.js'
import { migrate } from '../migrate.js'
import { RespaldoError } from '../respaldo/archivo.js'
import { pedirAlServidor, type Respuesta } from '../respaldo/control.js'
import { respaldar } from '../respaldo/respaldar.js'
import { leerOpciones } from './opciones.js'

const USO = 'Uso: npm run respaldo [-- --destino DIR]'

async function principal(): Promise<Respuesta> {
  const config = loadConfig()
  const { destino } = leerOpciones(process.argv.slice(2), ['destino'], USO)
  const dir = resolve(destino ?? config.respaldoDir)
  if (!config.databaseUrl) {
    const r = await pedirAlServidor(config.dataDir, { orden: 'respaldo', destino: dir })
    if (r) return r
  }
  const db = await openDatabase(config)
  try {
    await migrate(db.sql) // the ledger checked, and `respaldos` there to note this one in
    return { ok: true, ...(await respaldar(db, { dir, tz: config.clinicTz, origen: 'manual' })) }
  } finally {
    await db.close()
  }
}

try {
  const r = await principal()
  if (!r.ok) throw new RespaldoError(r.error)
  const mb = (r.bytes / 1024 / 1024).toFixed(1)
  console.log(`Respaldo escrito: ${r.ruta} (${mb} MB, ${(r.milisegundos / 1000).toFixed(1)} s)`)
  console.log(`SHA-256 ${r.sha256}, en ${r.ruta}.sha256`)
} catch (err) {
  const conocido = [ConfigError, RespaldoError, DataDirInUseError].some((c) => err instanceof c)
  console.error(conocido ? (err as Error).message : `Error: ${(err as Error).message}`)
  process.exitCode = err instanceof ConfigError ? 2 : 1
}
