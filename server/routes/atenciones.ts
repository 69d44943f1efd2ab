// Atenciones: register an arrival, move it along the worklist, undo the last move, correct its data.
import type { FastifyInstance } from 'fastify'
import {
  CAMPOS_CORREGIBLES,
  cambiarAtencionContract,
  crearAtencionContract,
  deshacerCambioContract,
  MENSAJES_ATENCIONES as M,
  type CorreccionAtencion,
} from '../../shared/atenciones.js'
import { hoyEn } from '../../shared/edad.js'
import { EVENTO_CAMBIO } from '../../shared/estado-atencion.js'
import { corregirAtencionRegistrada } from '../atenciones/correccion.js'
import { cambiarEstadoAtencion, deshacerEstadoAtencion } from '../atenciones/estado.js'
import {
  erroresCatalogo,
  erroresLlegada,
  NO_ENCONTRADA,
  nuevaAtencion,
} from '../atenciones/reglas.js'
import { erroresSolicitante } from '../atenciones/solicitante.js'
import { salaDeAtencion, type CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { aAtencion } from '../http/respuestas.js'
import { insertarAtencion } from '../queries/atenciones.js'
import { route } from '../route.js'

export async function atencionesRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config, catalogos } = opts
  const tz = config.clinicTz

  route(app, crearAtencionContract, async (request, reply) => {
    const pacienteId = leerId(request.params.id, 'Paciente no encontrado')
    const b = request.body
    const c = await catalogos.leer()
    const sala = salaDeAtencion(c, b.sede, b.modalidad, b.salaId)
    const errores = [
      ...erroresCatalogo(c, b.sede, b.modalidad, b.estudios),
      ...('error' in sala ? [sala.error] : []),
      ...erroresLlegada(b.fechaLlegada, b.horaLlegada, b.estado ?? 'En espera', hoyEn(tz)),
      ...(await erroresSolicitante(sql, b.solicitanteId)),
    ]
    if (errores.length > 0 || 'error' in sala) throw datosInvalidos(errores)
    const fila = await insertarAtencion(
      sql,
      nuevaAtencion(
        pacienteId,
        b,
        { modalidad: b.modalidad, estudios: b.estudios, salaId: sala.salaId },
        request.usuario?.id ?? null,
      ),
      tz,
      // Written by the insert's own statement: the atención and its record commit together.
      eventoDe(request, 'atencion.creada'),
    )
    if (!fila) throw new NotFoundError('Paciente no encontrado')
    reply.code(201)
    return aAtencion(fila)
  })

  route(app, cambiarAtencionContract, async (request) => {
    const id = leerId(request.params.id, NO_ENCONTRADA)
    const b = request.body
    const correccion: CorreccionAtencion = Object.fromEntries(
      CAMPOS_CORREGIBLES.filter((k) => b[k] !== undefined).map((k) => [k, b[k]]),
    )
    const corrige = Object.keys(correccion).length > 0
    if (b.estado !== undefined) {
      if (corrige) throw datosInvalidos([{ campo: 'estado', mensaje: M.estadoSolo }])
      const evento = eventoDe(request, EVENTO_CAMBIO.personal)
      const fila = await cambiarEstadoAtencion(
        sql,
        id,
        b,
        b.estado,
        request.usuario?.id ?? null,
        tz,
        evento,
      )
      return aAtencion(fila)
    }
    if (b.motivo !== undefined)
      throw datosInvalidos([{ campo: 'motivo', mensaje: M.motivoSoloCancelado }])
    if (b.desde !== undefined) throw datosInvalidos([{ campo: 'desde', mensaje: M.desdeSinEstado }])
    // `{"x": 1}` arrives as `{}` (unknown fields are dropped): nothing to change, nothing to audit.
    if (!corrige) throw datosInvalidos([{ campo: 'cuerpo', mensaje: M.sinCambio }])
    const evento = eventoDe(request, 'atencion.modificada')
    const fila = await corregirAtencionRegistrada(
      sql,
      await catalogos.leer(),
      id,
      correccion,
      tz,
      evento,
    )
    return aAtencion(fila)
  })

  route(app, deshacerCambioContract, async (request) => {
    const id = leerId(request.params.id, NO_ENCONTRADA)
    const quien = {
      usuarioId: request.usuario?.id ?? null,
      admin: request.usuario?.rol === 'admin',
    }
    const evento = eventoDe(request, 'atencion.estado_deshecho')
    return aAtencion(await deshacerEstadoAtencion(sql, id, request.body.estado, quien, tz, evento))
  })
}
