// GET /catalogos: what any signed-in client offers in its forms and filters (docs/api.md#catálogos).
// Strong ETag of the answer: a client that has it gets 304 and keeps its copy.
import type { FastifyInstance } from 'fastify'
import { catalogosContract } from '../../shared/configuracion.js'
import type { CacheCatalogos } from '../catalogos.js'
import { route } from '../route.js'

export async function catalogosRoutes(
  app: FastifyInstance,
  opts: { catalogos: CacheCatalogos },
): Promise<void> {
  route(app, catalogosContract, async (request, reply) => {
    const { activos, etag } = await opts.catalogos.leer()
    // Private: the answer needs a session; revalidated each time, so a change shows at once.
    reply.header('etag', etag).header('cache-control', 'private, no-cache')
    const pedida = request.headers['if-none-match']
    if (pedida && pedida.split(',').some((e) => e.trim() === etag)) return reply.code(304).send()
    return activos
  })
}
