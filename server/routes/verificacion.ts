// Checking a printed document (docs/api.md#verificar-un-documento): GET /v/:codigo answers anyone,
// without a session, whether the code names a signed document, and only what a stranger holding
// the paper may learn (docs/seguridad.md#verificación-de-documentos). Each address has a limit, and
// every verification is audited as an anonymous read from that address.
import type { FastifyInstance } from 'fastify'
import {
  codigoLegible,
  MENSAJES_VERIFICACION as M,
  LIMITE_VERIFICACION,
  normalizarCodigo,
  rutaVerificacion,
  verificarAnteriorContract,
  verificarDocumentoContract,
  type DocumentoVerificado,
} from '../../shared/verificacion.js'
import { CARACTERES_CONTROL } from '../../shared/texto.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { NotFoundError, TooManyRequestsError } from '../errors.js'
import { limitePorDireccion } from '../http/limite-direccion.js'
import { registrarEvento } from '../queries/auditoria.js'
import { documentoPorCodigo, type DocumentoPorCodigo } from '../queries/verificacion.js'
import { route } from '../route.js'

const CONTROL = new RegExp(`[${CARACTERES_CONTROL}]`, 'g')

const TITULO_INFORME = {
  original: M.informe,
  adenda: M.adenda,
  correccion: M.correccion,
} as const

/** What a reader calls the document: never a study's name, which can say what the patient has. */
const nombreDocumento = (d: DocumentoPorCodigo): string =>
  d.tipo === 'resultados'
    ? M.resultados
    : TITULO_INFORME[d.tipoInforme ?? 'original'](d.modalidad ?? '')

export async function verificacionRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const admitir = limitePorDireccion(
    config.verificacionesPorDireccion,
    LIMITE_VERIFICACION.ventanaMinutos * 60_000,
  )

  route(app, verificarDocumentoContract, async (request, reply) => {
    // A verification is a fact of this moment: no browser or proxy keeps it, found or not.
    reply.header('cache-control', 'no-store')
    const direccion = request.direccion
    const decision = admitir(direccion ?? '')
    if (!decision.admitida) {
      // The 1st, 2nd, 4th, 8th… refusal in a row is recorded: a flood's size in a few rows.
      const n = decision.rechazos
      if ((n & (n - 1)) === 0)
        await registrarEvento(sql, {
          accion: 'documento.verificacion_limitada',
          usuarioId: null,
          usuario: null,
          direccion,
          detalle: { rechazos: n },
        })
      const minutos = Math.ceil(decision.esperaSegundos / 60)
      throw new TooManyRequestsError(M.demasiadas(minutos), decision.esperaSegundos)
    }
    const codigo = normalizarCodigo(request.params.codigo)
    if (!codigo) {
      await registrarEvento(sql, {
        accion: 'documento.verificado',
        usuarioId: null,
        usuario: null,
        direccion,
        // What was asked, as far as it is text: PostgreSQL refuses a NUL even inside JSON.
        detalle: {
          codigo: request.params.codigo.slice(0, 40).replace(CONTROL, '�'),
          encontrado: false,
        },
      })
      throw new NotFoundError(M.noEncontrado)
    }
    const d = await documentoPorCodigo(sql, codigo, direccion)
    if (!d) throw new NotFoundError(M.noEncontrado)
    const respuesta: DocumentoVerificado = {
      valido: true,
      codigo: codigoLegible(codigo),
      clinica: d.clinica,
      tipo: d.tipo,
      titulo: nombreDocumento(d),
      parcial: d.parcial,
      version: d.version,
      emitidoEn: d.emitidoEn.toISOString(),
      sha256: d.sha256,
      reemplazadoEn: d.reemplazadoEn?.toISOString() ?? null,
    }
    return respuesta
  })

  // The QR of the documents printed before /v/ existed: they keep working.
  route(app, verificarAnteriorContract, async (request, reply) =>
    reply.redirect(rutaVerificacion(encodeURIComponent(request.params.codigo)), 301),
  )
}
