// Builds the real app over a fresh test database; tests call it through `inject`.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import { createTestDatabase, type TestDatabase } from './database.js'

export interface TestApp {
  app: FastifyInstance
  db: TestDatabase
  config: Config
  /** Headers every call of a signed-in staff member carries (session cookie, same-origin Origin). */
  headers: Record<string, string>
  close(): Promise<void>
}

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env })
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const db = await createTestDatabase()
  const config = testConfig(env)
  const app = await buildApp({ config, db })
  await app.ready()
  return {
    app,
    db,
    config,
    headers: {},
    async close() {
      await app.close()
      await db.drop()
    },
  }
}
