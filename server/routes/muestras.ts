// The laboratory's samples (docs/api.md#laboratorio-muestras): an atención's tubes, registering
// them, their labels' PDF, and reception and rejection by the label's scanned code.
import type { FastifyInstance } from 'fastify'
import {
  etiquetasContract,
  idDeCodigoMuestra,
  MENSAJES_MUESTRAS as M,
  muestrasDeAtencionContract,
  rechazarMuestraContract,
  recibirMuestraContract,
  tomarMuestrasContract,
} from '../../shared/muestras.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { BadRequestError } from '../errors.js'
import { leerId } from '../http/paginas.js'
import { renderizarEtiquetas } from '../laboratorio/etiquetas-pdf.js'
import {
  etiquetasDeAtencion,
  listarMuestras,
  rechazarMuestra,
  recibirMuestra,
  tomarMuestras,
} from '../laboratorio/muestras.js'
import { route } from '../route.js'

/** The sample id of a scanned code, or 400. */
function leerCodigo(codigo: string): number {
  const id = idDeCodigoMuestra(codigo)
  if (id === null) throw new BadRequestError(M.codigoInvalido)
  return id
}

export async function muestrasRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts

  route(app, muestrasDeAtencionContract, async (request) =>
    listarMuestras(sql, request, leerId(request.params.id, M.atencionNoEncontrada)),
  )

  route(app, tomarMuestrasContract, async (request) =>
    tomarMuestras(sql, request, leerId(request.params.id, M.atencionNoEncontrada)),
  )

  route(app, etiquetasContract, async (request, reply) => {
    const id = leerId(request.params.id, M.atencionNoEncontrada)
    const { formato } = request.query
    const etiquetas = await etiquetasDeAtencion(sql, request, id, formato, config.clinicTz)
    const pdf = await renderizarEtiquetas(etiquetas, formato, new Date())
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="etiquetas-${id}-${formato}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf)
  })

  route(app, recibirMuestraContract, async (request) =>
    recibirMuestra(sql, request, leerCodigo(request.params.codigo), config.clinicTz),
  )

  route(app, rechazarMuestraContract, async (request) =>
    rechazarMuestra(sql, request, leerCodigo(request.params.codigo), request.body),
  )
}
