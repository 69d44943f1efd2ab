// A patient's access to their own signed documents with the code printed for them
// (docs/api.md#acceso-del-paciente-a-sus-resultados): POST /resultados/acceso without a session,
// then each PDF under /resultados/documentos with the short-lived cookie that answer sets.
import { Type, type Static } from '@sinclair/typebox'
import { TIPOS_DOCUMENTO } from './catalogos.js'
import { conCabeceras, defineContract, ErrorSchema } from './contract.js'

/** Letters and digits that cannot be misread for each other (no I, O, 0, 1): 5 bits each. */
export const ALFABETO_ACCESO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
/** Sixteen of them, 80 bits: how the code is checked once spaces and dashes are gone. */
const CODIGO_ACCESO = /^[A-HJ-NP-Z2-9]{16}$/

/** The code as typed (any case, with or without dashes or spaces), or null when it cannot be one. */
export function normalizarCodigoAcceso(texto: string): string | null {
  if (texto.length > 60) return null
  const codigo = texto.replace(/[\s-]/g, '').toUpperCase()
  return CODIGO_ACCESO.test(codigo) ? codigo : null
}

/** «K7QM-2XHD-9PRA-TW4C»: four groups of four, to read aloud or type from paper. */
export const codigoAccesoLegible = (codigo: string): string =>
  codigo.match(/.{1,4}/g)?.join('-') ?? codigo

/** Wrong tries per document typed, and per address, in each window; then 429. */
export const LIMITE_ACCESO = {
  porDocumento: 5,
  ventanaDocumentoMinutos: 15,
  porDireccion: 20,
  ventanaDireccionMinutos: 10,
} as const

/** How long the download cookie lasts after the code was accepted. */
export const MINUTOS_ACCESO = 15

export const MENSAJES_ACCESO = {
  invalido: 'El documento o el código de acceso no son correctos, o el código ya venció',
  demasiados: (minutos: number) =>
    `Demasiados intentos. Intente nuevamente en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  sinAcceso: 'Su acceso terminó: ingrese su documento y código otra vez',
  noEncontrado: 'Documento no encontrado',
} as const

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
