// Feriados (shared/feriados.ts): the year's list for every signed-in screen; the clinic's own
// added and removed, and any of them worked or not, by admins, each change audited. This year's
// and next year's national ones are written as the app starts and checked every minute after (a
// year already written costs nothing), so a server running past New Year has them.
import type { FastifyInstance } from 'fastify'
import {
  borrarFeriadoContract,
  cambiarFeriadoContract,
  crearFeriadoContract,
  feriadoNacional,
  listarFeriadosContract,
  MENSAJES_FERIADOS as M,
} from '../../shared/feriados.js'
import { esDiaDeLaClinica, hoyEn } from '../../shared/edad.js'
import { cadaMinuto } from '../cada-minuto.js'
import type { CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import {
  borrarFeriado,
  cambiarFeriado,
  crearFeriado,
  feriadosDelAnio,
  sembrarFeriados,
} from '../queries/feriados.js'
import { route } from '../route.js'

export async function feriadosRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const sembrar = async () => {
    const anio = Number(hoyEn(config.clinicTz).slice(0, 4))
    await sembrarFeriados(sql, anio)
    await sembrarFeriados(sql, anio + 1)
  }
  // In the background: the app also starts (and says so on /healthz) with the database down.
  const tarea = cadaMinuto(sembrar, (err) => app.log.error({ err }, 'feriados del año no escritos'))
  void tarea.tic()
  app.addHook('onClose', () => tarea.detener())

  route(app, listarFeriadosContract, async (request) =>
    feriadosDelAnio(sql, Number(request.query.anio)),
  )
}

export async function configuracionFeriadosRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, catalogos } = opts

  route(app, crearFeriadoContract, async (request, reply) => {
    const b = request.body
    const sede = b.sede ?? null
    const errores = []
    if (!esDiaDeLaClinica(b.fecha)) errores.push({ campo: 'fecha', mensaje: 'Fecha inválida' })
    const sedes = (await catalogos.leer()).sedes.map((s) => s.nombre)
    if (sede !== null && !sedes.includes(sede))
      errores.push({ campo: 'sede', mensaje: `Sede no válida: use ${sedes.join(', ')}` })
    if (errores.length > 0) throw datosInvalidos(errores)
    const nacional = feriadoNacional(b.fecha)
    if (nacional) throw new ConflictError(M.nacional(nacional))
    const f = await crearFeriado(
      sql,
      { fecha: b.fecha, nombre: b.nombre.trim(), sede },
      eventoDe(request, 'feriado.creado'),
    )
    if (!f) throw new ConflictError(M.repetido)
    return reply.code(201).send(f)
  })

  route(app, cambiarFeriadoContract, async (request) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const f = await cambiarFeriado(
      sql,
      id,
      request.body.atiende,
      eventoDe(request, 'feriado.modificado'),
    )
    if (!f) throw new NotFoundError(M.noEncontrado)
    return f
  })

  route(app, borrarFeriadoContract, async (request, reply) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const r = await borrarFeriado(sql, id, eventoDe(request, 'feriado.borrado'))
    if (r === 'nacional') throw new ConflictError(M.noSeQuita)
    if (r === 'no existe') throw new NotFoundError(M.noEncontrado)
    return reply.code(204).send()
  })
}
