// Emails about a signed document (docs/api.md#correos): the desk asks for one, the server's outbox
// sends it through SMTP_URL. A message carries no health data: to the patient, it says a document
// is ready and where they open it with their document and access code (/resultados); to the
// atención's médico solicitante, it links to the document itself, for as long as a code lasts.
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema, IdEntrada, Nullable } from './contract.js'

export const ESTADOS_CORREO = ['pendiente', 'enviando', 'enviado', 'fallido', 'incierto'] as const
export type EstadoCorreo = (typeof ESTADOS_CORREO)[number]

/** How the desk reads each state. */
export const ETIQUETAS_ESTADO_CORREO: Record<EstadoCorreo, string> = {
  pendiente: 'En cola',
  enviando: 'Enviando',
  enviado: 'Enviado',
  fallido: 'No se pudo enviar',
  incierto: 'Envío interrumpido: pudo salir o no',
}

export const MENSAJES_CORREOS = {
  sinSmtp: 'El envío de correos no está configurado en este servidor (SMTP_URL)',
  sinCorreo: 'El paciente no tiene correo electrónico registrado',
  pacienteNoEncontrado: 'Paciente no encontrado',
  documentoNoEncontrado: 'El documento no existe, no está firmado o no es de este paciente',
  documentoId: 'Documento inválido',
  sinSolicitante: 'La atención de este documento no tiene médico solicitante',
  solicitanteSinCorreo:
    'El médico solicitante no tiene correo electrónico registrado: un administrador puede agregarlo en Configuración › Médicos solicitantes',
  enlaceInvalido:
    'El enlace no existe o ya venció: pida a la clínica que le envíe el documento otra vez',
} as const

export const DESTINATARIOS_CORREO = ['paciente', 'solicitante'] as const
export type DestinatarioCorreo = (typeof DESTINATARIOS_CORREO)[number]
const Destinatario = Type.Union(
  DESTINATARIOS_CORREO.map((d) => Type.Literal(d)),
  { mensaje: 'Destinatario inválido: paciente o solicitante' },
)

export const PedirCorreoSchema = Type.Object(
  {
    documento: Type.Union([Type.Literal('informe'), Type.Literal('resultados')]),
    /** The informe's id, or the result sheet's (GET /v/ names both). */
    documentoId: IdEntrada(MENSAJES_CORREOS.documentoId),
    /** The patient (by default) or the médico solicitante of the document's atención. */
    destinatario: Type.Optional(Destinatario),
  },
  { additionalProperties: false },
)
export type PedirCorreo = Static<typeof PedirCorreoSchema>

export const CorreoSchema = Type.Object({
  id: Type.String({ description: 'Entero de 64 bits, como texto' }),
  documento: Type.Union([Type.Literal('informe'), Type.Literal('resultados')]),
  documentoId: Type.Integer(),
  destinatario: Destinatario,
  correo: Type.String(),
  estado: Type.Union(ESTADOS_CORREO.map((e) => Type.Literal(e))),
  intentos: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  creadoEn: Type.String({ format: 'date-time' }),
  enviadoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  pedidoPor: Type.String({ description: 'Nombre de quien lo pidió' }),
})
export type Correo = Static<typeof CorreoSchema>

export const pedirCorreoContract = defineContract({
  method: 'POST',
  url: '/pacientes/:id/correos',
  permiso: 'pacientes.registrar',
  summary:
    'Avisa por correo que un documento firmado está listo: al paciente (lleva a /resultados) o al médico solicitante (con un enlace al documento que vence); sin datos de salud en el correo; se envía desde la bandeja de salida',
  tags: ['pacientes'],
  params: Type.Object({ id: Type.String() }),
  body: PedirCorreoSchema,
  response: { 202: CorreoSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})

/** A signed document of the patient the desk can send word of. */
export const DocumentoFirmadoSchema = Type.Object({
  tipo: Type.Union([Type.Literal('informe'), Type.Literal('resultados')]),
  id: Type.Integer(),
  titulo: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  parcial: Type.Boolean(),
  emitidoEn: Type.String({ format: 'date-time' }),
  reemplazadoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The atención's médico solicitante, whom it can be sent to when they have an email. */
  solicitante: Nullable(
    Type.Object({
      nombre: Type.String({ description: '«Apellidos, Nombres»' }),
      correo: Nullable(Type.String()),
    }),
  ),
})
export type DocumentoFirmado = Static<typeof DocumentoFirmadoSchema>

export const CorreosPacienteSchema = Type.Object({
  /** The patient's email, or null: without one nothing can be sent. */
  correo: Type.Union([Type.String(), Type.Null()]),
  /** Whether this server has SMTP_URL: without it nothing can be sent. */
  envioConfigurado: Type.Boolean(),
  documentos: Type.Array(DocumentoFirmadoSchema),
  correos: Type.Array(CorreoSchema),
})
export type CorreosPaciente = Static<typeof CorreosPacienteSchema>

export const enlaceSolicitanteContract = defineContract({
  method: 'GET',
  url: '/resultados/enlace/:token',
  summary:
    'El PDF firmado que un correo al médico solicitante enlaza, mientras el enlace vale; sin sesión',
  tags: ['resultados-paciente'],
  auth: false,
  params: Type.Object({ token: Type.String() }),
  response: {
    200: Type.String({ description: 'application/pdf' }),
    404: ErrorSchema,
    429: ErrorSchema,
  },
})

export const listarCorreosContract = defineContract({
  method: 'GET',
  url: '/pacientes/:id/correos',
  permiso: 'pacientes.ver',
  summary:
    'Los documentos firmados del paciente y los correos pedidos sobre ellos, más nuevos primero, con su estado',
  tags: ['pacientes'],
  params: Type.Object({ id: Type.String() }),
  response: { 200: CorreosPacienteSchema, 404: ErrorSchema },
})
