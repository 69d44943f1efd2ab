// The database goes away and comes back: /healthz and the API answer 503 with a Spanish message
// meanwhile, and the same server process recovers on its own. The shared PostgreSQL is never
// stopped: the server reaches it through a TCP proxy of this test, which is what gets "stopped".
import { createServer, connect, type Server, type Socket } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from '../scripts/ensure-built.mjs'
import { createTestDatabase } from './test/database.js'
import { datosPaciente } from './test/factories.js'
import { ENV_ADMIN, iniciarSesionProceso } from './test/process-session.js'
import { freePort, startServer, waitHealthy } from './test/server-process.js'

beforeAll(() => ensureBuilt(), 300_000)

/** A TCP proxy to host:port that can refuse connections and cut the open ones, then come back. */
class Proxy {
  private server: Server | null = null
  private readonly sockets = new Set<Socket>()
  constructor(
    readonly port: number,
    private readonly destino: { host: string; port: number },
  ) {}

  async abrir(): Promise<void> {
    const server = createServer((cliente) => {
      const db = connect(this.destino.port, this.destino.host)
      for (const s of [cliente, db]) {
        this.sockets.add(s)
        s.on('close', () => this.sockets.delete(s))
        s.on('error', () => s.destroy())
      }
      cliente.pipe(db).pipe(cliente)
      cliente.on('close', () => db.destroy())
      db.on('close', () => cliente.destroy())
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.server = server
  }

  /** The database "stops": no new connections, and every open one is cut. */
  async cerrar(): Promise<void> {
    const server = this.server
    this.server = null
    for (const s of this.sockets) s.destroy()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

async function esperar(condicion: () => Promise<boolean>, ms: number): Promise<boolean> {
  const hasta = Date.now() + ms
  while (Date.now() < hasta) {
    if (await condicion()) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

describe('la base de datos se detiene y vuelve', () => {
  it('responde 503 en español mientras no está y se recupera sin reiniciar', async (ctx) => {
    const db = await createTestDatabase({ migrated: false })
    if (!db.url) {
      await db.drop()
      ctx.skip() // no PostgreSQL server in this run (embedded fallback): nothing to cut off
    }
    const real = new URL(db.url!)
    const proxy = new Proxy(await freePort(), {
      host: real.hostname,
      port: Number(real.port || 5432),
    })
    await proxy.abrir()
    const porProxy = new URL(db.url!)
    porProxy.host = `127.0.0.1:${proxy.port}`
    const servidor = await startServer({
      LOG_LEVEL: 'warn',
      DATABASE_URL: porProxy.toString(),
      ...ENV_ADMIN,
    })
    try {
      await waitHealthy(servidor)
      const headers = await iniciarSesionProceso(servidor.url)
      const leer = { headers: { cookie: headers.cookie! } }
      const antes = datosPaciente()
      const r1 = await fetch(`${servidor.url}/pacientes`, {
        method: 'POST',
        headers,
        body: JSON.stringify(antes),
      })
      expect(r1.status).toBe(201)
      const { id } = (await r1.json()) as { id: number }

      await proxy.cerrar()
      const salud = await fetch(`${servidor.url}/healthz`)
      expect(salud.status).toBe(503)
      expect(await salud.json()).toEqual({
        message: expect.stringMatching(/^Base de datos no disponible/),
      })

      const lectura = await fetch(`${servidor.url}/pacientes/${id}`, leer)
      expect(lectura.status).toBe(503)
      const cuerpoLectura = (await lectura.json()) as { message: string }
      expect(cuerpoLectura.message).toMatch(/^Base de datos no disponible/)
      // No internals: only the message.
      expect(Object.keys(cuerpoLectura)).toEqual(['message'])

      const escritura = await fetch(`${servidor.url}/pacientes`, {
        method: 'POST',
        headers,
        body: JSON.stringify(datosPaciente()),
      })
      expect(escritura.status).toBe(503)
      expect(((await escritura.json()) as { message: string }).message).toMatch(
        /^Base de datos no disponible/,
      )
      const busqueda = await fetch(
        `${servidor.url}/pacientes/buscar?documento=${antes.documento}`,
        leer,
      )
      expect(busqueda.status).toBe(503)
      // The process is still up: it waits for the database instead of dying.
      expect(servidor.child.exitCode).toBeNull()

      await proxy.abrir()
      const sano = await esperar(
        async () => (await fetch(`${servidor.url}/healthz`)).status === 200,
        15_000,
      )
      expect(sano).toBe(true)
      // The same session, the same process: the data from before and new writes.
      const despues = await fetch(`${servidor.url}/pacientes/${id}`, leer)
      expect(despues.status).toBe(200)
      expect(((await despues.json()) as { documento: string }).documento).toBe(antes.documento)
      const r2 = await fetch(`${servidor.url}/pacientes`, {
        method: 'POST',
        headers,
        body: JSON.stringify(datosPaciente()),
      })
      expect(r2.status).toBe(201)
      const encontrados = await fetch(
        `${servidor.url}/pacientes/buscar?documento=${antes.documento}`,
        leer,
      )
      expect(encontrados.status).toBe(200)
      expect(((await encontrados.json()) as { id: number }[]).map((f) => f.id)).toContain(id)
    } finally {
      servidor.child.kill('SIGTERM')
      await servidor.exited
      await proxy.cerrar()
      await db.drop()
    }
  }, 120_000)
})
