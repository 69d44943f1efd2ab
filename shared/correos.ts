// Emails about a signed document (docs/api.md#correos): the desk asks for one, the server's outbox
// sends it through SMTP_URL. A message carries no health data: it says a document is ready and
// where the patient opens it with their document and access code (/resultados).
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema, IdEntrada } from './contract.js'

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
} as const

export const PedirCorreoSchema = Type.Object(
  {
    documento: Type.Union([Type.Literal('informe'), Type.Literal('resultados')]),
    /** The informe's id, or the result sheet's (GET /v/ names both). */
    documentoId: IdEntrada(MENSAJES_CORREOS.documentoId),
  },
  { additionalProperties: false },
)
export type PedirCorreo = Static<typeof PedirCorreoSchema>

export const CorreoSchema = Type.Object({
  id: Type.String({ description: 'Entero de 64 bits, como texto' }),
  documento: Type.Union([Type.Literal('informe'), Type.Literal('resultados')]),
  documentoId: Type.Integer(),
  destinatario: Type.Union([Type.Literal('paciente'), Type.Literal('solicitante')]),
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
    'Avisa por correo al paciente que un documento firmado suyo está listo (sin datos de salud: el correo lleva a /resultados); se envía desde la bandeja de salida',
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
