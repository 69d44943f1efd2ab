// What the worklist opens on for whoever is signed in: their sede and sala, remembered with their account,
// and the clinic's today (never the browser's clock or zone).
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'
import { nulo } from './paciente-datos.js'

export const PreferenciasSchema = Type.Object({
  /** The sede the worklist opens on: the last one this account chose there; null for all. */
  sede: nulo(Type.String()),
  /** The sala (GET /catalogos) it opens on too, the last one this account chose; null for none. */
  sala: nulo(Type.Integer()),
  /** Today in the clinic's time zone ('YYYY-MM-DD'): the day the worklist opens on. */
  hoy: Type.String({ format: 'date' }),
})
export type Preferencias = Static<typeof PreferenciasSchema>

export const CambioPreferenciasSchema = Type.Object(
  {
    /** An active sede of GET /catalogos, or null; checked by the server. */
    sede: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 60 }), Type.Null()], {
        mensaje: 'Sede no válida: use una sede activa o null',
      }),
    ),
    /** An active sala's id, or null; checked by the server. */
    sala: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()], {
        mensaje: 'Sala no válida: use una sala activa o null',
      }),
    ),
  },
  { additionalProperties: false },
)
export type CambioPreferencias = Static<typeof CambioPreferenciasSchema>

export const preferenciasContract = defineContract({
  method: 'GET',
  url: '/preferencias',
  permiso: 'sesion.propia',
  summary:
    'La sede y la sala con que abre la lista de trabajo de quien tiene la sesión, y el día de la clínica',
  tags: ['preferencias'],
  response: { 200: PreferenciasSchema, 401: ErrorSchema },
})

export const cambiarPreferenciasContract = defineContract({
  method: 'PATCH',
  url: '/preferencias',
  permiso: 'sesion.propia',
  summary:
    'Recordar la sede (null: todas) o la sala (null: ninguna) de la lista de trabajo de quien tiene la sesión',
  tags: ['preferencias'],
  body: CambioPreferenciasSchema,
  response: { 200: PreferenciasSchema, 400: ErrorSchema, 401: ErrorSchema },
})
