// A patient's access to their own signed documents with the code printed for them
// (docs/api.md#acceso-del-paciente-a-sus-resultados): POST /resultados/acceso without a session,
// then each PDF under /resultados/documentos with the short-lived cookie that answer sets.
import { Type, type Static } from '@sinclair/typebox'
import { TIPOS_DOCUMENTO } from './catalogos.js'
import { conCabeceras, defineContract, ErrorSchema } from './contract.js'
import { EntregaPacienteSchema } from './entregas.js'

export {
  ALFABETO_ACCESO,
  codigoAccesoLegible,
  LIMITE_ACCESO,
  MENSAJES_ACCESO,
  MINUTOS_ACCESO,
  normalizarCodigoAcceso,
} from './acceso-codigo.js'

export const AccesoEntradaSchema = Type.Object(
  {
    tipoDocumento: Type.Union(TIPOS_DOCUMENTO.map((t) => Type.Literal(t))),
    documento: Type.String({ minLength: 1, maxLength: 30 }),
    codigo: Type.String({ minLength: 1, maxLength: 60 }),
  },
  { additionalProperties: false },
)

export const DocumentoPacienteSchema = Type.Object({
  tipo: Type.Union([Type.Literal('informe'), Type.Literal('resultados')]),
  id: Type.Integer(),
  /** As /v/ names it: «Informe de Eco (US)», «Resultados de laboratorio». */
  titulo: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  parcial: Type.Boolean(),
  emitidoEn: Type.String({ format: 'date-time' }),
  reemplazadoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Where the PDF is downloaded, with the cookie the access set. */
  url: Type.String(),
  /** Every time it reached someone: printed and handed over, emailed, downloaded; newest first. */
  entregas: Type.Array(EntregaPacienteSchema),
})
export type DocumentoPaciente = Static<typeof DocumentoPacienteSchema>

export const AccesoSchema = Type.Object({
  /** Only the patient's first given name: enough to know the right record was found. */
  nombre: Type.String(),
  documentos: Type.Array(DocumentoPacienteSchema),
})
export type Acceso = Static<typeof AccesoSchema>

const Limitado = conCabeceras(ErrorSchema, {
  'retry-after': { type: 'string', description: 'Segundos hasta poder intentar otra vez' },
})

export const accesoResultadosContract = defineContract({
  method: 'POST',
  url: '/resultados/acceso',
  summary:
    'Un paciente entra con su tipo y número de documento y su código de acceso, sin sesión: sus documentos firmados, más nuevos primero, y una cookie de descarga de 15 minutos',
  tags: ['resultados-paciente'],
  auth: false,
  body: AccesoEntradaSchema,
  response: { 200: AccesoSchema, 400: ErrorSchema, 401: ErrorSchema, 429: Limitado },
})

export const documentoPacienteContract = defineContract({
  method: 'GET',
  url: '/resultados/documentos/:tipo/:id',
  summary: 'El PDF firmado de un documento del paciente que entró con su código (cookie de acceso)',
  tags: ['resultados-paciente'],
  auth: false,
  params: Type.Object({ tipo: Type.String(), id: Type.String() }),
  response: {
    200: Type.String({ description: 'application/pdf' }),
    401: ErrorSchema,
    404: ErrorSchema,
  },
})

export const misDocumentosContract = defineContract({
  method: 'GET',
  url: '/resultados/documentos',
  summary:
    'Los documentos firmados del paciente que entró con su código, otra vez (cookie de acceso): con sus entregas al día',
  tags: ['resultados-paciente'],
  auth: false,
  response: { 200: AccesoSchema, 401: ErrorSchema },
})

export const salirResultadosContract = defineContract({
  method: 'POST',
  url: '/resultados/salir',
  summary: 'Termina el acceso del paciente: la cookie de descarga deja de servir',
  tags: ['resultados-paciente'],
  auth: false,
  response: { 204: Type.Null({ description: 'Sin cuerpo' }) },
})

export const CodigoEmitidoSchema = Type.Object({
  /** In clear only in this answer: the database keeps its hash. */
  codigo: Type.String(),
  emitidoEn: Type.String({ format: 'date-time' }),
  venceEn: Type.String({ format: 'date-time' }),
})

export const reemitirCodigoContract = defineContract({
  method: 'POST',
  url: '/pacientes/:id/codigo-acceso',
  permiso: 'pacientes.registrar',
  summary:
    'Emite un código de acceso nuevo para el paciente (el anterior deja de servir en el acto) y lo devuelve para imprimirlo',
  tags: ['pacientes'],
  params: Type.Object({ id: Type.String() }),
  response: { 200: CodigoEmitidoSchema, 404: ErrorSchema },
})

export const ConfiguracionAccesoSchema = Type.Object(
  {
    /** Days an access code works after it is issued; a change applies to codes issued later. */
    vigenciaDias: Type.Integer({
      minimum: 1,
      maximum: 3650,
    }),
  },
  { additionalProperties: false },
)

export const configuracionAccesoContract = defineContract({
  method: 'GET',
  url: '/configuracion/acceso-resultados',
  permiso: 'configuracion',
  summary: 'Cuántos días vale un código de acceso a resultados',
  tags: ['configuracion'],
  response: { 200: ConfiguracionAccesoSchema },
})

export const cambiarConfiguracionAccesoContract = defineContract({
  method: 'PUT',
  url: '/configuracion/acceso-resultados',
  permiso: 'configuracion',
  summary: 'Cambiar cuántos días vale un código de acceso a resultados (solo administradores)',
  tags: ['configuracion'],
  body: ConfiguracionAccesoSchema,
  response: { 200: ConfiguracionAccesoSchema, 400: ErrorSchema },
})
