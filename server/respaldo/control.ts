// The embedded database lives inside the running server, which alone may open it: a backup asked
// for from the command line while it serves is asked of the server, over a Unix socket in
// DATA_DIR that only the owner of the directory can open. One JSON line asks, one answers.
import { chmod, rm } from 'node:fs/promises'
import { createConnection, createServer } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export const SOCKET_CONTROL = 'control.sock'
/** A request is one short line; a peer that sends more, or nothing for this long, is cut off. */
export const LINEA_MAXIMA = 4096
const ESPERA_MS = 10_000

export interface PedidoRespaldo {
  orden: 'respaldo'
  destino?: string
}

export type Respuesta =
  | { ok: true; ruta: string; bytes: number; sha256: string; milisegundos: number }
  | { ok: false; error: string }

/** Answers each request with `atender`; returns how to stop listening. */
export async function escucharControl(
  dataDir: string,
  atender: (p: PedidoRespaldo) => Promise<Respuesta>,
): Promise<() => Promise<void>> {
  const ruta = join(dataDir, SOCKET_CONTROL)
  await rm(ruta, { force: true })
  const servidor = createServer((socket) => {
    socket.on('error', () => {})
    socket.setTimeout(ESPERA_MS, () => socket.destroy())
    let leidos = 0
    socket.on('data', (trozo: Buffer) => {
      leidos += trozo.length
      if (leidos > LINEA_MAXIMA) socket.destroy()
    })
    const lineas = createInterface({ input: socket })
    lineas.once('line', (linea) => {
      lineas.close()
      socket.setTimeout(0) // the backup itself takes as long as it takes
      let pedido: PedidoRespaldo
      try {
        pedido = JSON.parse(linea) as PedidoRespaldo
        if (pedido?.orden !== 'respaldo') throw new Error()
      } catch {
        socket.end(JSON.stringify({ ok: false, error: 'Pedido no reconocido.' }) + '\n')
        return
      }
      void atender(pedido).then((r) => socket.end(JSON.stringify(r) + '\n'))
    })
  })
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject)
    servidor.listen(ruta, resolve)
  })
  await chmod(ruta, 0o600)
  return () =>
    new Promise<void>((resolve) => servidor.close(() => rm(ruta, { force: true }).then(resolve)))
}

/** Asks the server holding `dataDir` for a backup; null when no server listens there. */
export function pedirAlServidor(
  dataDir: string,
  pedido: PedidoRespaldo,
): Promise<Respuesta | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(join(dataDir, SOCKET_CONTROL))
    socket.once('error', (err: NodeJS.ErrnoException) =>
      // No socket, or one left by a server that was killed: nobody is serving this DATA_DIR.
      ['ENOENT', 'ECONNREFUSED'].includes(err.code ?? '') ? resolve(null) : reject(err),
    )
    socket.once('connect', () => {
      const lineas = createInterface({ input: socket })
      lineas.once('line', (linea) => {
        lineas.close()
        socket.end()
        resolve(JSON.parse(linea) as Respuesta)
      })
      socket.once('end', () => reject(new Error('El servidor cerró la conexión sin responder.')))
      socket.write(JSON.stringify(pedido) + '\n')
    })
  })
}
