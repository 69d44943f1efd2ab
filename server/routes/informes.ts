// The radiologist's calls (docs/api.md#informes): «Por informar», the draft (open, save with
// If-Match, take, release), signing, adenda and corrección, and the signed PDF as it was frozen.
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  abrirInformeContract,
  adendaContract,
  correccionContract,
  firmarInformeContract,
  guardarInformeContract,
  informesDeAtencionContract,
  liberarInformeContract,
  listarInformesContract,
  MENSAJES_INFORMES as M,
  MODALIDAD_LABORATORIO,
  obtenerInformeContract,
  pdfInformeContract,
  tomarInformeContract,
} from '../../shared/informes.js'
import { borradorDePlantillas } from '../../shared/plantillas.js'
import { limpiar } from '../../shared/texto.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos, ForbiddenError, NotFoundError } from '../errors.js'
import { comprobarContenido } from '../informes/contenido.js'
import { firmarInforme } from '../informes/firmar.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId, limiteDe } from '../http/paginas.js'
import { etag, versionesDe } from '../http/version.js'
import {
  abrirBorrador,
  aInforme,
  atencionParaInforme,
  guardarBorrador,
  informePorId,
  informesDeAtencion,
  leerInforme,
  leerPdf,
  liberarInforme,
  nuevaVersion,
  porInformar,
  tomarInforme,
  type InformeFila,
} from '../queries/informes.js'
import { plantillasDeAtencion } from '../queries/plantillas.js'
import { route, type ContractRequest } from '../route.js'

/** Why a conditional change of version `f` changed nothing, as the 409 it is. */
function porQueNo(f: InformeFila, yo: number): ConflictError {
  if (f.estado === 'final') return new ConflictError(M.yaFirmado)
  if (f.estado !== 'borrador') return new ConflictError(M.noEsBorrador(f.estado))
  if (f.tomadoPor !== yo)
    return new ConflictError(f.tomadoNombre ? M.tomadoPorOtro(f.tomadoNombre) : M.noTomado)
  return new ConflictError(M.noEsBorrador(f.estado))
}

export async function informesRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts

  const conEtag = (reply: FastifyReply, f: InformeFila) => {
    reply.header('etag', etag(f.revision))
    return aInforme(f)
  }
  const existente = async (id: number) => {
    const f = await informePorId(sql, id)
    if (!f) throw new NotFoundError(M.noEncontrado)
    return f
  }

  route(app, listarInformesContract, async (request) => {
    const { limite, ...filtros } = request.query
    const n = Math.min(limite === undefined ? 50 : limiteDe(limite), 100)
    return porInformar(sql, filtros, n, new Date(), eventoDe(request, 'informes.listados'))
  })

  route(app, abrirInformeContract, async (request, reply) => {
    const atencionId = leerId(request.params.id, M.atencionNoEncontrada)
    const a = await atencionParaInforme(sql, atencionId)
    if (!a) throw new NotFoundError(M.atencionNoEncontrada)
    if (a.modalidad === MODALIDAD_LABORATORIO) throw new ConflictError(M.laboratorio)
    if (a.estado === 'Informado') throw new ConflictError(M.yaFirmado)
    if (a.estado !== 'Completado') throw new ConflictError(M.noCompletada(a.estado))
    const yo = request.usuario!.id
    const plantilla = borradorDePlantillas(await plantillasDeAtencion(sql, atencionId))
    const { fila, creado } = await abrirBorrador(
      sql,
      atencionId,
      plantilla,
      yo,
      eventoDe(request, 'informe.creado'),
    )
    return reply.code(creado ? 201 : 200).send(conEtag(reply, fila))
  })

  route(app, obtenerInformeContract, async (request, reply) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const f = await leerInforme(sql, id, eventoDe(request, 'informe.consultado'))
    if (!f) throw new NotFoundError(M.noEncontrado)
    return conEtag(reply, f)
  })

  route(app, informesDeAtencionContract, async (request) => {
    const atencionId = leerId(request.params.id, M.atencionNoEncontrada)
    if (!(await atencionParaInforme(sql, atencionId)))
      throw new NotFoundError(M.atencionNoEncontrada)
    const filas = await informesDeAtencion(sql, atencionId, eventoDe(request, 'informe.consultado'))
    return filas.map(aInforme)
  })

  route(app, guardarInformeContract, async (request, reply) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const revisiones = versionesDe(request.headers['if-match'], M)
    const actual = await existente(id)
    const contenido = comprobarContenido(actual.tipo, request.body.contenido)
    const yo = request.usuario!.id
    const f = await guardarBorrador(
      sql,
      id,
      contenido,
      yo,
      revisiones,
      eventoDe(request, 'informe.guardado'),
    )
    if (f) return conEtag(reply, f)
    const ahora = await existente(id)
    if (ahora.estado === 'borrador' && ahora.tomadoPor === yo)
      // Held by this médico, saved meanwhile from another window or tab: both versions shown.
      return reply
        .code(412)
        .header('etag', etag(ahora.revision))
        .send({ message: M.versionVieja, actual: aInforme(ahora) })
    throw porQueNo(ahora, yo)
  })

  route(app, tomarInformeContract, async (request, reply) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const yo = request.usuario!.id
    const f = await tomarInforme(sql, id, yo, eventoDe(request, 'informe.tomado'))
    if (f) return conEtag(reply, f)
    const ahora = await existente(id)
    if (ahora.estado === 'final') throw new ConflictError(M.yaFirmado)
    throw new ConflictError(M.tomadoPorOtro(ahora.tomadoNombre ?? ''))
  })

  route(app, liberarInformeContract, async (request, reply) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const { id: yo, rol } = request.usuario!
    const f = await liberarInforme(
      sql,
      id,
      { por: yo, admin: rol === 'admin' },
      eventoDe(request, 'informe.liberado'),
    )
    if (f) return conEtag(reply, f)
    const ahora = await existente(id)
    if (ahora.estado === 'final') throw new ConflictError(M.yaFirmado)
    // Nobody holds it: releasing it again changes nothing.
    if (ahora.tomadoPor === null) return conEtag(reply, ahora)
    throw new ForbiddenError(M.tomadoPorOtro(ahora.tomadoNombre ?? ''))
  })

  route(app, firmarInformeContract, async (request, reply) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const f = await firmarInforme(sql, config, request, id, request.body)
    return conEtag(reply, f)
  })

  const nueva = async (
    request: ContractRequest<typeof adendaContract>,
    reply: FastifyReply,
    tipo: 'adenda' | 'correccion',
  ) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const motivo = limpiar(request.body.motivo)
    if (!motivo) throw datosInvalidos([{ campo: 'motivo', mensaje: M.motivoRequerido }])
    const base = await existente(id)
    if (base.estado !== 'final') throw new ConflictError(M.noFinal)
    if (base.reemplazadoPor !== null) throw new ConflictError(M.reemplazado)
    const f = await nuevaVersion(
      sql,
      base,
      tipo,
      motivo,
      request.usuario!.id,
      eventoDe(request, tipo === 'adenda' ? 'informe.adenda' : 'informe.correccion'),
    )
    if (!f) throw new ConflictError(M.versionAbierta)
    return reply.code(201).send(conEtag(reply, f))
  }
  route(app, adendaContract, (request, reply) => nueva(request, reply, 'adenda'))
  route(app, correccionContract, (request, reply) => nueva(request, reply, 'correccion'))

  route(app, pdfInformeContract, async (request, reply) => {
    const id = leerId(request.params.id, M.noEncontrado)
    const doc = await leerPdf(sql, id, eventoDe(request, 'informe.descargado'))
    if (doc === undefined) throw new NotFoundError(M.noEncontrado)
    if (doc === null) throw new ConflictError(M.sinPdf)
    if (doc === 'importado') throw new ConflictError(M.importadoSinPdf)
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="informe-${doc.numero}.pdf"`)
      .header('x-sha256', doc.sha256)
      .header('etag', `"${doc.sha256}"`)
      .send(doc.pdf)
  })
}
