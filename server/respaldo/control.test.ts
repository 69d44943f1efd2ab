// The control socket, over a real Unix socket: what it answers to a request, to garbage and to a
// peer that floods it, and that the command line hears «nobody serves here» when nobody does.
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { escucharControl, LINEA_MAXIMA, pedirAlServidor, SOCKET_CONTROL } from './control.js'

let dir = ''
let cerrar: (() => Promise<void>) | null = null
afterEach(async () => {
  await cerrar?.()
  cerrar = null
  await rm(dir, { recursive: true, force: true })
})

/** Sends `datos` raw and returns what came back before the socket closed. */
function enviar(datos: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(join(dir, SOCKET_CONTROL))
    let respuesta = ''
    socket.on('data', (d) => (respuesta += d))
    socket.on('close', () => resolve(respuesta))
    socket.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
    )
    socket.write(datos)
  })
}

describe('socket de control', () => {
  it('atiende un pedido, rechaza lo que no lo es y corta al que manda de más', async () => {
    dir = await mkdtemp(join(tmpdir(), 'clinica-control-'))
    const pedidos: unknown[] = []
    cerrar = await escucharControl(dir, async (p) => {
      pedidos.push(p)
      return { ok: true, ruta: '/x.sql.gz', bytes: 1, sha256: 'a', milisegundos: 2 }
    })
    expect((await stat(join(dir, SOCKET_CONTROL))).mode & 0o777).toBe(0o600)

    const r = await pedirAlServidor(dir, { orden: 'respaldo', destino: '/tmp/otro' })
    expect(r).toMatchObject({ ok: true, ruta: '/x.sql.gz' })
    expect(pedidos).toEqual([{ orden: 'respaldo', destino: '/tmp/otro' }])

    for (const basura of ['hola\n', 'null\n', '{"orden":"borrar"}\n', '[]\n']) {
      expect(JSON.parse(await enviar(basura))).toEqual({
        ok: false,
        error: 'Pedido no reconocido.',
      })
    }
    // A line longer than any request, without its end: cut off, nothing asked, nothing answered.
    expect(await enviar('x'.repeat(LINEA_MAXIMA * 4))).toBe('')
    expect(pedidos).toHaveLength(1)
    // And the socket still serves the next one.
    expect(await pedirAlServidor(dir, { orden: 'respaldo' })).toMatchObject({ ok: true })
  })

  it('sin servidor escuchando, el comando lo sabe: null', async () => {
    dir = await mkdtemp(join(tmpdir(), 'clinica-control-'))
    expect(await pedirAlServidor(dir, { orden: 'respaldo' })).toBeNull()
  })
})
