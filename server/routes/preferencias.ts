// The signed-in account's worklist sede and sala, and the clinic's today the worklist opens on.
import type { FastifyInstance } from 'fastify'
import type { ErrorCampo } from '../../shared/contract.js'
import { hoyEn } from '../../shared/edad.js'
import { cambiarPreferenciasContract, preferenciasContract } from '../../shared/preferencias.js'
import { sedesActivas, type CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import { datosInvalidos } from '../errors.js'
import type { Sql } from '../db.js'
import { guardarPreferencias, preferenciasDe } from '../queries/preferencias.js'
import { route } from '../route.js'

export async function preferenciasRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config, catalogos } = opts

  route(app, preferenciasContract, async (request) => ({
    ...(await preferenciasDe(sql, request.usuario!.id)),
    hoy: hoyEn(config.clinicTz),
  }))

  route(app, cambiarPreferenciasContract, async (request) => {
    const catalogo = await catalogos.leer()
    const activas = sedesActivas(catalogo)
    const { sede, sala } = request.body
    const errores: ErrorCampo[] = []
    if (sede === undefined && sala === undefined)
      errores.push({ campo: 'sede', mensaje: 'Indique la sede, la sala o ambas' })
    if (sede != null && !activas.includes(sede))
      errores.push({ campo: 'sede', mensaje: `Sede no válida: use ${activas.join(', ')} o null` })
    if (sala != null && !catalogo.activos.salas.some((s) => s.id === sala))
      errores.push({ campo: 'sala', mensaje: 'Sala no válida: use una sala activa o null' })
    if (errores.length > 0) throw datosInvalidos(errores)
    const recordadas = await guardarPreferencias(sql, request.usuario!.id, { sede, sala })
    return { ...recordadas, hoy: hoyEn(config.clinicTz) }
  })
}
