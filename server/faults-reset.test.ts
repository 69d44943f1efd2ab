// Clients that reset their connection mid-request never hand one user's database reply to another:
// a bounded burst of logins cut by a TCP reset (SO_LINGER 0) beside two signed-in users and
// requests with made-up session tokens, against the real server process, on both homes.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from '../scripts/ensure-built.mjs'
import { createTestDatabase } from './test/database.js'
import { ADMIN_PRUEBA, ENV_ADMIN, iniciarSesionProceso } from './test/process-session.js'
import { startServer, waitHealthy } from './test/server-process.js'

beforeAll(() => ensureBuilt(), 300_000)

const DURACION_MS = 6_000
const LECTORES_POR_USUARIO = 8
const FALSIFICADORES = 8
const CORTADORES = 12

/** A request of the other clients that takes longer than this counts as unanswered. */
const ESPERA_MS = 5_000

interface Cuentas {
  respuestas: number
  errores5xx: string[]
  sinRespuesta: number
  ajenas: number
  tokensAceptados: number
  cortes: number
}

/** Sends a whole login request on a raw socket and resets the connection 1–200 ms later. */
function loginCortado(url: URL): Promise<void> {
  return new Promise((resolve) => {
    const body = JSON.stringify({
      usuario: `u${randomBytes(4).toString('hex')}`,
      contrasena: 'cualquier-clave-larga',
    })
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST /sesion HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${url.origin}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
      setTimeout(() => socket.resetAndDestroy(), 1 + Math.floor(Math.random() * 200))
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve())
  })
}

async function ataque(env: NodeJS.ProcessEnv): Promise<void> {
  const servidor = await startServer({
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    ...ENV_ADMIN,
    ...env,
  })
  try {
    await waitHealthy(servidor)
    const admin = await iniciarSesionProceso(servidor.url)
    const otro = { usuario: 'recepcion', contrasena: 'otra-clave-de-prueba' }
    const alta = await fetch(`${servidor.url}/usuarios`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ ...otro, nombre: 'Recepción', rol: 'recepcion' }),
    })
    expect(alta.status).toBe(201)
    const personal = await iniciarSesionProceso(servidor.url, otro)

    const c: Cuentas = {
      respuestas: 0,
      errores5xx: [],
      sinRespuesta: 0,
      ajenas: 0,
      tokensAceptados: 0,
      cortes: 0,
    }
    const fin = Date.now() + DURACION_MS
    const url = new URL(servidor.url)

    // A request with no answer in time is counted, and its client goes on.
    const pedir = async (
      ruta: string,
      cookie: string,
    ): Promise<{ status: number; cuerpo: unknown } | undefined> => {
      try {
        const res = await fetch(`${servidor.url}${ruta}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(ESPERA_MS),
        })
        return { status: res.status, cuerpo: await res.json() }
      } catch {
        c.sinRespuesta += 1
        return undefined
      } finally {
        c.respuestas += 1
      }
    }
    const lector = async (headers: Record<string, string>, usuario: string) => {
      while (Date.now() < fin) {
        const res = await pedir('/sesion', headers.cookie!)
        if (!res) continue
        const cuerpo = res.cuerpo as { usuario?: string }
        if (res.status >= 500) c.errores5xx.push(`GET /sesion ${res.status}`)
        else if (res.status !== 200 || cuerpo.usuario !== usuario) c.ajenas += 1
      }
    }
    const falsificador = async () => {
      while (Date.now() < fin) {
        const res = await pedir('/usuarios', `sesion=${randomBytes(32).toString('base64url')}`)
        if (!res) continue
        if (res.status >= 500) c.errores5xx.push(`GET /usuarios ${res.status}`)
        else if (res.status !== 401) c.tokensAceptados += 1
      }
    }
    const cortador = async () => {
      while (Date.now() < fin) {
        await loginCortado(url)
        c.cortes += 1
      }
    }
    await Promise.all([
      ...Array.from({ length: LECTORES_POR_USUARIO }, () => lector(admin, ADMIN_PRUEBA.usuario)),
      ...Array.from({ length: LECTORES_POR_USUARIO }, () => lector(personal, otro.usuario)),
      ...Array.from({ length: FALSIFICADORES }, falsificador),
      ...Array.from({ length: CORTADORES }, cortador),
    ])
    console.info(
      `reinicios: ${c.cortes} conexiones cortadas; ${c.respuestas} solicitudes de los demás clientes, ` +
        `${c.errores5xx.length} 5xx, ${c.sinRespuesta} sin respuesta, ${c.ajenas} respuestas de otro usuario, ${c.tokensAceptados} tokens inventados aceptados`,
    )
    expect(c.cortes).toBeGreaterThan(100)
    expect(c.errores5xx).toEqual([])
    expect(c.sinRespuesta).toBe(0)
    expect(c.ajenas).toBe(0)
    expect(c.tokensAceptados).toBe(0)

    // Afterwards the server is whole: healthy, and each user is still answered as themselves.
    expect(
      (await fetch(`${servidor.url}/healthz`, { signal: AbortSignal.timeout(ESPERA_MS) })).status,
    ).toBe(200)
    for (const [headers, usuario] of [
      [admin, ADMIN_PRUEBA.usuario],
      [personal, otro.usuario],
    ] as const) {
      const res = await pedir('/sesion', headers.cookie!)
      expect(res?.cuerpo).toMatchObject({ usuario })
    }
  } finally {
    servidor.child.kill('SIGTERM')
    await servidor.exited
  }
}

describe('conexiones cortadas a mitad de una solicitud junto a usuarios con sesión iniciada', () => {
  it('en PostgreSQL: ningún 5xx, ninguna respuesta como otro usuario, ningún token inventado aceptado', async (ctx) => {
    const db = await createTestDatabase({ migrated: false })
    try {
      if (!db.url) ctx.skip() // no PostgreSQL server in this run; the embedded home is tested below
      await ataque({ DATABASE_URL: db.url })
    } finally {
      await db.drop()
    }
  }, 120_000)

  it('en la base embebida: ningún 5xx, ninguna respuesta como otro usuario, ningún token inventado aceptado', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinica-reinicios-'))
    try {
      await ataque({ DATA_DIR: dataDir })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
