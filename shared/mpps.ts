// The steps the equipment reported (DICOM MPPS) that matched no atención, and their reconciliation
// by a person (docs/dicom.md#pasos-sin-atención). Contracts used by the server and the client.
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema, IdEntrada } from './contract.js'

/** The states of a Modality Performed Procedure Step, as DICOM names them. */
export const ESTADOS_MPPS = ['IN PROGRESS', 'COMPLETED', 'DISCONTINUED'] as const
export type EstadoMpps = (typeof ESTADOS_MPPS)[number]

/** How the app names them. */
export const ESTADO_MPPS_ETIQUETA: Record<EstadoMpps, string> = {
  'IN PROGRESS': 'En curso',
  COMPLETED: 'Completado',
  DISCONTINUED: 'Interrumpido',
}

export const MENSAJES_MPPS = {
  noEncontrado: 'Paso no encontrado',
  yaConciliado: 'Este paso ya fue conciliado por otra persona',
  atencionNoEncontrada: 'Atención no encontrada',
  otraModalidad: (atencion: string, sala: string) =>
    `La atención es de ${atencion} y el paso viene de una sala de ${sala}`,
  unaOpcion: 'Indique la atención del paso, o descártelo',
} as const

const texto = Type.Union([Type.String(), Type.Null()])

/** A step with no atención, as the equipment described it. */
export const MppsPendienteSchema = Type.Object({
  uid: Type.String(),
  estado: Type.Union(ESTADOS_MPPS.map((e) => Type.Literal(e))),
  sala: Type.Object({
    id: Type.Integer(),
    nombre: Type.String(),
    sede: Type.String(),
    aeTitle: texto,
  }),
  recibidoEn: Type.String({ format: 'date-time' }),
  /** PatientName with its components joined by blanks, PatientID, AccessionNumber. */
  paciente: texto,
  documento: texto,
  numeroAcceso: texto,
  /** PerformedProcedureStepDescription, and its start as sent (AAAA-MM-DD HH:MM). */
  descripcion: texto,
  inicio: texto,
  /** Why it was not applied to the atención it names (another modality or sede), if it named one. */
  motivo: texto,
})
export type MppsPendiente = Static<typeof MppsPendienteSchema>

export const MppsPendientesSchema = Type.Object({
  /** How many wait, though at most the oldest 100 are listed. */
  total: Type.Integer(),
  pasos: Type.Array(MppsPendienteSchema),
})
export type MppsPendientes = Static<typeof MppsPendientesSchema>

/** One of the two: the atención the step belongs to, or `descartar` (checked by the route). */
export const ConciliacionSchema = Type.Object(
  {
    atencionId: Type.Optional(IdEntrada('Identificador inválido')),
    descartar: Type.Optional(Type.Literal(true, { mensaje: MENSAJES_MPPS.unaOpcion })),
  },
  { additionalProperties: false },
)
export type Conciliacion = Static<typeof ConciliacionSchema>

export const UidParamsSchema = Type.Object({
  uid: Type.String({ pattern: '^[0-9]+(\\.[0-9]+)*$', maxLength: 64, mensaje: 'UID inválido' }),
})

export const mppsPendientesContract = defineContract({
  method: 'GET',
  url: '/mpps/pendientes',
  permiso: 'equipos.conciliar',
  summary: 'Los pasos informados por los equipos (MPPS) que no coincidieron con ninguna atención',
  tags: ['dicom'],
  response: { 200: MppsPendientesSchema },
})

/** How many steps wait, for the worklist's notice: no patient data, so no audit. */
export const totalMppsPendientesContract = defineContract({
  method: 'GET',
  url: '/mpps/pendientes/total',
  permiso: 'equipos.conciliar',
  summary: 'Cuántos pasos de los equipos esperan conciliación',
  tags: ['dicom'],
  response: { 200: Type.Object({ total: Type.Integer() }) },
})

export const conciliarMppsContract = defineContract({
  method: 'POST',
  url: '/mpps/:uid/conciliacion',
  permiso: 'equipos.conciliar',
  summary:
    'Asigna un paso sin atención a la atención que le corresponde (y aplica su estado), o lo descarta',
  tags: ['dicom'],
  params: UidParamsSchema,
  body: ConciliacionSchema,
  response: { 204: Type.Null(), 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})
