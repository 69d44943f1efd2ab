// JSON bodies are read as strict UTF-8. Fastify's own parser decodes with replacement characters,
// so bytes that are not UTF-8 reached the database as U+FFFD.
import type { FastifyInstance } from 'fastify'
import { BadRequestError } from './errors.js'

const utf8 = new TextDecoder('utf-8', { fatal: true })

export const MENSAJE_NO_UTF8 = 'Solicitud inválida: el cuerpo no es texto UTF-8 válido'

/** Replaces the application/json parser; the body limit and `__proto__`/`constructor` checks stay Fastify's. */
export function jsonEstricto(app: FastifyInstance): void {
  // secure-json-parse as Fastify configures it by default: a poisoned key is an error.
  const parsear = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, cuerpo, done) => {
    let texto: string
    try {
      texto = utf8.decode(cuerpo as Buffer)
    } catch {
      done(new BadRequestError(MENSAJE_NO_UTF8), undefined)
      return
    }
    parsear(request, texto, done)
  })
}
