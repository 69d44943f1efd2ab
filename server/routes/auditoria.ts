import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { hoyEn } from '../../shared/edad.js'
import { auditar, eventoDe, filtrosDe } from '../http/auditoria.js'
import { csvAuditoria } from '../http/auditoria-csv.js'
import {
  leerEventosCsv,
  listarEventos,
  registrarExportacionAuditoria,
  type FiltroAuditoria,
} from '../queries/auditoria.js'
import { normalizarUsuario } from '../auth/usuarios.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { datosInvalidos, TooManyRequestsError } from '../errors.js'
import { route } from '../route.js'
import {
  erroresRangoAuditoria,
  exportarAuditoriaContract,
  LIMITE_AUDITORIA,
  listarAuditoriaContract,
  type ExportacionAuditoriaQuery,
} from '../../shared/auditoria.js'

const numero = (v: string | undefined) => (v ? Number(v) : undefined)

/**
 * Audit exports in flight on this server: each holds a database connection while its client
 * downloads, as the worklist's do (routes/exportacion.ts).
 */
export const EXPORTACIONES_AUDITORIA_SIMULTANEAS = 1

/** The query's filters, checked beyond the schema (the days); a 400 for a bad range. */
function filtroDe(q: ExportacionAuditoriaQuery, tz: string): FiltroAuditoria {
  const errores = erroresRangoAuditoria(q)
  if (errores.length > 0) throw datosInvalidos(errores)
  return {
    usuario: q.usuario?.trim() ? normalizarUsuario(q.usuario) : undefined,
    pacienteId: numero(q.pacienteId),
    accion: q.accion || undefined,
    desde: q.desde || undefined,
    hasta: q.hasta || undefined,
    tz,
  }
}

export async function auditoriaRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql } = opts
  const tz = opts.config.clinicTz
  let enCurso = 0

  route(app, listarAuditoriaContract, async (request, reply) => {
    const q = request.query
    const limite = numero(q.limite) ?? LIMITE_AUDITORIA.porDefecto
    if (limite < 1 || limite > LIMITE_AUDITORIA.maximo) {
      throw datosInvalidos([
        { campo: 'limite', mensaje: `Debe estar entre 1 y ${LIMITE_AUDITORIA.maximo}` },
      ])
    }
    // Who reads the trail is on it too, with what they asked for.
    await auditar(sql, request, 'auditoria.consultada', { detalle: filtrosDe(q) })
    const eventos = await listarEventos(sql, {
      ...filtroDe(q, tz),
      antesDe: numero(q.antesDe),
      limite,
    })
    if (eventos.length > limite) {
      eventos.pop()
      const siguiente = new URLSearchParams(
        Object.entries(q).filter(
          (e): e is [string, string] =>
            typeof e[1] === 'string' && e[1] !== '' && e[0] !== 'antesDe',
        ),
      )
      siguiente.set('antesDe', String(eventos[eventos.length - 1]!.id))
      reply.header('link', `</auditoria?${siguiente.toString()}>; rel="next"`)
    }
    return eventos
  })

  route(app, exportarAuditoriaContract, async (request, reply) => {
    const q = request.query
    const filtro = filtroDe(q, tz)
    if (enCurso >= EXPORTACIONES_AUDITORIA_SIMULTANEAS)
      throw new TooManyRequestsError(
        'Hay otras exportaciones en curso: intente nuevamente en unos momentos',
        10,
      )
    enCurso += 1
    let cuerpo: Readable
    try {
      // The event (filters and how many events) is committed before the first row is read.
      const { id } = await registrarExportacionAuditoria(
        sql,
        filtro,
        eventoDe(request, 'auditoria.exportada', { detalle: filtrosDe(q) }),
      )
      cuerpo = Readable.from(csvAuditoria(leerEventosCsv(sql, filtro, id)), { objectMode: false })
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="auditoria-${hoyEn(tz)}.csv"`)
    } catch (err) {
      enCurso -= 1
      throw err
    }
    // Done, failed or cut by the client: the cursor is closed and the slot is free again.
    cuerpo.once('close', () => (enCurso -= 1))
    return reply.send(cuerpo)
  })
}
