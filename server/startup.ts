// One-time work after migrations and before serving: the first admin account and, on an empty
// embedded database, the demo data set. Each step is idempotent.
import type { FastifyBaseLogger } from 'fastify'
import { asegurarPrimerAdmin } from './auth/primer-admin.js'
import type { Config } from './config.js'
import type { Database } from './db.js'
import { vacuumTodo } from './mantenimiento.js'
import { cargarDemo } from './seed/demo.js'

export interface StartupContext {
  config: Config
  db: Database
  log: FastifyBaseLogger
}

export async function prepareDatabase(ctx: StartupContext): Promise<void> {
  await asegurarPrimerAdmin(ctx.db.sql, ctx.config, ctx.log)
  if (ctx.config.demoData) {
    const demo = await cargarDemo(ctx.db.sql, ctx.config.clinicTz)
    // Bulk work: the embedded home has no autovacuum to count its tables afterwards.
    if (demo && ctx.db.home === 'embedded') await vacuumTodo(ctx.db.sql)
    if (demo)
      ctx.log.info(
        `Datos de demostración cargados: ${demo.pacientes} pacientes y ${demo.atenciones} atenciones`,
      )
  }
}
