// How many sockets each client address holds open, for the per-address caps of the HTTP server
// (conexiones.ts) and of the DICOM port (dicom/dimse.ts).
import type { Socket } from 'node:net'

/**
 * A counter of open sockets per address, at most `maximo` each: `admitir` counts the socket until
 * it closes and answers true, or answers false (and counts nothing) when its address is full.
 */
export function porDireccion(maximo: number): (socket: Socket, direccion: string) => boolean {
  const abiertas = new Map<string, number>()
  return (socket, direccion) => {
    const n = (abiertas.get(direccion) ?? 0) + 1
    if (n > maximo) return false
    abiertas.set(direccion, n)
    socket.once('close', () => {
      const quedan = (abiertas.get(direccion) ?? 1) - 1
      if (quedan > 0) abiertas.set(direccion, quedan)
      else abiertas.delete(direccion)
    })
    return true
  }
}
