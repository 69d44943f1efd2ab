// JSON bodies are read as strict UTF-8. Fastify's own parser decodes with replacement characters,
// so bytes that are not UTF-8 reached the database as U+FFFD. A JSON escape can still name half a
// surrogate pair ("\ud800"), which no UTF-8 text holds: PostgreSQL's jsonb refuses it (a 500 from
// an audit record) and text columns stored it as U+FFFD. Any string with one is refused here, for
// every field of every body.
import type { FastifyInstance } from 'fastify'
import type { ErrorCampo } from '../shared/contract.js'
import { MENSAJES } from '../shared/paciente-campos.js'
import { BadRequestError, datosInvalidos } from './errors.js'

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
    parsear(request, texto, (err, valor) => {
      const campo = err ? undefined : conSustitutoSuelto(valor, '')
      if (campo === undefined) done(err, valor)
      else {
        const errores: ErrorCampo[] = [{ campo: campo || 'cuerpo', mensaje: MENSAJES.caracteres }]
        done(datosInvalidos(errores), undefined)
      }
    })
  })
}

/** Half a surrogate pair: with the `u` flag a whole pair is one code point and does not match. */
const SUSTITUTO_SUELTO = /[\uD800-\uDFFF]/u

/** The dotted path of the first string (or key) holding half a surrogate pair; undefined if none. */
function conSustitutoSuelto(valor: unknown, ruta: string): string | undefined {
  if (typeof valor === 'string') return SUSTITUTO_SUELTO.test(valor) ? ruta : undefined
  if (valor === null || typeof valor !== 'object') return undefined
  for (const [clave, dentro] of Object.entries(valor)) {
    const aqui = ruta ? `${ruta}.${clave}` : clave
    if (SUSTITUTO_SUELTO.test(clave)) return aqui
    const hallado = conSustitutoSuelto(dentro, aqui)
    if (hallado !== undefined) return hallado
  }
  return undefined
}
