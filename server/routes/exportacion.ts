// GET /pacientes/buscar.csv: the worklist the search's filters select, as a CSV file for Excel
// (docs/api.md#exportar-la-lista-de-trabajo), streamed from a cursor so 100,000 rows cost the
// server no more memory than 1,000.
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { validarBusqueda } from '../../shared/busqueda.js'
import { hoyEn } from '../../shared/edad.js'
import { exportarListaContract } from '../../shared/exportacion.js'
import { todasLasModalidades, type CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import type { Database } from '../db.js'
import { BadRequestError, TooManyRequestsError } from '../errors.js'
import { eventoDe, filtrosDe } from '../http/auditoria.js'
import { csvExportacion } from '../http/exportacion-csv.js'
import { leerExportacion, registrarExportacion } from '../queries/exportacion.js'
import { conDocumentoFusionado } from '../queries/fusiones.js'
import { route } from '../route.js'

/**
 * Exports in flight on this server. Each holds a database connection while its client downloads,
 * so they are few: the rest of the pool stays for everyone else's requests.
 */
export const EXPORTACIONES_SIMULTANEAS = 2

export async function exportacionRoutes(
  app: FastifyInstance,
  opts: { db: Pick<Database, 'sql' | 'busqueda'>; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { db, config, catalogos } = opts
  const tz = config.clinicTz
  let enCurso = 0

  route(app, exportarListaContract, async (request, reply) => {
    const c = await catalogos.leer()
    const { errores, filtros } = validarBusqueda(
      request.query,
      c.sedes.map((s) => s.nombre),
      todasLasModalidades(c),
    )
    if (errores.length > 0) throw new BadRequestError('Filtros de búsqueda inválidos', errores)
    if (enCurso >= EXPORTACIONES_SIMULTANEAS)
      throw new TooManyRequestsError(
        'Hay otras exportaciones en curso: intente nuevamente en unos momentos',
        10,
      )
    enCurso += 1
    let cuerpo: Readable
    try {
      // An absorbed record's document finds the record it was merged into, as in the search.
      const buscados = await conDocumentoFusionado(db.sql, filtros)
      // The event (filters, patients and rows) is committed before the first row is read.
      await registrarExportacion(
        db,
        buscados,
        tz,
        eventoDe(request, 'pacientes.exportados', { detalle: filtrosDe(request.query) }),
      )
      const hoy = hoyEn(tz)
      cuerpo = Readable.from(
        csvExportacion(leerExportacion(db, buscados, tz), {
          hoy,
          modalidades: c.modalidades,
        }),
        {
          objectMode: false,
        },
      )
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="lista-de-trabajo-${hoy}.csv"`)
    } catch (err) {
      enCurso -= 1
      throw err
    }
    // Done, failed or cut by the client: the cursor is closed and the slot is free again.
    cuerpo.once('close', () => (enCurso -= 1))
    return reply.send(cuerpo)
  })
}
