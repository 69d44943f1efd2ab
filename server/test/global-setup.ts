// Chooses where the integration tests' PostgreSQL comes from, once per run:
// TEST_DATABASE_URL if set, else a Postgres testcontainer if Docker answers, else embedded PGlite.
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose user may create databases; '' means use embedded PGlite. */
    testDatabaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('testDatabaseUrl', process.env.TEST_DATABASE_URL)
    return
  }
  try {
    const { getContainerRuntimeClient } = await import('testcontainers')
    await getContainerRuntimeClient()
  } catch {
    console.warn('Sin TEST_DATABASE_URL ni Docker: las pruebas usan PGlite embebido.')
    project.provide('testDatabaseUrl', '')
    return
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql')
  const container = await new PostgreSqlContainer('postgres:16-alpine').start()
  project.provide('testDatabaseUrl', container.getConnectionUri())
  return async () => {
    await container.stop()
  }
}
