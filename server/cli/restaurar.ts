// npm run restaurar -- ARCHIVO: a backup into the empty home the environment names (DATABASE_URL,
// or DATA_DIR for the embedded one), after checking its checksum; also the way from the embedded
// home to a clinic's own PostgreSQL (README, «Operación»).
import { resolve } from 'node:path'
import { ConfigError, loadConfig } from '../config.js'
import { DataDirInUseError } from '../db.js'
import { RespaldoError } from '../respaldo/archivo.js'
import { restaurar } from '../respaldo/restauracion.js'
import { leerOpciones } from './opciones.js'

const USO = 'Uso: npm run restaurar -- ARCHIVO'

try {
  const config = loadConfig()
  const { archivo } = leerOpciones(process.argv.slice(2), [], USO, { conArchivo: true })
  if (!archivo) throw new ConfigError(`Falta el archivo del respaldo.\n${USO}`)
  const t0 = performance.now()
  const r = await restaurar(resolve(archivo), config)
  const destino = config.databaseUrl ? 'PostgreSQL' : `la base embebida de ${config.dataDir}`
  const s = ((performance.now() - t0) / 1000).toFixed(1)
  console.log(`Restaurado en ${destino}: ${r.tablas} tablas, ${r.pacientes} pacientes, en ${s} s.`)
  if (r.migraciones.length)
    console.log(`Migraciones aplicadas después: ${r.migraciones.join(', ')}`)
} catch (err) {
  const conocido = [ConfigError, RespaldoError, DataDirInUseError].some((c) => err instanceof c)
  console.error(conocido ? (err as Error).message : `Error: ${(err as Error).message}`)
  process.exitCode = err instanceof ConfigError ? 2 : 1
}
