// The server as a process: start on the embedded home, the data-dir lock, persistence across a
// restart, graceful SIGTERM, bad configuration.
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from '../scripts/ensure-built.mjs'
import { openDatabase } from './db.js'
import { readMigrations } from './migrate.js'
import { createTestDatabase } from './test/database.js'
import { startServer, waitHealthy } from './test/server-process.js'

beforeAll(() => ensureBuilt(), 300_000)

describe('proceso del servidor sobre la base embebida', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinica-main-'))
  const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', ADMIN_PASSWORD: 'clave-de-prueba-larga' }

  it('arranca, rechaza un segundo servidor en el mismo DATA_DIR, conserva los datos tras un reinicio y se detiene con SIGTERM', async () => {
    const first = await startServer(env)
    await waitHealthy(first)
    expect(first.output()).toContain(`Clínica lista en http://127.0.0.1:`)

    const second = await startServer(env)
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('ya está en uso por otro servidor')
    // The refused server must not have hurt the running one.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200)

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(existsSync(join(dataDir, 'clinica.lock'))).toBe(false)

    // What the server wrote (its migration ledger) is there when the directory is opened again.
    const db = await openDatabase({ databaseUrl: undefined, dataDir })
    const rows = await db.sql<{ nombre: string }[]>`select nombre from migraciones order by nombre`
    await db.close()
    expect(rows.map((r) => r.nombre)).toEqual(readMigrations().map((m) => m.nombre))

    const again = await startServer(env)
    await waitHealthy(again)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 120_000)

  it('toma el archivo de bloqueo que dejó un proceso que ya no existe', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinica-stale-'))
    const crashed = await startServer({ ...env, DATA_DIR: dir })
    await waitHealthy(crashed)
    crashed.child.kill('SIGKILL')
    await crashed.exited
    expect(existsSync(join(dir, 'clinica.lock'))).toBe(true)
    const next = await startServer({ ...env, DATA_DIR: dir })
    await waitHealthy(next)
    next.child.kill('SIGTERM')
    expect(await next.exited).toBe(0)
  }, 120_000)
})

describe('proceso del servidor sobre un PostgreSQL externo', () => {
  it('aplica las mismas migraciones y atiende con DATABASE_URL', async (ctx) => {
    const db = await createTestDatabase({ migrated: false })
    if (!db.url) {
      await db.drop()
      ctx.skip() // this run has no PostgreSQL server (embedded fallback); the embedded home is tested above
    }
    try {
      const server = await startServer({
        DATABASE_URL: db.url,
        ADMIN_PASSWORD: 'clave-de-prueba-larga',
      })
      await waitHealthy(server)
      expect(server.output()).toContain('base de datos: PostgreSQL')
      const rows = await db.sql<
        { nombre: string }[]
      >`select nombre from migraciones order by nombre`
      expect(rows.map((r) => r.nombre)).toEqual(readMigrations().map((m) => m.nombre))
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
    } finally {
      await db.drop()
    }
  }, 60_000)

  it('con SIGTERM deja de aceptar, termina la solicitud en curso y sale con 0', async (ctx) => {
    const db = await createTestDatabase({ migrated: false })
    if (!db.url) {
      await db.drop()
      ctx.skip() // holding a table lock from a second session needs a PostgreSQL server
    }
    try {
      const server = await startServer({
        DATABASE_URL: db.url,
        ADMIN_PASSWORD: 'clave-de-prueba-larga',
      })
      await waitHealthy(server)
      const login = await fetch(`${server.url}/sesion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ usuario: 'admin', contrasena: 'clave-de-prueba-larga' }),
      })
      expect(login.status).toBe(200)
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!

      // A second session holds the patients table, so the list request waits mid-flight.
      let release!: () => void
      const held = new Promise<void>((r) => (release = r))
      let locked!: () => void
      const isLocked = new Promise<void>((r) => (locked = r))
      const lock = db.sql.begin(async (tx) => {
        await tx`lock table pacientes in access exclusive mode`
        locked()
        await held
      })
      await isLocked
      const inFlight = fetch(`${server.url}/pacientes`, {
        headers: { cookie, accept: 'application/json' },
      })
      await new Promise((r) => setTimeout(r, 300))
      server.child.kill('SIGTERM')
      await new Promise((r) => setTimeout(r, 300))
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
      release()
      await lock
      const res = await inFlight
      expect(res.status).toBe(200)
      expect(Array.isArray(await res.json())).toBe(true)
      expect(await server.exited, server.output()).toBe(0)
    } finally {
      await db.drop()
    }
  }, 60_000)
})

describe('configuración inválida', () => {
  it.each([
    ['PORT', 'abc'],
    ['CLINIC_TZ', 'Marte/Olympus'],
  ])('%s=%s detiene el servidor con un mensaje que nombra la variable', async (name, value) => {
    const server = await startServer({
      [name]: value,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'clinica-cfg-')),
    })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain(name)
    expect(server.output()).toContain(value)
  })
})
