// One-time work after migrations and before serving: the first admin account and, on an empty
// embedded database, the demo data set. Each step is idempotent.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.js'
import type { Database } from './db.js'

export interface StartupContext {
  config: Config
  db: Database
  log: FastifyBaseLogger
}

export async function prepareDatabase(_ctx: StartupContext): Promise<void> {
  // Filled in by the accounts (first admin) and demo-data steps.
}
