import type { FastifyInstance } from 'fastify'
import { listarEventos } from '../queries/auditoria.js'
import { soloAdmin } from '../auth/plugin.js'
import { normalizarUsuario } from '../auth/usuarios.js'
import type { Sql } from '../db.js'
import { BadRequestError } from '../errors.js'
import { route } from '../route.js'
import { LIMITE_AUDITORIA, listarAuditoriaContract } from '../../shared/auditoria.js'

const numero = (v: string | undefined) => (v ? Number(v) : undefined)

export async function auditoriaRoutes(app: FastifyInstance, opts: { sql: Sql }): Promise<void> {
  app.addHook('preParsing', soloAdmin)

  route(app, listarAuditoriaContract, async (request, reply) => {
    const q = request.query
    const limite = numero(q.limite) ?? LIMITE_AUDITORIA.porDefecto
    if (limite < 1 || limite > LIMITE_AUDITORIA.maximo) {
      throw new BadRequestError('Datos inválidos', [
        { campo: 'limite', mensaje: `Debe estar entre 1 y ${LIMITE_AUDITORIA.maximo}` },
      ])
    }
    const eventos = await listarEventos(opts.sql, {
      usuario: q.usuario?.trim() ? normalizarUsuario(q.usuario) : undefined,
      pacienteId: numero(q.pacienteId),
      accion: q.accion || undefined,
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
}
