// A crash loses nothing confirmed: the server is killed with SIGKILL in the middle of a stream of
// registrations and started again; every registration that got a 201 is there. Both homes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from '../scripts/ensure-built.mjs'
import { createTestDatabase } from './test/database.js'
import { datosPaciente } from './test/factories.js'
import { ENV_ADMIN, iniciarSesionProceso } from './test/process-session.js'
import { startServer, waitHealthy } from './test/server-process.js'

beforeAll(() => ensureBuilt(), 300_000)

const ESCRITORES = 8
/** Confirmed registrations to wait for before the kill, so it lands in a busy stream. */
const ANTES_DEL_GOLPE = 60

interface Confirmado {
  id: number
  documento: string
}

/**
 * Starts the server, registers from several writers at once, kills the process with SIGKILL while
 * they write, starts it again and reads back every confirmed registration.
 */
async function golpeDuranteRegistros(env: NodeJS.ProcessEnv): Promise<void> {
  const servidor = await startServer({
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    ...ENV_ADMIN,
    ...env,
  })
  await waitHealthy(servidor)
  const headers = await iniciarSesionProceso(servidor.url)

  const confirmados: Confirmado[] = []
  let fallidos = 0
  let golpeado = false
  let alcanzado: () => void
  const listo = new Promise<void>((resolve) => (alcanzado = resolve))
  const escritor = async () => {
    // Until the first failure: the process is gone.
    for (;;) {
      const datos = datosPaciente()
      try {
        const res = await fetch(`${servidor.url}/pacientes`, {
          method: 'POST',
          headers,
          body: JSON.stringify(datos),
        })
        const cuerpo = (await res.json()) as { id: number }
        if (res.status !== 201) throw new Error(`registro: ${res.status} ${JSON.stringify(cuerpo)}`)
        confirmados.push({ id: cuerpo.id, documento: datos.documento })
        if (confirmados.length >= ANTES_DEL_GOLPE) alcanzado()
      } catch (err) {
        if (!golpeado) throw err
        fallidos += 1
        return
      }
    }
  }
  const escritores = Array.from({ length: ESCRITORES }, escritor)
  await Promise.race([listo, Promise.all(escritores)])
  golpeado = true
  servidor.child.kill('SIGKILL')
  expect(await servidor.exited).toBe('SIGKILL')
  await Promise.all(escritores)
  // Every writer was cut off mid-stream, not finished on its own.
  expect(fallidos).toBe(ESCRITORES)
  expect(confirmados.length).toBeGreaterThanOrEqual(ANTES_DEL_GOLPE)

  const otra = await startServer({ LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...ENV_ADMIN, ...env })
  try {
    await waitHealthy(otra)
    const h = await iniciarSesionProceso(otra.url)
    const perdidos: Confirmado[] = []
    for (const c of confirmados) {
      const res = await fetch(`${otra.url}/pacientes/${c.id}`, { headers: { cookie: h.cookie! } })
      const cuerpo = (await res.json()) as { documento?: string }
      if (res.status !== 200 || cuerpo.documento !== c.documento) perdidos.push(c)
    }
    expect(perdidos).toEqual([])
    // And the restarted server takes new registrations.
    const res = await fetch(`${otra.url}/pacientes`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify(datosPaciente()),
    })
    expect(res.status).toBe(201)
  } finally {
    otra.child.kill('SIGTERM')
    await otra.exited
  }
}

describe('SIGKILL durante una serie de registros', () => {
  it('en PostgreSQL: cada registro que recibió un 201 sigue ahí tras el reinicio', async (ctx) => {
    const db = await createTestDatabase({ migrated: false })
    try {
      if (!db.url) ctx.skip() // no PostgreSQL server in this run; the embedded home is tested below
      await golpeDuranteRegistros({ DATABASE_URL: db.url })
    } finally {
      await db.drop()
    }
  }, 120_000)

  it('en la base embebida: cada registro que recibió un 201 sigue ahí tras el reinicio', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinica-golpe-'))
    try {
      await golpeDuranteRegistros({ DATA_DIR: dataDir })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
})
