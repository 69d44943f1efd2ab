// The laboratory: its catalogue (GET /laboratorio/analitos, docs/api.md#catálogo-del-laboratorio),
// which holds no patient data and so leaves no audit record, like GET /catalogos; and its day's
// list (GET /laboratorio/lista, docs/api.md#lista-del-laboratorio), a read of patients, recorded.
import type { FastifyInstance } from 'fastify'
import type { ErrorCampo } from '../../shared/contract.js'
import { esDiaDeLaClinica, hoyEn } from '../../shared/edad.js'
import { analitosContract } from '../../shared/laboratorio.js'
import { listaLaboratorioContract, MENSAJES_RESULTADOS as M } from '../../shared/resultados.js'
import type { CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { datosInvalidos } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerCursor } from '../http/cursor.js'
import { limiteDe, paginar } from '../http/paginas.js'
import { listaLaboratorio } from '../queries/laboratorio-lista.js'
import { route } from '../route.js'

/**
 * The day (today at the clinic if absent) and sede of a laboratory's day query, or the 400 of
 * each that is wrong. As the worklist's search: any sede the clinic has had, a closed one's past
 * days included (from the catalogues as this server last read them).
 */
export async function diaDelLaboratorio(
  catalogos: CacheCatalogos,
  tz: string,
  q: { fecha?: string; sede?: string },
): Promise<{ fecha: string; sede: string | undefined }> {
  const fecha = q.fecha || hoyEn(tz)
  const errores: ErrorCampo[] = []
  if (!esDiaDeLaClinica(fecha)) errores.push({ campo: 'fecha', mensaje: M.fechaInvalida })
  const sede = q.sede?.trim() || undefined
  if (sede) {
    const sedes = (await catalogos.leer()).sedes.map((s) => s.nombre)
    if (!sedes.includes(sede))
      errores.push({ campo: 'sede', mensaje: `Sede no válida: use ${sedes.join(', ')}` })
  }
  if (errores.length > 0) throw datosInvalidos(errores)
  return { fecha, sede }
}

export async function laboratorioRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, catalogos } = opts
  const tz = opts.config.clinicTz

  route(app, analitosContract, async () => (await catalogos.leer()).laboratorio.catalogo)

  route(app, listaLaboratorioContract, async (request, reply) => {
    const { fecha, sede } = await diaDelLaboratorio(catalogos, tz, request.query)
    const limite = limiteDe(request.query.limite)
    const despues = leerCursor(request.query.cursor, 2)
    const filas = await listaLaboratorio(
      sql,
      (await catalogos.leer()).laboratorio,
      { fecha, sede, tz, limite, despues },
      eventoDe(request, 'laboratorio.lista', { detalle: { fecha, ...(sede && { sede }) } }),
    )
    return paginar(request, reply, filas, limite, (f) => f.clave).map(({ clave: _, ...f }) => f)
  })
}
