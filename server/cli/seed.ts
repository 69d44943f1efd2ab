// npm run seed -- --pacientes N: loads N generated patients with about three atenciones each into
// DATABASE_URL or the embedded database, in bulk, next to whatever is already there.
import { ConfigError, loadConfig } from '../config.js'
import { DataDirInUseError, openDatabase } from '../db.js'
import { vacuumTodo } from '../mantenimiento.js'
import { migrate } from '../migrate.js'
import { cargarDatos } from '../seed/cargar.js'
import { agendarCitas } from '../seed/citas.js'
import {
  ArgumentosError,
  barraDeProgreso,
  duracion,
  leerArgumentos,
  miles,
} from '../seed/consola.js'
import { SinDocumentosError } from '../seed/generadores.js'

let codigo = 0
try {
  const args = leerArgumentos(process.argv.slice(2))
  const config = loadConfig()
  const db = await openDatabase(config)
  try {
    await migrate(db.sql)
    const barra = barraDeProgreso(args.pacientes)
    barra.avanzar(0, 0)
    const embebida = db.home === 'embedded'
    const r = await cargarDatos(db.sql, {
      pacientes: args.pacientes,
      tz: config.clinicTz,
      semilla: args.semilla,
      lote: args.lote ?? (embebida ? 2000 : 5000),
      // The embedded home has one connection; PostgreSQL takes a second batch while one is generated.
      paralelo: embebida ? 1 : 2,
      alAvanzar: (a) => barra.avanzar(a.pacientes, a.atenciones),
    })
    const ms = barra.terminar()
    console.log(
      `Cargados ${miles(r.pacientes)} pacientes y ${miles(r.atenciones)} atenciones en ${duracion(ms)} (semilla ${r.semilla}), ` +
        `con ${miles(r.muestras)} muestras y ${miles(r.resultados)} resultados de laboratorio.`,
    )
    const citas = await agendarCitas(db.sql, { tz: config.clinicTz })
    console.log(`Reservadas ${miles(citas)} citas en las próximas semanas.`)
    // The embedded home has no autovacuum: the planner's counts would otherwise stay empty.
    if (embebida) await vacuumTodo(db.sql)
  } finally {
    await db.close()
  }
} catch (err) {
  if (err instanceof ArgumentosError || err instanceof ConfigError) {
    console.error(err.message)
    codigo = 2
  } else if (err instanceof DataDirInUseError) {
    console.error(
      `${err.message}\nCon la base embebida, detenga el servidor antes de cargar datos.`,
    )
    codigo = 1
  } else if (err instanceof SinDocumentosError) {
    console.error(err.message)
    codigo = 1
  } else {
    console.error(`\nError: ${(err as Error).message}`)
    codigo = 1
  }
}
process.exitCode = codigo
