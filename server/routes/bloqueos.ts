// Bloqueos (shared/bloqueos.ts): admins block a sala for a period and remove the block, each
// change audited. Booking refuses the period (citas/turnos.ts) and the agenda shows it; a new
// block answers which citas are still inside, for the desk to move.
import type { FastifyInstance } from 'fastify'
import {
  borrarBloqueoContract,
  crearBloqueoContract,
  listarBloqueosContract,
  MENSAJES_BLOQUEOS as M,
} from '../../shared/bloqueos.js'
import { MENSAJES_CITAS } from '../../shared/citas.js'
import type { ErrorCampo } from '../../shared/contract.js'
import { MENSAJES_CONFIGURACION } from '../../shared/configuracion.js'
import { esDiaDeLaClinica } from '../../shared/edad.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import type { CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { datosInvalidos, NotFoundError } from '../errors.js'
import { aLocal } from '../horario.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { aBloqueo } from '../http/respuestas.js'
import { bloqueosVigentes, borrarBloqueo, crearBloqueo } from '../queries/bloqueos.js'
import { instantesLocales } from '../queries/citas.js'
import { route } from '../route.js'

export async function bloqueosRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config, catalogos } = opts
  const tz = config.clinicTz

  /** The sala of the path: any sala, active or not (a block may wait for it to open again). */
  const salaDe = async (id: string) => {
    const n = leerId(id, MENSAJES_CONFIGURACION.salaNoEncontrada)
    const sala = (await catalogos.leer()).salas.find((s) => s.id === n)
    if (!sala) throw new NotFoundError(MENSAJES_CONFIGURACION.salaNoEncontrada)
    return sala
  }

  route(app, listarBloqueosContract, async (request) => {
    const sala = await salaDe(request.params.id)
    return (await bloqueosVigentes(sql, sala.id)).map((b) => aBloqueo(b, tz))
  })

  route(app, crearBloqueoContract, async (request, reply) => {
    const sala = await salaDe(request.params.id)
    const b = request.body
    const errores: ErrorCampo[] = []
    for (const campo of ['inicio', 'fin'] as const)
      if (!esDiaDeLaClinica(b[campo].slice(0, 10)))
        errores.push({ campo, mensaje: 'Fecha inválida' })
    if (errores.length === 0 && b.fin <= b.inicio)
      errores.push({ campo: 'fin', mensaje: M.finAntesDeInicio })
    if (errores.length > 0) throw datosInvalidos(errores)
    const {
      instantes: [inicio, fin],
      ahora,
    } = await instantesLocales(sql, [b.inicio, b.fin], tz)
    // A time the clock skips (spring forward) comes back as another one.
    for (const [campo, instante] of [
      ['inicio', inicio!],
      ['fin', fin!],
    ] as const)
      if (aLocal(instante, tz) !== b[campo])
        errores.push({ campo, mensaje: MENSAJES_CITAS.horaInexistente })
    if (errores.length === 0 && fin! <= ahora) errores.push({ campo: 'fin', mensaje: M.terminado })
    if (errores.length > 0) throw datosInvalidos(errores)
    const r = await crearBloqueo(
      sql,
      { salaId: sala.id, inicio: inicio!, fin: fin!, motivo: b.motivo },
      eventoDe(request, 'bloqueo.creado'),
    )
    return reply.code(201).send({
      bloqueo: aBloqueo(r.bloqueo, tz),
      citas: r.citas.map((c) => ({
        id: c.id,
        pacienteId: c.pacienteId,
        paciente: nombreCompleto(c),
        inicio: aLocal(c.inicio, tz),
      })),
    })
  })

  route(app, borrarBloqueoContract, async (request, reply) => {
    const id = leerId(request.params.id, M.noEncontrado)
    if (!(await borrarBloqueo(sql, id, eventoDe(request, 'bloqueo.borrado'))))
      throw new NotFoundError(M.noEncontrado)
    return reply.code(204).send()
  })
}
