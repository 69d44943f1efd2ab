// A real SMTP server on a free local port for the tests (smtp-server, from the SMTP client's own
// project): it keeps each message it takes, and `estado.modo` says how it answers each recipient.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface Recibido {
  para: string[]
  datos: string
  /** When it was taken (Date.now()). */
  en: number
}

/** A local SMTP server: `modo` says how it answers each recipient. */
export async function servidorSmtp() {
  const recibidos: Recibido[] = []
  const estado = { modo: 'aceptar' as 'aceptar' | 'temporal' | 'definitivo' }
  const servidor = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_direccion, _sesion, listo) {
      if (estado.modo === 'aceptar') return listo()
      const e = new Error(
        estado.modo === 'temporal' ? 'Intente más tarde' : 'Buzón inexistente',
      ) as Error & { responseCode: number }
      e.responseCode = estado.modo === 'temporal' ? 451 : 550
      listo(e)
    },
    onData(flujo, sesion, listo) {
      let datos = ''
      flujo.on('data', (c: Buffer) => (datos += c.toString('utf8')))
      flujo.on('end', () => {
        recibidos.push({
          para: sesion.envelope.rcptTo.map((r) => r.address),
          datos,
          en: Date.now(),
        })
        listo()
      })
    },
  })
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r))
  const puerto = (servidor.server.address() as AddressInfo).port
  return {
    recibidos,
    estado,
    url: `smtp://127.0.0.1:${puerto}`,
    cerrar: () => new Promise<void>((r) => servidor.close(() => r())),
  }
}

/**
 * A message as its reader sees it: quoted-printable soft breaks joined and its =XX bytes read as
 * UTF-8 (headers' encoded words too, with their underscores left as they are).
 */
export const textoDe = (r: Recibido): string =>
  r.datos
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replaceAll('=', ''), 'hex').toString('utf8'))
