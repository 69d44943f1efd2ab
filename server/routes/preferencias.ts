// The signed-in account's worklist sede, and the clinic's today the worklist opens on.
import type { FastifyInstance } from 'fastify'
import { hoyEn } from '../../shared/edad.js'
import { cambiarPreferenciasContract, preferenciasContract } from '../../shared/preferencias.js'
import { sedesActivas, type CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import { datosInvalidos } from '../errors.js'
import type { Sql } from '../db.js'
import { guardarSede, sedeDe } from '../queries/preferencias.js'
import { route } from '../route.js'

export async function preferenciasRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config, catalogos } = opts

  route(app, preferenciasContract, async (request) => ({
    sede: await sedeDe(sql, request.usuario!.id),
    hoy: hoyEn(config.clinicTz),
  }))

  route(app, cambiarPreferenciasContract, async (request) => {
    const activas = sedesActivas(await catalogos.leer())
    const { sede } = request.body
    if (sede !== null && !activas.includes(sede))
      throw datosInvalidos([
        { campo: 'sede', mensaje: `Sede no válida: use ${activas.join(', ')} o null` },
      ])
    await guardarSede(sql, request.usuario!.id, request.body.sede)
    return { sede: request.body.sede, hoy: hoyEn(config.clinicTz) }
  })
}
