// Médicos solicitantes (shared/medicos-solicitantes.ts): the search every signed-in screen may ask,
// adding one from the desk or Configuración, and an admin's corrections, deactivation and
// reactivation, each change audited. A CMP already registered is a 409 that names its physician
// (and gives their id, so the desk can choose them instead).
import type { FastifyInstance } from 'fastify'
import { MENSAJES_MEDICOS as M, validarMedico } from '../../shared/medico-solicitante.js'
import {
  buscarMedicosContract,
  cambiarMedicoContract,
  crearMedicoContract,
  LIMITE_MEDICOS,
} from '../../shared/medicos-solicitantes.js'
import type { DatosMedico } from '../../shared/medico-solicitante.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { buscarMedicos, cambiarMedico, crearMedico } from '../queries/medicos-solicitantes.js'
import { route } from '../route.js'

export async function medicosSolicitantesRoutes(
  app: FastifyInstance,
  opts: { sql: Sql },
): Promise<void> {
  const { sql } = opts

  route(app, buscarMedicosContract, async (request) => {
    const { q, limite } = request.query
    const n = limite ? Number(limite) : LIMITE_MEDICOS.porDefecto
    if (n < 1 || n > LIMITE_MEDICOS.maximo)
      throw datosInvalidos([
        { campo: 'limite', mensaje: `Límite inválido: de 1 a ${LIMITE_MEDICOS.maximo}` },
      ])
    return buscarMedicos(sql, q, n)
  })

  route(app, crearMedicoContract, async (request, reply) => {
    const { errores, datos } = validarMedico(request.body)
    if (errores.length > 0) throw datosInvalidos(errores)
    const r = await crearMedico(
      sql,
      datos as DatosMedico,
      request.usuario?.id ?? null,
      eventoDe(request, 'solicitante.creado'),
    )
    if ('repetido' in r) throw new ConflictError(M.cmpRepetido(r.repetido), r.repetido.id)
    return reply.code(201).send(r.medico)
  })

  route(app, cambiarMedicoContract, async (request) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const { activo, ...campos } = request.body
    const { errores, datos } = validarMedico(campos, false)
    if (errores.length > 0) throw datosInvalidos(errores)
    if (activo === undefined && Object.keys(datos).length === 0)
      throw datosInvalidos([{ campo: 'cuerpo', mensaje: M.sinCambio }])
    const r = await cambiarMedico(
      sql,
      id,
      { ...datos, activo },
      eventoDe(request, 'solicitante.modificado'),
    )
    if (!r) throw new NotFoundError(M.noEncontrado)
    if ('repetido' in r) throw new ConflictError(M.cmpRepetido(r.repetido), r.repetido.id)
    return r
  })
}
