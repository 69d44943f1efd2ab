// A patient's informes (docs/api.md#informes-de-un-paciente): every atención reported or being
// reported, with all its versions, for the patient's page; and what the editor shows beside a
// study: the patient's earlier signed reports (same modality first), the phrases of its studies and
// the link that opens its images in the clinic's viewer.
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { defineContract, ErrorSchema } from './contract.js'
import { ESTADOS_INFORME, TIPOS_INFORME } from './informes.js'

/** How many earlier reports the editor shows. */
export const PREVIOS_MAXIMO = 10

const Instante = Type.String({ format: 'date-time' })
const Nulo = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()])

export const VersionInformeSchema = Type.Object({
  id: Type.Integer(),
  numero: Type.String(),
  version: Type.Integer(),
  tipo: Type.Union(TIPOS_INFORME.map((t) => Type.Literal(t))),
  estado: Type.Union(ESTADOS_INFORME.map((e) => Type.Literal(e))),
  motivo: Nulo(Type.String()),
  firmante: Nulo(Type.String()),
  firmadoEn: Nulo(Instante),
  /** A final version a signed corrección replaced. */
  reemplazadoPor: Type.Union([Type.Integer(), Type.Null()]),
  /** Signed in the clinic's previous system: no PDF here. */
  importado: Type.Boolean(),
})
export type VersionInforme = Static<typeof VersionInformeSchema>

export const InformesAtencionSchema = Type.Object({
  atencionId: Type.Integer(),
  llegada: Instante,
  sede: Type.String(),
  modalidad: Type.String(),
  estudios: Type.Array(Type.String()),
  /** The versions, the original first. */
  versiones: Type.Array(VersionInformeSchema),
})
export type InformesAtencion = Static<typeof InformesAtencionSchema>

export const informesDePacienteContract = defineContract({
  method: 'GET',
  url: '/pacientes/:id/informes',
  permiso: 'informes.ver',
  summary:
    'Los informes de un paciente: cada atención con informe, la más reciente primero, con todas sus versiones',
  tags: ['informes'],
  params: IdParamsSchema,
  response: { 200: Type.Array(InformesAtencionSchema), 400: ErrorSchema, 404: ErrorSchema },
})

/** An earlier signed report of the patient, as the editor shows it beside the study. */
export const InformePrevioSchema = Type.Object({
  informeId: Type.Integer(),
  numero: Type.String(),
  atencionId: Type.Integer(),
  llegada: Instante,
  modalidad: Type.String(),
  estudios: Type.Array(Type.String()),
  tipo: Type.Union(TIPOS_INFORME.map((t) => Type.Literal(t))),
  firmante: Type.String(),
  firmadoEn: Instante,
  /** Signed in the clinic's previous system: no PDF here. */
  importado: Type.Boolean(),
  /** Its Conclusión as plain text (an adenda's text for an adenda). */
  conclusion: Type.String(),
})
export type InformePrevio = Static<typeof InformePrevioSchema>

export const ContextoInformeSchema = Type.Object({
  /** Up to PREVIOS_MAXIMO, the same modality first, then the most recent. */
  previos: Type.Array(InformePrevioSchema),
  /** The phrases of the study's studies and the clinic's, a study's own winning on a shortcut. */
  frases: Type.Array(Type.Object({ atajo: Type.String(), texto: Type.String() })),
  /** The study in the clinic's viewer; null without a viewer configured. */
  visor: Type.Union([Type.String(), Type.Null()]),
})
export type ContextoInforme = Static<typeof ContextoInformeSchema>

export const contextoInformeContract = defineContract({
  method: 'GET',
  url: '/informes/:id/contexto',
  permiso: 'informes.ver',
  summary:
    'Lo que el editor muestra junto al informe: los informes anteriores del paciente (la misma modalidad primero), las frases de sus estudios y el enlace al visor de imágenes',
  tags: ['informes'],
  params: IdParamsSchema,
  response: { 200: ContextoInformeSchema, 400: ErrorSchema, 404: ErrorSchema },
})
