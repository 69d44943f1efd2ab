// A patient's next citas, for their page (docs/api.md#próximas-citas-de-un-paciente), recorded in
// the audit trail by the statement that reads them.
import type { FastifyInstance } from 'fastify'
import { MENSAJES_CITAS as M, PROXIMAS_CITAS, proximasCitasContract } from '../../shared/citas.js'
import { hoyEn } from '../../shared/edad.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { NotFoundError } from '../errors.js'
import { aLocal } from '../horario.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { proximasCitas } from '../queries/citas.js'
import { route } from '../route.js'

export async function citasPacienteRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const tz = config.clinicTz

  route(app, proximasCitasContract, async (request) => {
    const id = leerId(request.params.id, M.pacienteNoEncontrado)
    const filas = await proximasCitas(
      sql,
      id,
      hoyEn(tz),
      tz,
      PROXIMAS_CITAS,
      eventoDe(request, 'citas.consultadas'),
    )
    if (!filas) throw new NotFoundError(M.pacienteNoEncontrado)
    return filas.map((f) => ({
      id: f.id,
      sede: f.sede,
      sala: f.sala,
      estudios: f.estudios.map((nombre) => ({ nombre })),
      estado: f.estado,
      inicio: aLocal(f.inicio, tz),
      fin: aLocal(f.fin, tz),
    }))
  })
}
