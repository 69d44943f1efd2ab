// What a hostile or broken peer sends to the DICOM port ends its own association, never the
// process, and is never buffered past a PDU's bound: too many presentation contexts (which made
// the library throw while writing its accept), an A-ASSOCIATE-RQ or a P-DATA-TF announcing more
// than its kind allows, a PDU out of order. Raw sockets, as such a peer would send them.
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escucharDicom, SOP, type Conexion, type ServidorDicom } from './dimse.js'
import { MAX_PDU_ASOCIACION, MAX_PDU_DATOS } from './limite-pdu.js'

const errores: string[] = []
// Every calling AE title is welcome here: the checks under test come before or after it.
const todos: Conexion = {
  asociar: () => Promise.resolve('aceptada'),
  limitada: () => {},
  worklist: () => Promise.resolve({ items: [] }),
  crearMpps: () => Promise.resolve({ estado: 0 }),
  cambiarMpps: () => Promise.resolve({ estado: 0 }),
  error: (err) => errores.push(String(err)),
}

let servidor: ServidorDicom
beforeAll(async () => {
  servidor = await escucharDicom({ host: '127.0.0.1', port: 0 }, () => todos)
})
afterAll(async () => {
  await servidor?.cerrar()
})

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff])
const item = (tipo: number, cuerpo: Buffer) =>
  Buffer.concat([Buffer.from([tipo, 0]), u16(cuerpo.length), cuerpo])
const ae = (s: string) => Buffer.from(s.padEnd(16, ' '), 'ascii')
const pdu = (tipo: number, cuerpo: Buffer) => {
  const h = Buffer.alloc(6)
  h[0] = tipo
  h.writeUInt32BE(cuerpo.length, 2)
  return Buffer.concat([h, cuerpo])
}

/** An A-ASSOCIATE-RQ proposing Verification once per id given. */
function asociarRq(ids: number[]): Buffer {
  const contextos = ids.map((id) =>
    item(
      0x20,
      Buffer.concat([
        Buffer.from([id, 0, 0, 0]),
        item(0x30, Buffer.from(SOP.verificacion)),
        item(0x40, Buffer.from('1.2.840.10008.1.2')),
      ]),
    ),
  )
  const maximo = Buffer.alloc(4)
  maximo.writeUInt32BE(16384)
  return pdu(
    0x01,
    Buffer.concat([
      u16(1),
      Buffer.alloc(2),
      ae('CLINICA'),
      ae('HOSTIL'),
      Buffer.alloc(32),
      item(0x10, Buffer.from('1.2.840.10008.3.1.1.1')),
      ...contextos,
      item(0x50, item(0x51, maximo)),
    ]),
  )
}

/** Opens a connection, sends `bytes`, and resolves with the first PDU type answered and the close. */
async function enviar(...bytes: Buffer[]) {
  const s = net.connect(servidor.puerto, '127.0.0.1')
  s.on('error', () => {})
  const recibido: Buffer[] = []
  s.on('data', (d: Buffer) => recibido.push(d))
  const cerrado = new Promise<void>((r) => s.once('close', () => r()))
  await new Promise<void>((r) => s.once('connect', () => r()))
  for (const b of bytes) s.write(b)
  return {
    socket: s,
    cerrado,
    primera: async () => {
      await expect.poll(() => recibido.length, { timeout: 3000 }).toBeGreaterThan(0)
      return recibido[0]![0]
    },
  }
}

const impares = (n: number) => Array.from({ length: n }, (_, i) => 2 * i + 1)

describe('PDU hostiles', () => {
  it('128 contextos se aceptan; 129, o un id repetido o par, se rechazan y el servidor sigue', async () => {
    const bien = await enviar(asociarRq(impares(128)))
    expect(await bien.primera()).toBe(0x02) // A-ASSOCIATE-AC
    bien.socket.destroy()

    for (const ids of [[...impares(128), 1], [...impares(127), 1, 1], [2]]) {
      const mal = await enviar(asociarRq(ids))
      expect(await mal.primera(), `${ids.length} contextos`).toBe(0x03) // A-ASSOCIATE-RJ
      await mal.cerrado
    }
    // Still serving.
    const otra = await enviar(asociarRq([1]))
    expect(await otra.primera()).toBe(0x02)
    otra.socket.destroy()
  })

  it('una A-ASSOCIATE-RQ que anuncia más de lo permitido se aborta sin esperar sus bytes', async () => {
    const cabecera = Buffer.from([0x01, 0, 0, 0, 0, 0])
    cabecera.writeUInt32BE(300 * 1024 * 1024, 2)
    const c = await enviar(cabecera, Buffer.alloc(64 * 1024, 0x41))
    expect(await c.primera()).toBe(0x07) // A-ABORT
    await c.cerrado
    expect(errores.some((e) => e.includes('A-ASSOCIATE-RQ de 314572800 bytes'))).toBe(true)
    expect(MAX_PDU_ASOCIACION).toBeLessThan(300 * 1024 * 1024)
  })

  it('un P-DATA-TF mayor que el máximo anunciado se aborta', async () => {
    const datos = Buffer.from([0x04, 0, 0, 0, 0, 0])
    datos.writeUInt32BE(MAX_PDU_DATOS + 1, 2)
    const c = await enviar(asociarRq([1]))
    expect(await c.primera()).toBe(0x02)
    c.socket.write(datos)
    await c.cerrado
    expect(errores.some((e) => e.includes(`P-DATA-TF de ${MAX_PDU_DATOS + 1} bytes`))).toBe(true)
  })

  it('un PDU antes de la asociación, o de un tipo que un SCP no recibe, se aborta', async () => {
    for (const tipo of [0x04, 0x02, 0x09]) {
      const c = await enviar(pdu(tipo, Buffer.alloc(4)))
      expect(await c.primera(), `tipo ${tipo}`).toBe(0x07)
      await c.cerrado
    }
  })
})
