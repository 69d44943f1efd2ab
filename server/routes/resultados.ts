// The laboratory's results (docs/api.md#laboratorio-resultados): an atención's results, saving and
// validating them with If-Match (412 with what is stored), the frozen result sheet, and one analito
// across a day's atenciones.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { fechaEnZona } from '../../shared/edad.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import { rangoPara } from '../../shared/laboratorio.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import {
  guardarResultadosContract,
  hojaResultadosContract,
  MENSAJES_RESULTADOS as M,
  obtenerResultadosContract,
  porAnalitoContract,
  validarResultadosContract,
  type ResultadosAtencion,
} from '../../shared/resultados.js'
import type { CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PreconditionRequiredError,
} from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerCursor } from '../http/cursor.js'
import { leerId, limiteDe, paginar } from '../http/paginas.js'
import { guardarResultados, ResultadosCambiados } from '../laboratorio/guardar.js'
import {
  aAnterior,
  aResultado,
  leerResultados,
  type LecturaResultados,
} from '../laboratorio/lectura.js'
import { validarResultados } from '../laboratorio/validar.js'
import { porAnalito } from '../queries/resultados-analito.js'
import { leerHoja } from '../queries/resultados.js'
import { route, type ContractRequest } from '../route.js'
import { diaDelLaboratorio } from './laboratorio.js'

const ETIQUETA = /^(?:W\/)?("[0-9]{1,12}")$/

/**
 * The ETags an If-Match names (a list is allowed; a weak one counts, as a compressing proxy may
 * weaken it). Missing or `*`: 428, since either would overwrite what is stored; unreadable: 400.
 */
export function etagsDe(header: string | string[] | undefined): string[] {
  const valor = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim()
  if (valor === '' || valor === '*') throw new PreconditionRequiredError(M.sinVersion)
  const etags = valor.split(',').map((parte) => ETIQUETA.exec(parte.trim())?.[1])
  if (etags.some((e) => e === undefined))
    throw new BadRequestError(M.versionInvalida, [
      { campo: 'If-Match', mensaje: M.versionInvalida },
    ])
  return etags as string[]
}

export async function resultadosRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config } = opts
  const tz = config.clinicTz
  const lab = async () => (await opts.catalogos.leer()).laboratorio

  const conEtag = (reply: FastifyReply, l: { datos: ResultadosAtencion; etag: string }) => {
    reply.header('etag', l.etag)
    return l.datos
  }

  route(app, obtenerResultadosContract, async (request, reply) => {
    const id = leerId(request.params.id, M.atencionNoEncontrada)
    const l = await leerResultados(
      sql,
      await lab(),
      tz,
      id,
      request.usuario!,
      eventoDe(request, 'resultados.consultados'),
    )
    if (!l) throw new NotFoundError(M.atencionNoEncontrada)
    if (l.atencion.modalidad !== MODALIDAD_LABORATORIO) throw new ConflictError(M.noLaboratorio)
    return conEtag(reply, l)
  })

  /** A change's answer: the results as it left them, or the 412 with the stored ones. */
  const cambiar = async (
    request: ContractRequest<typeof guardarResultadosContract | typeof validarResultadosContract>,
    reply: FastifyReply,
    id: number,
    cambio: () => Promise<LecturaResultados | undefined>,
  ) => {
    let l: LecturaResultados | undefined
    try {
      l = await cambio()
    } catch (e) {
      if (!(e instanceof ResultadosCambiados)) throw e
      const actual = await leerResultados(
        sql,
        await lab(),
        tz,
        id,
        request.usuario!,
        eventoDe(request, 'resultados.consultados'),
      )
      if (!actual) throw new NotFoundError(M.atencionNoEncontrada)
      return reply
        .code(412)
        .header('etag', actual.etag)
        .send({ message: M.versionVieja, actual: actual.datos })
    }
    if (!l) throw new NotFoundError(M.atencionNoEncontrada)
    return conEtag(reply, l)
  }

  route(app, guardarResultadosContract, async (request, reply) => {
    const id = leerId(request.params.id, M.atencionNoEncontrada)
    const etags = etagsDe(request.headers['if-match'])
    const catalogo = await lab()
    return cambiar(request, reply, id, () =>
      guardarResultados(
        sql,
        catalogo,
        tz,
        id,
        request.body,
        etags,
        request.usuario!,
        eventoDe(request, 'resultados.guardados'),
      ),
    )
  })

  route(app, validarResultadosContract, async (request, reply) => {
    const id = leerId(request.params.id, M.atencionNoEncontrada)
    const etags = etagsDe(request.headers['if-match'])
    const catalogo = await lab()
    return cambiar(request, reply, id, () =>
      validarResultados(sql, catalogo, config, request, id, request.body, etags),
    )
  })

  route(app, hojaResultadosContract, async (request, reply) => {
    const id = leerId(request.params.id, M.atencionNoEncontrada)
    const { hoja, importado, modalidad } = await leerHoja(
      sql,
      id,
      eventoDe(request, 'hoja_resultados.descargada'),
    )
    if (modalidad === null) throw new NotFoundError(M.atencionNoEncontrada)
    if (modalidad !== MODALIDAD_LABORATORIO) throw new ConflictError(M.noLaboratorio)
    if (!hoja) throw new ConflictError(importado ? M.importadoSinHoja : M.sinHoja)
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="resultados-${id}-v${hoja.version}.pdf"`)
      .header('x-sha256', hoja.sha256)
      .header('etag', `"${hoja.sha256}"`)
      .send(hoja.pdf)
  })

  route(app, porAnalitoContract, async (request, reply) => {
    const id = leerId(request.params.id, M.analitoNoEncontrado)
    const { fecha, sede } = await diaDelLaboratorio(opts.catalogos, tz, request.query)
    const limite = limiteDe(request.query.limite)
    const despues = leerCursor(request.query.cursor, 2)
    const analito = (await lab()).analitos.get(id)
    if (!analito) throw new NotFoundError(M.analitoNoEncontrado)
    const todas = await porAnalito(
      sql,
      id,
      { fecha, sede, tz, limite, despues },
      eventoDe(request, 'resultados.por_analito', {
        detalle: { analito: analito.codigo, fecha, ...(sede && { sede }) },
      }),
    )
    const { rangos, ...resto } = analito
    return {
      analito: resto,
      filas: paginar(request, reply, todas, limite, (f) => f.clave).map((f) => ({
        atencionId: f.atencionId,
        pacienteId: f.pacienteId,
        paciente: nombreCompleto(f),
        documento: `${f.tipoDocumento} ${f.documento}`,
        sexo: f.sexo,
        fechaNacimiento: f.fechaNacimiento,
        llegada: f.llegada.toISOString(),
        muestraRecibida: f.muestraRecibida,
        rango: rangoPara(rangos, f.sexo, f.fechaNacimiento, fechaEnZona(f.llegada, tz)),
        resultado: f.resultado ? aResultado(f.resultado) : null,
        anterior: aAnterior(
          f.anterior ? { ...f.anterior, analitoId: id } : undefined,
          f.resultado ?? undefined,
          analito.deltaPorcentaje,
        ),
        etag: f.etag,
      })),
    }
  })
}
