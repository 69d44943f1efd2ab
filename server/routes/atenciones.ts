// Atenciones: register an arrival, move it along the worklist.
import type { FastifyInstance } from 'fastify'
import {
  cambiarEstadoContract,
  crearAtencionContract,
  fechaLlegadaMaxima,
  mensajeFechaLlegadaMaxima,
  validarEstudios,
} from '../../shared/atenciones.js'
import { ESTADOS, TRANSICIONES } from '../../shared/catalogos.js'
import { esFechaValida, hoyEn } from '../../shared/edad.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { aAtencion } from '../http/respuestas.js'
import { cambiarEstado, insertarAtencion, obtenerAtencion } from '../queries/atenciones.js'
import { route } from '../route.js'

const FECHA_LLEGADA_MINIMA = '2000-01-01'

export async function atencionesRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const tz = config.clinicTz

  route(app, crearAtencionContract, async (request, reply) => {
    const pacienteId = leerId(request.params.id, 'Paciente no encontrado')
    const b = request.body
    const errores = validarEstudios(b.modalidad, b.estudios)
    if (b.fechaLlegada && !esFechaValida(b.fechaLlegada))
      errores.push({ campo: 'fechaLlegada', mensaje: 'Fecha inválida' })
    else if (b.fechaLlegada && b.fechaLlegada < FECHA_LLEGADA_MINIMA) {
      errores.push({
        campo: 'fechaLlegada',
        mensaje: 'La fecha de llegada debe ser posterior a 2000',
      })
    } else if (
      b.fechaLlegada &&
      b.fechaLlegada > hoyEn(tz) &&
      (b.estado ?? 'En espera') !== 'Programado'
    ) {
      // Only a booked (Programado) atención lies ahead; an arrival has already happened.
      errores.push({
        campo: 'fechaLlegada',
        mensaje: 'Solo una atención Programada puede tener fecha futura',
      })
    } else if (b.fechaLlegada && b.fechaLlegada > fechaLlegadaMaxima(hoyEn(tz))) {
      errores.push({
        campo: 'fechaLlegada',
        mensaje: mensajeFechaLlegadaMaxima(fechaLlegadaMaxima(hoyEn(tz))),
      })
    }
    if (b.horaLlegada && !b.fechaLlegada) {
      errores.push({
        campo: 'fechaLlegada',
        mensaje: 'Indique la fecha de llegada junto con la hora',
      })
    }
    if (errores.length > 0) throw new BadRequestError('Datos inválidos', errores)
    const fila = await insertarAtencion(
      sql,
      {
        pacienteId,
        sede: b.sede,
        modalidad: b.modalidad,
        estudios: b.estudios.map((e) => e.nombre.trim()),
        estado: b.estado ?? 'En espera',
        procedencia: b.procedencia ?? 'Ambulatorio',
        prioridad: b.prioridad ?? 'Rutina',
        fechaLlegada: b.fechaLlegada ?? null,
        horaLlegada: b.horaLlegada ?? null,
        creadoPor: request.usuario?.id ?? null,
      },
      tz,
      // Written by the insert's own statement: the atención and its record commit together.
      eventoDe(request, 'atencion.creada'),
    )
    if (!fila) throw new NotFoundError('Paciente no encontrado')
    reply.code(201)
    return aAtencion(fila)
  })

  route(app, cambiarEstadoContract, async (request) => {
    const id = leerId(request.params.id, 'Atención no encontrada')
    const estado = request.body.estado
    const desde = ESTADOS.filter((e) => TRANSICIONES[e].includes(estado))
    // The change and its audit record are one statement.
    const fila = await cambiarEstado(
      sql,
      id,
      estado,
      desde,
      tz,
      eventoDe(request, 'atencion.modificada'),
    )
    if (fila) return aAtencion(fila)
    const actual = await obtenerAtencion(sql, id, tz)
    if (!actual) throw new NotFoundError('Atención no encontrada')
    // Asking again for the state it is already in (a repeated click) changes nothing.
    if (actual.estado === estado) return aAtencion(actual)
    const siguientes = TRANSICIONES[actual.estado]
    throw new ConflictError(
      `No se puede pasar una atención de ${actual.estado} a ${estado}` +
        (siguientes.length > 0
          ? `; desde ${actual.estado} solo a: ${siguientes.join(', ')}`
          : `: ${actual.estado} es un estado final`),
    )
  })
}
