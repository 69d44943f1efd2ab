// Pieces the routes share: ids from the path, page size, the Link header of the next page.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { leerLimite, LIMITE_MAXIMO } from '../../shared/busqueda.js'
import { datosInvalidos, NotFoundError } from '../errors.js'
import type { Clave } from '../queries/clave.js'
import { ID_MAXIMO } from '../../shared/contract.js'
import { codificarCursor } from './cursor.js'

/** A path id as a number; past the column's range nothing can exist, so 404. */
export function leerId(id: string, noEncontrado: string): number {
  const n = Number(id)
  if (!Number.isSafeInteger(n) || n < 1 || n > ID_MAXIMO) throw new NotFoundError(noEncontrado)
  return n
}

export function limiteDe(limite: string | undefined): number {
  const n = leerLimite(limite)
  if (n === null) {
    const mensaje = `Debe ser un número entre 1 y ${LIMITE_MAXIMO}`
    throw datosInvalidos([{ campo: 'limite', mensaje }])
  }
  return n
}

/**
 * Cuts the extra row fetched to know whether there is more and, if so, sets
 * `Link: <same URL with the next cursor>; rel="next"`.
 */
export function paginar<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  filas: T[],
  limite: number,
  clave: (fila: T) => Clave,
): T[] {
  if (filas.length <= limite) return filas
  const pagina = filas.slice(0, limite)
  const [ruta = '', query = ''] = request.url.split('?')
  const params = new URLSearchParams(query)
  params.set('cursor', codificarCursor(clave(pagina[pagina.length - 1]!)))
  params.set('limite', String(limite))
  reply.header('link', `<${ruta}?${params.toString()}>; rel="next"`)
  return pagina
}
