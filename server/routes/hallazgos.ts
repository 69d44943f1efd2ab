// Critical findings (docs/api.md#hallazgos-criticos): the ones waiting for their call, as the
// dashboard's Alertas shows them, the recorded ones, and recording the call once.
import type { FastifyInstance } from 'fastify'
import { fechaEnZona, fechaLegible, horaEnZona } from '../../shared/edad.js'
import {
  comunicarHallazgoContract,
  listarHallazgosContract,
  MENSAJES_HALLAZGOS as M,
} from '../../shared/hallazgos.js'
import { limpiar } from '../../shared/texto.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerCursor } from '../http/cursor.js'
import { leerId, limiteDe, paginar } from '../http/paginas.js'
import {
  aHallazgo,
  comunicarHallazgo,
  hallazgoPorId,
  listarHallazgos,
} from '../queries/hallazgos.js'
import { route } from '../route.js'

export async function hallazgosRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const tz = config.clinicTz

  route(app, listarHallazgosContract, async (request, reply) => {
    const estado = request.query.estado ?? 'pendientes'
    const limite = limiteDe(request.query.limite)
    const despues = leerCursor(request.query.cursor, 1)
    const { filas, total } = await listarHallazgos(
      sql,
      estado,
      limite + 1,
      despues,
      eventoDe(request, 'hallazgos.listados', {
        detalle: { estado, limite, ...(despues && { despues }) },
      }),
    )
    const ahora = new Date()
    return {
      hallazgos: paginar(request, reply, filas, limite, (f) => [f.clave, f.id]).map((f) =>
        aHallazgo(f, ahora),
      ),
      total,
    }
  })

  route(app, comunicarHallazgoContract, async (request) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const comunicadoA = limpiar(request.body.comunicadoA)
    if (!comunicadoA) throw datosInvalidos([{ campo: 'comunicadoA', mensaje: M.comunicadoA }])
    // An empty note is no note (the database wants one of at least a character).
    const nota = limpiar(request.body.nota) || null
    const f = await comunicarHallazgo(
      sql,
      id,
      { ...request.body, comunicadoA, nota },
      request.usuario!.id,
      eventoDe(request, 'hallazgo.comunicado'),
    )
    if (f) return aHallazgo(f, new Date())
    const ahora = await hallazgoPorId(sql, id)
    if (!ahora) throw new NotFoundError(M.noEncontrado)
    const en = ahora.comunicadoEn!
    throw new ConflictError(
      M.yaComunicado(
        ahora.registradoNombre ?? 'otra persona',
        `${fechaLegible(fechaEnZona(en, tz))} a las ${horaEnZona(en, tz)}`,
      ),
    )
  })
}
