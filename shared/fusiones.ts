// Merging two records of one person and the probable duplicates list (docs/api.md#fusiones),
// admins only. Contracts used by the server's routes and the client.
import { Type, type Static } from '@sinclair/typebox'
import { PaginaQuerySchema } from './busqueda.js'
import { defineContract, ErrorSchema, IdEntrada } from './contract.js'
import { PacienteSchema } from './paciente-datos.js'
import { CAMPOS, campo, CAMPOS_PACIENTE, type CampoPaciente } from './paciente-campos.js'

/**
 * The fields an admin picks a value for: every field but the document, which is the surviving
 * record's (paciente-campos.ts): choosing the survivor chooses it (the absorbed one stays reserved
 * and leads to it).
 */
export type CampoFusion = {
  [K in CampoPaciente]: (typeof CAMPOS_PACIENTE)[K] extends { fusionable: false } ? never : K
}[CampoPaciente]
export const CAMPOS_FUSION = CAMPOS.filter((c): c is CampoFusion => campo(c).fusionable !== false)

export const MENSAJES_FUSION = {
  mismoRegistro: 'Elija dos registros distintos',
  madreEHijo: 'Una madre y su recién nacido no son el mismo paciente',
  noEncontrado: 'Paciente no encontrado',
  fusionNoEncontrada: 'Fusión no encontrada',
  documento:
    'El documento es el del registro que se conserva: elija ese registro como el que queda',
  campoNoElegible: 'Campo no elegible',
  origen: 'Use "conservar" o "absorber"',
  yaFusionado: (id: number, en: number) => `El paciente ${id} ya fue fusionado en el ${en}`,
  conservaOtros: (id: number) =>
    `El paciente ${id} conserva otras fusiones: deshágalas antes de fusionarlo en otro`,
  yaDeshecha: 'La fusión ya fue deshecha',
  conservadoCambio:
    'El paciente que se conservó cambió después de la fusión; no se puede deshacer sin perder esos cambios',
  parNoEncontrado: 'Ese par no está en la lista de posibles duplicados',
} as const

/** Which record's value a field keeps. */
export const OrigenSchema = Type.Union([Type.Literal('conservar'), Type.Literal('absorber')], {
  mensaje: MENSAJES_FUSION.origen,
})
export type Origen = Static<typeof OrigenSchema>

const IdPaciente = IdEntrada('Identificador inválido')

export const FusionEntradaSchema = Type.Object(
  {
    conservar: IdPaciente,
    absorber: IdPaciente,
    /** Field → whose value stays; a field left out keeps the survivor's. */
    campos: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), OrigenSchema)),
  },
  { additionalProperties: false },
)
export type FusionEntrada = Static<typeof FusionEntradaSchema>

/** A record as the duplicates list and the merges list name it. */
export const RegistroSchema = Type.Composite([
  Type.Pick(PacienteSchema, [
    'id',
    'tipoDocumento',
    'documento',
    'nombreCompleto',
    'fechaNacimiento',
    'creadoEn',
  ]),
  Type.Object({ atenciones: Type.Integer({ description: 'cuántas atenciones tiene' }) }),
])
export type Registro = Static<typeof RegistroSchema>

/** Why a pair is listed, worst first. */
export const MOTIVOS_DUPLICADO = {
  1: 'Mismo documento con otro tipo',
  2: 'Mismos nombres y fecha de nacimiento',
  3: 'Mismos nombres (uno sin segundo nombre o apellido) y fecha de nacimiento',
} as const
export type Gravedad = keyof typeof MOTIVOS_DUPLICADO

export const ParDuplicadoSchema = Type.Object({
  gravedad: Type.Integer({ minimum: 1, maximum: 3, description: '1 es la más grave' }),
  motivo: Type.String(),
  a: RegistroSchema,
  b: RegistroSchema,
})
export type ParDuplicado = Static<typeof ParDuplicadoSchema>

export const DescarteSchema = Type.Object(
  { pacienteA: IdPaciente, pacienteB: IdPaciente },
  { additionalProperties: false },
)
export type Descarte = Static<typeof DescarteSchema>

const Quien = Type.Union([Type.String(), Type.Null()])

export const FusionSchema = Type.Object({
  id: Type.Integer(),
  conservado: RegistroSchema,
  absorbido: RegistroSchema,
  campos: Type.Array(Type.String(), {
    description: 'los campos que tomaron el valor del absorbido',
  }),
  atenciones: Type.Integer({ description: 'atenciones que pasaron al que se conserva' }),
  hechaPor: Quien,
  hechaEn: Type.String({ format: 'date-time' }),
  deshechaPor: Quien,
  deshechaEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type Fusion = Static<typeof FusionSchema>

export const FusionIdParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,12}$', mensaje: 'Identificador inválido' }),
})

const errores = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }

export const fusionarContract = defineContract({
  method: 'POST',
  url: '/pacientes/fusiones',
  permiso: 'fusiones',
  summary:
    'Fusionar dos registros de una misma persona: las atenciones pasan al que se conserva (solo administradores)',
  tags: ['fusiones'],
  body: FusionEntradaSchema,
  response: {
    201: Type.Object({ id: Type.Integer() }),
    ...errores,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const deshacerFusionContract = defineContract({
  method: 'DELETE',
  url: '/pacientes/fusiones/:id',
  permiso: 'fusiones',
  summary: 'Deshacer una fusión: ambos registros y sus atenciones vuelven a como estaban',
  tags: ['fusiones'],
  params: FusionIdParamsSchema,
  response: { 204: Type.Null(), ...errores, 404: ErrorSchema, 409: ErrorSchema },
})

export const listarFusionesContract = defineContract({
  method: 'GET',
  url: '/pacientes/fusiones',
  permiso: 'fusiones',
  summary: 'Fusiones, la más reciente primero (solo administradores)',
  tags: ['fusiones'],
  querystring: PaginaQuerySchema,
  response: { 200: Type.Array(FusionSchema), ...errores },
})

export const listarDuplicadosContract = defineContract({
  method: 'GET',
  url: '/pacientes/duplicados',
  permiso: 'fusiones',
  summary: 'Pares de registros que probablemente son la misma persona, los más graves primero',
  tags: ['fusiones'],
  querystring: PaginaQuerySchema,
  response: { 200: Type.Array(ParDuplicadoSchema), ...errores },
})

export const descartarDuplicadoContract = defineContract({
  method: 'POST',
  url: '/pacientes/duplicados/descartes',
  permiso: 'fusiones',
  summary: 'Marcar un par como «No es duplicado»: no vuelve a aparecer en la lista',
  tags: ['fusiones'],
  body: DescarteSchema,
  response: { 204: Type.Null(), ...errores, 404: ErrorSchema },
})
