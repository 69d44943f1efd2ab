// Every PDU a peer sends is bounded before the library buffers it: dcmjs-dimse accumulates a whole
// PDU in memory, whatever length its header announces, so one connection announcing a huge
// A-ASSOCIATE-RQ and trickling bytes held hundreds of megabytes and slowed the web app. This reads
// only the 6-byte headers as bytes pass (PS3.8 9.3) and aborts the association at the first one
// that is out of place or too long.
import type net from 'node:net'

/** The largest P-DATA-TF the server accepts: the Maximum Length it announces (the library's). */
export const MAX_PDU_DATOS = 262_144
/**
 * An A-ASSOCIATE-RQ: 128 presentation contexts (the most PS3.8 allows), each with a few transfer
 * syntaxes, and the user information fit in about 20 kB.
 */
export const MAX_PDU_ASOCIACION = 32 * 1024
/** A-RELEASE-RQ/RP and A-ABORT carry 4 bytes. */
const MAX_PDU_CONTROL = 64

const TIPO = { asociarRq: 0x01, datos: 0x04, liberarRq: 0x05, liberarRp: 0x06, abortar: 0x07 }

/** A-ABORT by the service provider (source 2) with its reason (PS3.8 9.3.8). */
const abort = (motivo: number) => Buffer.from([0x07, 0, 0, 0, 0, 4, 0, 0, 2, motivo])
/** PS3.8 table 9-26: unexpected PDU, invalid PDU parameter value. */
const MOTIVO = { inesperada: 2, valorInvalido: 6 } as const

/**
 * Watches the PDUs of `socket`; registered before the library's own reader. At the first PDU that
 * is not an association request first, comes twice, is of a type an SCP never receives, or is
 * longer than its kind allows, it sends an A-ABORT, closes the connection and says why.
 */
export function limitarPdus(socket: net.Socket, alAbortar: (motivo: string) => void): void {
  const cabecera = Buffer.alloc(6)
  let enCabecera = 0
  let faltan = 0
  let asociada = false
  let cortada = false

  const cortar = (motivo: string, razon: number) => {
    cortada = true
    alAbortar(motivo)
    if (socket.writable) socket.end(abort(razon))
    // Nothing more is read: a peer that keeps sending meets TCP's back-pressure, not a server
    // reading and dropping gigabytes (six such peers cost /healthz 7× its p99 and 90 MB).
    socket.removeAllListeners('data')
    socket.pause()
    // Time to read the abort; then the connection goes, whatever the peer does.
    setTimeout(() => socket.destroy(), 1000).unref()
  }

  const revisar = (): void => {
    const tipo = cabecera[0]!
    const largo = cabecera.readUInt32BE(2)
    if (tipo === TIPO.asociarRq) {
      if (asociada) return cortar('segunda A-ASSOCIATE-RQ', MOTIVO.inesperada)
      asociada = true
      if (largo > MAX_PDU_ASOCIACION)
        return cortar(`A-ASSOCIATE-RQ de ${largo} bytes`, MOTIVO.valorInvalido)
    } else if (!asociada) {
      return cortar(`PDU de tipo ${tipo} antes de la asociación`, MOTIVO.inesperada)
    } else if (tipo === TIPO.datos) {
      if (largo > MAX_PDU_DATOS) return cortar(`P-DATA-TF de ${largo} bytes`, MOTIVO.valorInvalido)
    } else if ([TIPO.liberarRq, TIPO.liberarRp, TIPO.abortar].includes(tipo)) {
      if (largo > MAX_PDU_CONTROL)
        return cortar(`PDU de tipo ${tipo} de ${largo} bytes`, MOTIVO.valorInvalido)
    } else {
      return cortar(`PDU de tipo ${tipo}`, MOTIVO.inesperada)
    }
    faltan = largo
  }

  socket.on('data', (trozo: Buffer) => {
    let i = 0
    while (i < trozo.length && !cortada) {
      if (faltan > 0) {
        const salto = Math.min(faltan, trozo.length - i)
        faltan -= salto
        i += salto
        continue
      }
      const copiar = Math.min(6 - enCabecera, trozo.length - i)
      trozo.copy(cabecera, enCabecera, i, i + copiar)
      enCabecera += copiar
      i += copiar
      if (enCabecera === 6) {
        enCabecera = 0
        revisar()
      }
    }
  })
}
