// Starts the server: config, database, migrations, app, and a graceful stop on SIGTERM/SIGINT.
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { DataDirInUseError, openDatabase } from './db.js'
import { iniciarDicom, PuertoDicomError } from './dicom/servidor.js'
import { loggerOptions } from './logger.js'
import { MigrationError, migrate } from './migrate.js'
import { iniciarMantenimiento, vigilarActividad } from './mantenimiento.js'
import { iniciarRespaldos } from './respaldo/programa.js'
import { prepareDatabase } from './startup.js'

function fail(message: string): never {
  console.error(`Error: ${message}`)
  process.exit(1)
}

let config: Config
try {
  config = loadConfig()
} catch (err) {
  if (err instanceof ConfigError) fail(err.message)
  throw err
}

const db = await openDatabase(config).catch((err: unknown) => {
  if (err instanceof DataDirInUseError) fail(err.message)
  fail(`No se pudo abrir la base de datos: ${(err as Error).message}`)
})

try {
  await migrate(db.sql)
} catch (err) {
  await db.close()
  if (err instanceof MigrationError) fail(err.message)
  fail(`No se pudieron aplicar las migraciones: ${(err as Error).message}`)
}

const app = await buildApp({ config, db, logger: loggerOptions(config) })
try {
  await prepareDatabase({ config, db, log: app.log })
} catch (err) {
  await app.close()
  await db.close()
  if (err instanceof ConfigError) fail(err.message)
  throw err
}

const dicom = await iniciarDicom({ config, sql: db.sql, log: app.log }).catch(async (err) => {
  await app.close()
  await db.close()
  if (err instanceof PuertoDicomError) fail(err.message)
  throw err
})

const respaldos = await iniciarRespaldos({ config, db, log: app.log })
const mantenimiento = iniciarMantenimiento({
  db,
  log: app.log,
  inactivo: vigilarActividad(app.server).inactivo,
  tz: config.clinicTz,
})

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'cierre por error')
  else app.log.info({ signal }, 'cerrando: se terminan las solicitudes en curso')
  await dicom?.cerrar()
  await respaldos?.cerrar()
  await mantenimiento?.cerrar()
  await app.close()
  await db.close()
})

await app.listen({ port: config.port, host: config.host })
const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host
app.log.info(
  `Clínica lista en http://${shownHost}:${config.port} (base de datos: ${db.home === 'embedded' ? `embebida en ${config.dataDir}` : 'PostgreSQL'})`,
)
if (dicom)
  app.log.info(
    `Lista de trabajo DICOM en ${config.dicomHost}:${dicom.puerto}, AE title ${config.dicomAeTitle}`,
  )
