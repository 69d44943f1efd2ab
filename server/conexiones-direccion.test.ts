// One address that opens connections and never speaks cannot keep everybody else out: past
// MAX_CONNECTIONS_PER_ADDRESS its new ones get a Spanish 503 and are closed, while another address
// is served; a closed one frees its place. Real sockets from two loopback addresses.
import { connect, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from './app.js'
import { testConfig } from './test/app.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'

const POR_DIRECCION = 5
const INTRUSO = '127.0.0.2'

let db: TestDatabase
let app: FastifyInstance
let puerto = 0

beforeAll(async () => {
  db = await createTestDatabase()
  const config = { ...testConfig(), maxConnections: 50, maxConnectionsPerAddress: POR_DIRECCION }
  app = await buildApp({ config, db })
  await app.listen({ port: 0, host: '127.0.0.1' })
  puerto = (app.server.address() as { port: number }).port
})
afterAll(async () => {
  await app?.close()
  await db?.drop()
})

/** A connection from `desde`, and everything the server sent once it closed it. */
function abrir(desde: string): Promise<{ socket: Socket; cerrada: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: puerto, host: '127.0.0.1', localAddress: desde })
    const partes: Buffer[] = []
    socket.on('data', (d: Buffer) => partes.push(d))
    const cerrada = new Promise<string>((fin) =>
      socket.on('close', () => fin(Buffer.concat(partes).toString('utf8'))),
    )
    socket.on('error', () => {})
    socket.once('connect', () => resolve({ socket, cerrada }))
    socket.once('error', reject)
  })
}

/** A whole GET /healthz from `desde` on a connection of its own: the raw answer. */
async function salud(desde: string): Promise<string> {
  const c = await abrir(desde)
  c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
  return c.cerrada
}

test('una dirección que acapara conexiones recibe 503; las demás siguen atendidas', async () => {
  const ociosas = await Promise.all(Array.from({ length: POR_DIRECCION }, () => abrir(INTRUSO)))
  // Its places are taken: the next one is refused at once, in Spanish, and closed.
  const rechazada = await salud(INTRUSO)
  expect(rechazada).toMatch(/^HTTP\/1\.1 503 /)
  expect(JSON.parse(rechazada.split('\r\n\r\n')[1]!)).toEqual({
    message: 'Demasiadas conexiones abiertas desde esta dirección',
  })
  // Another address is served meanwhile, several times over.
  for (let i = 0; i < POR_DIRECCION * 2; i++)
    expect(await salud('127.0.0.1')).toMatch(/^HTTP\/1\.1 200 /)

  // One idle connection closed frees one place for that address.
  ociosas[0]!.socket.destroy()
  await ociosas[0]!.cerrada
  await expect.poll(() => salud(INTRUSO)).toMatch(/^HTTP\/1\.1 200 /)
  for (const c of ociosas.slice(1)) c.socket.destroy()
})
