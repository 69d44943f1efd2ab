// Bloqueos (docs/datos.md#bloqueos): periods a sala takes no citas although its week says it
// opens (maintenance, a breakdown, a training morning). Admins add and remove them under
// Configuración › Salas; booking, moving and the agenda's free slots respect them. Times are the
// clinic's (CLINIC_TZ), written 'YYYY-MM-DDTHH:MM'.
import { fechaLegible } from './edad.js'
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { FECHA_HORA, MENSAJE_FECHA_HORA } from './citas.js'
import { defineContract, ErrorSchema } from './contract.js'
import { nombre } from './configuracion.js'

/** 'DD/MM/AAAA HH:MM' of a clinic-local 'YYYY-MM-DDTHH:MM'. */
export const fechaHoraLegible = (t: string): string =>
  `${fechaLegible(t.slice(0, 10))} ${t.slice(11, 16)}`

/** A period as a message names it: only the hours when it starts and ends on `dia`. */
export function periodoLegible(inicio: string, fin: string, dia?: string): string {
  const mismoDia = dia !== undefined && inicio.startsWith(dia) && fin.startsWith(dia)
  return mismoDia
    ? `de ${inicio.slice(11, 16)} a ${fin.slice(11, 16)}`
    : `del ${fechaHoraLegible(inicio)} al ${fechaHoraLegible(fin)}`
}

/** A period as a list names it: «05/12/2026 de 10:00 a 12:00», or with both dates across days. */
export function periodoConFecha(inicio: string, fin: string): string {
  const dia = inicio.slice(0, 10)
  return fin.startsWith(dia)
    ? `${fechaHoraLegible(inicio).slice(0, 10)} ${periodoLegible(inicio, fin, dia)}`
    : periodoLegible(inicio, fin)
}

export const MENSAJES_BLOQUEOS = {
  noEncontrado: 'Bloqueo no encontrado',
  finAntesDeInicio: 'El bloqueo debe terminar después de comenzar',
  terminado: 'El bloqueo ya habría terminado: indique un periodo que no haya pasado',
  /** A cita in a blocked period; `dia` is the cita's day. */
  cita: (inicio: string, fin: string, motivo: string, dia: string) =>
    `La sala está bloqueada ${periodoLegible(inicio, fin, dia)}: ${motivo}`,
  /** Undoing a move into a period blocked since. */
  deshacer: (inicio: string, fin: string, motivo: string, dia: string) =>
    `No se puede deshacer: la sala está bloqueada ${periodoLegible(inicio, fin, dia)} (${motivo}). Reprograme la cita.`,
} as const

export const BloqueoSchema = Type.Object({
  id: Type.Integer(),
  salaId: Type.Integer(),
  inicio: Type.String(),
  fin: Type.String(),
  motivo: Type.String(),
})
export type Bloqueo = Static<typeof BloqueoSchema>

export const BloqueoEntradaSchema = Type.Object(
  {
    inicio: Type.String({ pattern: FECHA_HORA, mensaje: MENSAJE_FECHA_HORA }),
    fin: Type.String({ pattern: FECHA_HORA, mensaje: MENSAJE_FECHA_HORA }),
    motivo: nombre(
      120,
      'Motivo: de 1 a 120 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
    ),
  },
  { additionalProperties: false },
)
export type BloqueoEntrada = Static<typeof BloqueoEntradaSchema>

/** A cita Programada left inside a new bloqueo: the desk moves it or calls the patient. */
export const CitaBloqueadaSchema = Type.Object({
  id: Type.Integer(),
  pacienteId: Type.Integer(),
  paciente: Type.String(),
  inicio: Type.String(),
})
export type CitaBloqueada = Static<typeof CitaBloqueadaSchema>

export const BloqueoCreadoSchema = Type.Object({
  bloqueo: BloqueoSchema,
  /** The citas still Programadas inside it, by time: they stay, to be moved. */
  citas: Type.Array(CitaBloqueadaSchema),
})
export type BloqueoCreado = Static<typeof BloqueoCreadoSchema>

export const listarBloqueosContract = defineContract({
  method: 'GET',
  url: '/configuracion/salas/:id/bloqueos',
  permiso: 'configuracion',
  summary: 'Los bloqueos de una sala que aún no terminan, por inicio (solo administradores)',
  tags: ['configuracion'],
  params: IdParamsSchema,
  response: {
    200: Type.Array(BloqueoSchema),
    400: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
  },
})

export const crearBloqueoContract = defineContract({
  method: 'POST',
  url: '/configuracion/salas/:id/bloqueos',
  permiso: 'configuracion',
  summary:
    'Bloquear una sala un periodo: no toma citas en él; dice qué citas quedan dentro (solo administradores)',
  tags: ['configuracion'],
  params: IdParamsSchema,
  body: BloqueoEntradaSchema,
  response: { 201: BloqueoCreadoSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
})

export const borrarBloqueoContract = defineContract({
  method: 'DELETE',
  url: '/configuracion/bloqueos/:id',
  permiso: 'configuracion',
  summary: 'Quitar un bloqueo: la sala vuelve a tomar citas en ese periodo (solo administradores)',
  tags: ['configuracion'],
  params: IdParamsSchema,
  response: { 204: Type.Null(), 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
})
