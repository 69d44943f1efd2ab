// One visit, several studies (docs/api.md#visita-con-varias-modalidades): what a patient came for
// at once, registered in one call as one atención per modality that share a visita, a ticket and
// a turno. Each atención keeps its own sala, worklist and report.
import { Type, type Static } from '@sinclair/typebox'
import { AtencionEntradaSchema, AtencionSchema, IdParamsSchema } from './atenciones.js'
import { defineContract, ErrorSchema } from './contract.js'

/** How many modalities one visit may hold. */
export const MODALIDADES_POR_VISITA = 8

/** What differs between the visit's atenciones: the modality, its studies and its sala. */
export const EstudiosDeVisitaSchema = Type.Pick(
  AtencionEntradaSchema,
  ['modalidad', 'estudios', 'salaId'],
  { additionalProperties: false },
)

export const VisitaEntradaSchema = Type.Composite(
  [
    Type.Omit(AtencionEntradaSchema, ['modalidad', 'estudios', 'salaId']),
    Type.Object({
      /** One per modality, in the order the ticket lists them. */
      atenciones: Type.Array(EstudiosDeVisitaSchema, {
        minItems: 1,
        maxItems: MODALIDADES_POR_VISITA,
        mensaje: `Indique de 1 a ${MODALIDADES_POR_VISITA} modalidades, cada una con sus estudios`,
      }),
    }),
  ],
  { additionalProperties: false },
)
export type VisitaEntrada = Static<typeof VisitaEntradaSchema>

export const VisitaSchema = Type.Object({
  /** The number the visit's atenciones share; null when it holds one atención. */
  visita: Type.Union([Type.Integer(), Type.Null()]),
  atenciones: Type.Array(AtencionSchema),
})
export type Visita = Static<typeof VisitaSchema>

export const MENSAJES_VISITAS = {
  modalidadRepetida: 'Esa modalidad ya está en la visita: marque todos sus estudios en ella',
} as const

export const crearVisitaContract = defineContract({
  method: 'POST',
  url: '/pacientes/:id/visitas',
  permiso: 'pacientes.registrar',
  summary:
    'Registrar la llegada de un paciente para estudios de varias modalidades: una atención por modalidad, con un solo ticket y un solo turno',
  tags: ['atenciones'],
  params: IdParamsSchema,
  body: VisitaEntradaSchema,
  response: { 201: VisitaSchema, 400: ErrorSchema, 404: ErrorSchema },
})
