// The DICOM port keeps room for the equipment: a connection that never speaks is closed, and one
// address cannot hold more than a few connections at once. Raw sockets, as a hostile peer would.
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escucharDicom, type Conexion, type ServidorDicom } from './dimse.js'

const limitadas: string[] = []
// No association is accepted; what counts here is what happens before.
const nadie: Conexion = {
  asociar: () => Promise.resolve('llamanteDesconocido'),
  limitada: (direccion) => limitadas.push(direccion),
  worklist: () => Promise.resolve({ items: [] }),
  crearMpps: () => Promise.resolve({ estado: 0 }),
  cambiarMpps: () => Promise.resolve({ estado: 0 }),
  error: () => {},
}

let servidor: ServidorDicom
beforeAll(async () => {
  servidor = await escucharDicom(
    { host: '127.0.0.1', port: 0, inactividadMs: 300, maxPorDireccion: 3 },
    () => nadie,
  )
})
afterAll(async () => {
  await servidor?.cerrar()
})

/** A connected socket and the moment the server closed it (null while open). */
async function conectar() {
  const s = net.connect(servidor.puerto, '127.0.0.1')
  const estado = { socket: s, cerradoEn: null as number | null }
  s.on('error', () => {})
  s.on('close', () => (estado.cerradoEn = Date.now()))
  await new Promise<void>((r) => s.once('connect', () => r()))
  return estado
}
const espera = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('conexiones al puerto DICOM', () => {
  it('cierra una conexión que no dice nada', async () => {
    const desde = Date.now()
    const c = await conectar()
    await espera(150)
    expect(c.cerradoEn).toBeNull()
    await expect.poll(() => c.cerradoEn, { timeout: 3000 }).not.toBeNull()
    expect(c.cerradoEn! - desde).toBeGreaterThanOrEqual(250)
    c.socket.destroy()
  })

  it('no deja a una dirección más de 3 conexiones a la vez: la cuarta recibe A-ASSOCIATE-RJ transitorio; el lugar se libera al cerrar', async () => {
    const abiertas = [await conectar(), await conectar(), await conectar()]
    const cuarta = await conectar()
    const recibido: Buffer[] = []
    cuarta.socket.on('data', (b: Buffer) => recibido.push(b))
    // Its association request (any bytes: it is answered unread).
    cuarta.socket.write(Buffer.from([0x01, 0, 0, 0, 0, 4, 0, 1, 0, 0]))
    await expect.poll(() => cuarta.cerradoEn, { timeout: 1000 }).not.toBeNull()
    // Transient (2), service provider's presentation layer (3), local limit exceeded (2).
    expect([...Buffer.concat(recibido)]).toEqual([0x03, 0, 0, 0, 0, 4, 0, 2, 3, 2])
    expect(limitadas).toEqual(['127.0.0.1'])
    expect(abiertas.map((c) => c.cerradoEn)).toEqual([null, null, null])
    abiertas[0]!.socket.destroy()
    await espera(50)
    const otra = await conectar()
    await espera(100)
    expect(otra.cerradoEn).toBeNull()
    for (const c of [...abiertas, otra]) c.socket.destroy()
  })
})
