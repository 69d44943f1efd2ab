// The steps the equipment reported (MPPS) that matched no atención: listed for staff, who give
// each its atención (which then takes the step's estado) or set it aside (docs/dicom.md).
import type { FastifyInstance } from 'fastify'
import {
  conciliarMppsContract,
  MENSAJES_MPPS as M,
  mppsPendientesContract,
  totalMppsPendientesContract,
  type MppsPendiente,
} from '../../shared/mpps.js'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { BadRequestError, ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { auditar, eventoDe } from '../http/auditoria.js'
import { obtenerAtencion } from '../queries/atenciones.js'
import {
  aplicarMpps,
  marcarConciliado,
  mppsParaConciliar,
  mppsPendientes,
  totalMppsPendientes,
  type MppsFila,
} from '../queries/mpps.js'
import { route } from '../route.js'
import { resumenMpps } from '../dicom/resumen-mpps.js'
import { EVENTO_CAMBIO } from '../../shared/estado-atencion.js'

/** Most steps a list shows: more waiting than this is a setup problem, not a day's work. */
const LISTA_MAXIMA = 100

const aPendiente = (f: MppsFila): MppsPendiente => ({
  uid: f.uid,
  estado: f.estado,
  sala: { id: f.salaId, nombre: f.salaNombre, sede: f.salaSede, aeTitle: f.salaAeTitle },
  recibidoEn: f.recibidoEn.toISOString(),
  ...resumenMpps(f.datos),
  motivo: f.motivo,
})

export async function mppsRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts

  route(app, mppsPendientesContract, async (request) => {
    const { total, pasos } = await mppsPendientes(sql, LISTA_MAXIMA)
    // What the equipment said of patients is a read of patient data like any other.
    if (pasos.length > 0)
      await auditar(sql, request, 'mpps.consultados', { detalle: { pasos: pasos.length } })
    return { total, pasos: pasos.map(aPendiente) }
  })

  route(app, totalMppsPendientesContract, async () => ({ total: await totalMppsPendientes(sql) }))

  route(app, conciliarMppsContract, async (request, reply) => {
    const { uid } = request.params
    const b = request.body
    await inTransaction(sql, async (tx) => {
      const paso = await mppsParaConciliar(tx, uid)
      if (!paso) throw new NotFoundError(M.noEncontrado)
      if (paso.atencionId !== null || paso.conciliadoEn !== null)
        throw new ConflictError(M.yaConciliado)
      const por = request.usuario?.id ?? null
      if ((b.atencionId === undefined) === (b.descartar === undefined))
        throw new BadRequestError(M.unaOpcion)
      if (b.atencionId === undefined) {
        await marcarConciliado(
          tx,
          uid,
          null,
          por,
          eventoDe(request, 'mpps.descartado', { detalle: { uid } }),
        )
        return
      }
      const atencion = await obtenerAtencion(tx, b.atencionId, config.clinicTz, { bloquear: true })
      if (!atencion)
        throw datosInvalidos([{ campo: 'atencionId', mensaje: M.atencionNoEncontrada }])
      if (atencion.modalidad !== paso.salaModalidad)
        throw datosInvalidos([
          {
            campo: 'atencionId',
            mensaje: M.otraModalidad(atencion.modalidad, paso.salaModalidad),
          },
        ])
      await marcarConciliado(
        tx,
        uid,
        atencion.id,
        por,
        eventoDe(request, 'mpps.conciliado', {
          pacienteId: atencion.pacienteId,
          detalle: { uid, atencion: atencion.id, estado: paso.estado },
        }),
      )
      // An estado the step does not move from (Informado, say) stays as it is.
      await aplicarMpps(
        tx,
        atencion.id,
        paso.estado,
        config.clinicTz,
        eventoDe(request, EVENTO_CAMBIO.equipo),
      )
    })
    reply.code(204)
    return null
  })
}
