// One URL for person and program (docs/api.md#una-url-para-personas-y-programas): a GET that
// prefers HTML gets the SPA shell, any other GET the JSON API; hashed assets are cached for a
// year, the shell never.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** The q-value the Accept header gives a media type (most specific match wins). */
function quality(accept: string, type: string): number {
  const [main] = type.split('/')
  let best = -1
  let q = 0
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';')
    const spec = range === type ? 3 : range === `${main}/*` ? 2 : range === '*/*' ? 1 : 0
    if (spec > best && spec > 0) {
      best = spec
      const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      q = qp ? Number(qp.slice(2)) || 0 : 1
    }
  }
  return q
}

export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false
  return quality(accept, 'text/html') > quality(accept, 'application/json')
}

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>Clínica</title><p>El cliente no está construido: ejecute <code>npm run build</code>.</p>'

async function spaPlugin(app: FastifyInstance, opts: { clientDir: string }): Promise<void> {
  const indexFile = join(opts.clientDir, 'index.html')
  const built = existsSync(indexFile)
  const shell = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      index: false,
      wildcard: false,
      serve: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }

  const sendShell = (reply: FastifyReply) =>
    reply
      .code(200)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept')
      .type('text/html; charset=utf-8')
      .send(shell)

  // Runs before routing and auth: a person navigating to any page gets the shell.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const path = request.url.split('?')[0] ?? '/'
    if (path.startsWith('/assets/') || path.startsWith('/docs') || path === '/healthz') return
    // A file to download (an export) is never a page, whatever a navigating browser accepts.
    if (path.endsWith('.csv')) return
    // The first printed QRs' address redirects to /v/:codigo, for a browser as for a program.
    if (path.startsWith('/verificar/')) return
    // A solicitante's link, clicked in an email, is the PDF itself (or a page saying it expired).
    if (path.startsWith('/resultados/enlace/')) return
    if (prefersHtml(request.headers.accept)) return sendShell(reply)
    reply.header('vary', 'Accept')
  })

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: 'Recurso no encontrado' })
  })
}

// Not encapsulated: the hook and the not-found handler apply to the whole app.
export const spa = fp(spaPlugin, { name: 'spa' })
