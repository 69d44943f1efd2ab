// Configuración › Laboratorio's changes (docs/api.md#laboratorio-en-configuración): an analito's
// fields and its reference ranges, admins only, each audited with what it set. The catalogue is
// read from the database on every use (GET /laboratorio/analitos), so a change shows at once.
import type { FastifyInstance } from 'fastify'
import type { TipoAnalito } from '../../shared/laboratorio.js'
import {
  cambiarAnalitoContract,
  cambiarRangosContract,
  erroresRangos,
  MENSAJES_LABORATORIO_CONFIG as M,
  type AnalitoEntrada,
} from '../../shared/laboratorio-config.js'
import type { ErrorCampo } from '../../shared/contract.js'
import type { Sql } from '../db.js'
import { datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { cambiarAnalito, reemplazarRangos } from '../queries/laboratorio-config.js'
import { route } from '../route.js'
import type { CacheCatalogos } from '../catalogos.js'

/** What an analito of type `tipo` cannot take: decimals and a delta are a number's alone. */
function erroresAnalito(tipo: TipoAnalito, a: AnalitoEntrada): ErrorCampo[] {
  const errores: ErrorCampo[] = []
  if (tipo === 'numero' && a.decimales === null)
    errores.push({ campo: 'decimales', mensaje: M.decimalesRequeridos })
  if (tipo !== 'numero' && a.decimales !== null)
    errores.push({ campo: 'decimales', mensaje: M.sinDecimales })
  if (tipo !== 'numero' && a.deltaPorcentaje !== null)
    errores.push({ campo: 'deltaPorcentaje', mensaje: M.sinDelta })
  return errores
}

export async function configuracionLaboratorioRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, catalogos } = opts

  route(app, cambiarAnalitoContract, async (request) => {
    const b = request.body
    const analito = await cambiarAnalito(
      sql,
      Number(request.params.id),
      b,
      (tipo) => {
        const errores = erroresAnalito(tipo, b)
        if (errores.length > 0) throw datosInvalidos(errores)
      },
      (codigo) => eventoDe(request, 'analito.modificado', { detalle: { analito: codigo, ...b } }),
    )
    // The grids, saves and validations read the catalogue this server holds: the change at once.
    catalogos.olvidar()
    if (!analito) throw new NotFoundError(M.analitoNoEncontrado)
    return analito
  })

  route(app, cambiarRangosContract, async (request) => {
    const { rangos } = request.body
    const errores = erroresRangos(rangos)
    if (errores.length > 0) throw datosInvalidos(errores)
    const analito = await reemplazarRangos(
      sql,
      Number(request.params.id),
      rangos,
      (tipo) => {
        if (tipo !== 'numero' && rangos.length > 0)
          throw datosInvalidos([{ campo: 'rangos', mensaje: M.sinRangos }])
      },
      (codigo, anteriores) =>
        eventoDe(request, 'analito.rangos', { detalle: { analito: codigo, anteriores, rangos } }),
    )
    catalogos.olvidar()
    if (!analito) throw new NotFoundError(M.analitoNoEncontrado)
    return analito
  })
}
