// What a client does on the socket itself, against the real app listening on a real port: bytes
// no HTTP parser accepts, huge headers, slow or abandoned requests, too many connections. Every
// answer is the one Spanish error shape, slow clients are cut, and a client that hangs up is never
// logged as a database outage. Small limits are configured so that each case takes a second at most.
import { connect, type Socket } from 'node:net'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from './app.js'
import { testConfig } from './test/app.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'

const LIMITES = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 300,
  connectionTimeoutMs: 5000,
  maxConnections: 4,
}

let db: TestDatabase
let app: FastifyInstance
let puerto = 0
let log = ''

beforeAll(async () => {
  db = await createTestDatabase()
  const config = { ...testConfig(), ...LIMITES }
  const stream = new Writable({
    write(chunk, _enc, done) {
      log += String(chunk)
      done()
    },
  })
  app = await buildApp({ config, db, logger: { level: 'info', stream } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  puerto = (app.server.address() as { port: number }).port
})
afterAll(async () => {
  await app?.close()
  await db?.drop()
})

interface Conexion {
  socket: Socket
  /** Everything the server sent, once it closed the connection; and when, in ms from the start. */
  cerrada: Promise<{ texto: string; ms: number }>
}

function abrir(): Promise<Conexion> {
  return new Promise((resolve, reject) => {
    const inicio = Date.now()
    const socket = connect(puerto, '127.0.0.1')
    const partes: Buffer[] = []
    socket.on('data', (d: Buffer) => partes.push(d))
    const cerrada = new Promise<{ texto: string; ms: number }>((fin) => {
      socket.on('close', () =>
        fin({ texto: Buffer.concat(partes).toString('utf8'), ms: Date.now() - inicio }),
      )
    })
    socket.on('error', () => {})
    socket.once('connect', () => resolve({ socket, cerrada }))
    socket.once('error', reject)
  })
}

/** Sends these bytes and waits for the server to close the connection. */
async function enviar(...partes: (string | Buffer)[]): Promise<{ texto: string; ms: number }> {
  const c = await abrir()
  for (const p of partes) c.socket.write(p)
  return c.cerrada
}

/** Status and JSON body of a raw HTTP/1.1 answer. */
function leer(texto: string): { estado: number; tipo: string; cuerpo: unknown } {
  const [cabecera = '', cuerpo = ''] = texto.split('\r\n\r\n')
  const estado = Number(/^HTTP\/1\.1 (\d{3})/.exec(cabecera)?.[1])
  const tipo = /\r\ncontent-type: ([^\r]+)/i.exec(cabecera)?.[1] ?? ''
  return { estado, tipo, cuerpo: JSON.parse(cuerpo || 'null') }
}

const sinDormir = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('errores antes de llegar a una ruta: la forma única, en español', () => {
  test.each([
    [
      'bytes no ASCII en la ruta',
      Buffer.from('GET /pacientes/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'),
      400,
      'Solicitud HTTP inválida',
    ],
    [
      'un carácter de control en la ruta',
      'GET /pacientes/\x01 HTTP/1.1\r\nHost: x\r\n\r\n',
      400,
      'Solicitud HTTP inválida',
    ],
    ['una línea que no es HTTP', 'HOLA\r\n\r\n', 400, 'Solicitud HTTP inválida'],
    [
      'cabeceras de 20 KB',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'Las cabeceras de la solicitud son demasiado grandes',
    ],
  ])('%s', async (_caso, bytes, estado, message) => {
    const { texto } = await enviar(bytes)
    const r = leer(texto)
    expect(r.estado, texto).toBe(estado)
    expect(r.tipo).toMatch(/^application\/json/)
    expect(r.cuerpo).toEqual({ message })
  })
})

describe('clientes lentos', () => {
  test('cabeceras que no terminan: 408 en español y conexión cerrada', async () => {
    const { texto, ms } = await enviar('GET /healthz HTTP/1.1\r\nHost: x\r\n')
    expect(leer(texto)).toEqual({
      estado: 408,
      tipo: expect.stringMatching(/^application\/json/),
      cuerpo: { message: 'La solicitud tardó demasiado en llegar' },
    })
    expect(ms).toBeLessThan(LIMITES.headersTimeoutMs + 1000)
  })

  test('un cuerpo enviado byte a byte, sin sesión, se corta al vencer el plazo de la solicitud', async () => {
    const c = await abrir()
    c.socket.write(
      'POST /sesion HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{',
    )
    const goteo = setInterval(() => c.socket.writable && c.socket.write(' '), 20)
    const { texto, ms } = await c.cerrada
    clearInterval(goteo)
    expect(ms).toBeLessThan(LIMITES.requestTimeoutMs + 1000)
    expect(leer(texto)).toMatchObject({
      estado: 408,
      cuerpo: { message: 'La solicitud tardó demasiado en llegar' },
    })
  })

  test('una conexión keep-alive inactiva se cierra', async () => {
    const c = await abrir()
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')
    const { texto, ms } = await c.cerrada
    expect(texto).toMatch(/^HTTP\/1\.1 200/)
    // Node gives the client a second more than keepAliveTimeout before it closes.
    expect(ms).toBeLessThan(LIMITES.keepAliveTimeoutMs + 1500)
  })
})

describe('un cliente que se va no es una base de datos caída', () => {
  const registrado = (desde: number) => log.slice(desde)

  test('cuelga a mitad del cuerpo', async () => {
    const desde = log.length
    const c = await abrir()
    c.socket.write(
      'POST /sesion HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"usuario":',
    )
    await sinDormir(100)
    c.socket.destroy()
    await sinDormir(200)
    expect(registrado(desde)).toContain('"url":"/sesion"')
    expect(registrado(desde)).not.toMatch(/base de datos no disponible/i)
    expect(registrado(desde)).toContain('el cliente cerró la conexión antes de la respuesta')
  })

  test('el servidor corta su cuerpo lento', async () => {
    const desde = log.length
    await enviar(
      'POST /sesion HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    )
    await sinDormir(200)
    expect(registrado(desde)).toContain('"url":"/sesion"')
    expect(registrado(desde)).not.toMatch(/base de datos no disponible/i)
    expect(registrado(desde)).toContain('el cliente cerró la conexión antes de la respuesta')
  })
})

test(`más de ${LIMITES.maxConnections} conexiones abiertas: las nuevas se rechazan, y vuelven a entrar cuando se liberan`, async () => {
  const abiertas = await Promise.all(Array.from({ length: LIMITES.maxConnections }, () => abrir()))
  for (const c of abiertas) c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n')
  await sinDormir(100)
  const rechazada = await enviar('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')
  expect(rechazada.texto).toBe('')
  for (const c of abiertas) c.socket.destroy()
  await sinDormir(100)
  const res = await fetch(`http://127.0.0.1:${puerto}/healthz`)
  expect(res.status).toBe(200)
})
