// What Configuración shows of the backups (README, «Operación»): the last ones taken, good or
// failed, and the embedded home's daily schedule.
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'

export const RespaldoSchema = Type.Object({
  inicio: Type.String({ format: 'date-time' }),
  fin: Type.String({ format: 'date-time' }),
  origen: Type.Union([Type.Literal('diario'), Type.Literal('manual')]),
  archivo: Type.Union([Type.String(), Type.Null()]),
  bytes: Type.Union([Type.Integer(), Type.Null()]),
  /** Null when it worked; why it did not, in Spanish. */
  error: Type.Union([Type.String(), Type.Null()]),
})
export type Respaldo = Static<typeof RespaldoSchema>

export const EstadoRespaldosSchema = Type.Object({
  casa: Type.Union([Type.Literal('embebida'), Type.Literal('postgres')]),
  /** The embedded home's daily backup; null on PostgreSQL or with RESPALDO_HORA=no. */
  diario: Type.Union([
    Type.Object({
      hora: Type.String({ description: 'HH:MM, hora de la clínica' }),
      conservar: Type.Integer(),
      directorio: Type.String(),
    }),
    Type.Null(),
  ]),
  /** The newest first. */
  recientes: Type.Array(RespaldoSchema),
})
export type EstadoRespaldos = Static<typeof EstadoRespaldosSchema>

/** How many of the last backups the answer lists. */
export const RESPALDOS_RECIENTES = 10

export const estadoRespaldosContract = defineContract({
  method: 'GET',
  url: '/respaldos',
  permiso: 'respaldos',
  summary: 'Los últimos respaldos, buenos o fallidos, y el respaldo diario (solo administradores)',
  tags: ['sistema'],
  response: { 200: EstadoRespaldosSchema, 401: ErrorSchema, 403: ErrorSchema },
})
