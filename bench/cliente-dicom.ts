// A bare C-FIND SCU for the bench (PS3.8 9.3): associate, send the query, count the answers by
// their command's status, release. It decodes no dataset, as a modality's native DICOM stack
// takes microseconds to: the library's client spent ~0.3 ms of dcmjs on each answer, which
// would be measured as the server's. The tests keep the library's client and DCMTK's findscu.
import net from 'node:net'
import { codificar, codificarComando, IMPLICITA } from '../server/dicom/codificar.js'
import { SOP } from '../server/dicom/dimse.js'

const CONTEXTO_APLICACION = '1.2.840.10008.3.1.1.1'
const PENDIENTE = new Set([0xff00, 0xff01])

const ae = (s: string) => Buffer.from(s.padEnd(16, ' ').slice(0, 16), 'latin1')
const item = (tipo: number, cuerpo: Buffer) => {
  const h = Buffer.alloc(4)
  h.writeUInt8(tipo, 0)
  h.writeUInt16BE(cuerpo.length, 2)
  return Buffer.concat([h, cuerpo])
}
const pdu = (tipo: number, cuerpo: Buffer) => {
  const h = Buffer.alloc(6)
  h.writeUInt8(tipo, 0)
  h.writeUInt32BE(cuerpo.length, 2)
  return Buffer.concat([h, cuerpo])
}

function asociacion(llamante: string, llamado: string): Buffer {
  const cabecera = Buffer.alloc(68)
  cabecera.writeUInt16BE(1, 0)
  ae(llamado).copy(cabecera, 4)
  ae(llamante).copy(cabecera, 20)
  const contexto = item(
    0x20,
    Buffer.concat([
      Buffer.from([1, 0, 0, 0]),
      item(0x30, Buffer.from(SOP.worklist)),
      item(0x40, Buffer.from(IMPLICITA)),
    ]),
  )
  const maximo = Buffer.alloc(4)
  maximo.writeUInt32BE(0)
  return pdu(
    0x01,
    Buffer.concat([
      cabecera,
      item(0x10, Buffer.from(CONTEXTO_APLICACION)),
      contexto,
      item(0x50, item(0x51, maximo)),
    ]),
  )
}

/** One P-DATA-TF with one whole PDV of presentation context 1 (`control`: bit 0 command, bit 1 last). */
function pdv(control: number, datos: Buffer): Buffer {
  const h = Buffer.alloc(6)
  h.writeUInt32BE(datos.length + 2, 0)
  h.writeUInt8(1, 4)
  h.writeUInt8(control, 5)
  return pdu(0x04, Buffer.concat([h, datos]))
}

/** Status (0000,0900) of an Implicit VR command. */
function estadoDe(comando: Buffer): number {
  for (let i = 0; i + 8 <= comando.length;) {
    const largo = comando.readUInt32LE(i + 4)
    if (comando.readUInt16LE(i) === 0 && comando.readUInt16LE(i + 2) === 0x0900)
      return comando.readUInt16LE(i + 8)
    i += 8 + largo
  }
  return -1
}

/** The C-FIND's final status and how many pending answers (items) came before it. */
export function buscarCrudo(
  destino: { host: string; port: number; llamante: string; llamado: string },
  consulta: Record<string, unknown>,
): Promise<{ estado: number; items: number }> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: destino.host, port: destino.port, noDelay: true })
    let pendiente: Buffer = Buffer.alloc(0)
    let comando: Buffer[] = []
    let items = 0
    let estado = -1
    s.on('error', reject)
    s.on('close', () => (estado === -1 ? reject(new Error('cerrada sin respuesta')) : undefined))
    s.on('connect', () => s.write(asociacion(destino.llamante, destino.llamado)))
    s.on('data', (trozo: Buffer) => {
      pendiente = pendiente.length ? Buffer.concat([pendiente, trozo]) : trozo
      while (pendiente.length >= 6 && pendiente.length >= 6 + pendiente.readUInt32BE(2)) {
        const tipo = pendiente.readUInt8(0)
        const cuerpo = pendiente.subarray(6, 6 + pendiente.readUInt32BE(2))
        pendiente = pendiente.subarray(6 + cuerpo.length)
        if (tipo === 0x02) {
          const orden = {
            CommandField: 0x0020,
            MessageID: 1,
            Priority: 0,
            CommandDataSetType: 0x0102,
            AffectedSOPClassUID: SOP.worklist,
          }
          s.write(pdv(0b11, codificarComando(orden)))
          s.write(pdv(0b10, codificar(consulta, IMPLICITA)))
        } else if (tipo === 0x04) {
          for (let i = 0; i < cuerpo.length;) {
            const largo = cuerpo.readUInt32BE(i)
            const control = cuerpo.readUInt8(i + 5)
            if (control & 1) comando.push(cuerpo.subarray(i + 6, i + 4 + largo))
            if ((control & 3) === 3) {
              const e = estadoDe(Buffer.concat(comando))
              comando = []
              if (PENDIENTE.has(e)) items += 1
              else {
                estado = e
                s.write(pdu(0x05, Buffer.alloc(4)))
              }
            }
            i += 4 + largo
          }
        } else if (tipo === 0x06 || tipo === 0x03 || tipo === 0x07) {
          if (tipo !== 0x06) estado = estado === -1 ? -2 : estado
          s.end()
          resolve({ estado, items })
        }
      }
    })
  })
}
