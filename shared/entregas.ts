// Entregas (docs/api.md#entregas): every time a signed document reached someone. The desk records
// a printed copy handed over (to whom, with their document); the server records by itself each
// email the outbox sent and each download from the patient's page. The desk reads them on the
// patient's record, and the patient on /resultados.
import { Type, type Static } from '@sinclair/typebox'
import { TIPOS_DOCUMENTO, type TipoDocumento } from './catalogos.js'
import { defineContract, ErrorSchema, IdEntrada, Nullable, type ErrorCampo } from './contract.js'
import { DocumentoFirmadoSchema } from './correos.js'
import { errorDocumento, normalizarDocumento } from './documento.js'
import { esNombrePersona, LIMITES, MENSAJES } from './paciente-campos.js'
import { limpiar, tieneControl } from './texto.js'

export const MEDIOS_ENTREGA = ['impresa', 'correo', 'descarga'] as const
export type MedioEntrega = (typeof MEDIOS_ENTREGA)[number]

/** How the desk and the patient read each way a document reached someone. */
export const ETIQUETAS_MEDIO_ENTREGA: Record<MedioEntrega, string> = {
  impresa: 'Copia impresa entregada',
  correo: 'Aviso enviado por correo',
  descarga: 'Descargado',
}

export const MENSAJES_ENTREGAS = {
  pacienteNoEncontrado: 'Paciente no encontrado',
  documentoNoEncontrado: 'El documento no existe, no está firmado o no es de este paciente',
  documentoId: 'Documento inválido',
  tipoDocumento: 'Elija el tipo de documento de quien recibe',
  nombreRecibe: 'Escriba nombres y apellidos de quien recibe',
} as const

/** The largest name of who receives (the database's check too). */
export const LARGO_NOMBRE_RECIBE = 120

// Loose on purpose: validarEntrega says what is wrong with each field, in the form and the server.
const Texto = Type.String({ maxLength: 300, mensaje: 'Debe ser un texto' })

export const EntregaImpresaSchema = Type.Object(
  {
    documento: Type.Union([Type.Literal('informe'), Type.Literal('resultados')], {
      mensaje: MENSAJES_ENTREGAS.documentoId,
    }),
    /** The informe's id, or the result sheet's, as GET /pacientes/:id/entregas lists them. */
    documentoId: IdEntrada(MENSAJES_ENTREGAS.documentoId),
    recibeNombre: Texto,
    recibeTipoDocumento: Texto,
    recibeDocumento: Texto,
  },
  { additionalProperties: false },
)
export type EntregaImpresa = Static<typeof EntregaImpresaSchema>

/** Who received a printed copy, as stored: trimmed, the document normalised. */
export interface Receptor {
  nombre: string
  tipoDocumento: TipoDocumento
  documento: string
}

/** One message per field, or who receives as stored when there is nothing to say. */
export function validarReceptor(e: {
  recibeNombre?: unknown
  recibeTipoDocumento?: unknown
  recibeDocumento?: unknown
}): { errores: ErrorCampo[]; receptor: Receptor | null } {
  const errores: ErrorCampo[] = []
  const nombre = limpiar(e.recibeNombre).replace(/\s+/g, ' ')
  if (!nombre) errores.push({ campo: 'recibeNombre', mensaje: MENSAJES.requerido })
  else if (tieneControl(nombre))
    errores.push({ campo: 'recibeNombre', mensaje: MENSAJES.caracteres })
  else if (nombre.length > LARGO_NOMBRE_RECIBE)
    errores.push({ campo: 'recibeNombre', mensaje: MENSAJES.largo(LARGO_NOMBRE_RECIBE) })
  else if (!esNombrePersona(nombre))
    errores.push({ campo: 'recibeNombre', mensaje: MENSAJES.nombre })
  else if (!nombre.includes(' '))
    errores.push({ campo: 'recibeNombre', mensaje: MENSAJES_ENTREGAS.nombreRecibe })
  const tipo = limpiar(e.recibeTipoDocumento)
  const tipoValido = (TIPOS_DOCUMENTO as readonly string[]).includes(tipo)
  if (!tipoValido)
    errores.push({ campo: 'recibeTipoDocumento', mensaje: MENSAJES_ENTREGAS.tipoDocumento })
  const documento = normalizarDocumento(limpiar(e.recibeDocumento))
  if (!documento) errores.push({ campo: 'recibeDocumento', mensaje: MENSAJES.requerido })
  else if (tieneControl(documento))
    errores.push({ campo: 'recibeDocumento', mensaje: MENSAJES.caracteres })
  else if (documento.length > LIMITES.documento)
    errores.push({ campo: 'recibeDocumento', mensaje: MENSAJES.largo(LIMITES.documento) })
  else if (tipoValido) {
    const m = errorDocumento(tipo as TipoDocumento, documento)
    if (m) errores.push({ campo: 'recibeDocumento', mensaje: m })
  }
  return {
    errores,
    receptor:
      errores.length === 0 ? { nombre, tipoDocumento: tipo as TipoDocumento, documento } : null,
  }
}

export const EntregaSchema = Type.Object({
  id: Type.String({ description: 'Entero de 64 bits, como texto' }),
  documento: Type.Union([Type.Literal('informe'), Type.Literal('resultados')]),
  documentoId: Type.Integer(),
  medio: Type.Union(MEDIOS_ENTREGA.map((m) => Type.Literal(m))),
  en: Type.String({ format: 'date-time' }),
  /** A printed copy: who took it and their document. */
  recibeNombre: Nullable(Type.String()),
  recibeTipoDocumento: Nullable(Type.Union(TIPOS_DOCUMENTO.map((t) => Type.Literal(t)))),
  recibeDocumento: Nullable(Type.String()),
  /**
   * An email: the address it went to, and whether to the patient or the solicitante; a download
   * with the link a solicitante's email carried: that email's.
   */
  correo: Nullable(Type.String()),
  destinatario: Nullable(Type.Union([Type.Literal('paciente'), Type.Literal('solicitante')])),
  /** Who at the desk recorded the copy or asked for the email; null for a download. */
  registradoPor: Nullable(Type.String()),
})
export type Entrega = Static<typeof EntregaSchema>

export const EntregasPacienteSchema = Type.Object({
  documentos: Type.Array(DocumentoFirmadoSchema),
  entregas: Type.Array(EntregaSchema),
})
export type EntregasPaciente = Static<typeof EntregasPacienteSchema>

export const registrarEntregaContract = defineContract({
  method: 'POST',
  url: '/pacientes/:id/entregas',
  permiso: 'pacientes.registrar',
  summary:
    'Registra la entrega de una copia impresa de un documento firmado del paciente: a quién y con qué documento',
  tags: ['pacientes'],
  params: Type.Object({ id: Type.String() }),
  body: EntregaImpresaSchema,
  response: { 201: EntregaSchema, 400: ErrorSchema, 404: ErrorSchema },
})

export const listarEntregasContract = defineContract({
  method: 'GET',
  url: '/pacientes/:id/entregas',
  permiso: 'pacientes.ver',
  summary:
    'Los documentos firmados del paciente y cada entrega de ellos (impresa, por correo, descargada), más nuevas primero',
  tags: ['pacientes'],
  params: Type.Object({ id: Type.String() }),
  response: { 200: EntregasPacienteSchema, 404: ErrorSchema },
})

/** What the patient's own page shows of a delivery: never the desk's user names. */
export const EntregaPacienteSchema = Type.Object({
  medio: Type.Union(MEDIOS_ENTREGA.map((m) => Type.Literal(m))),
  en: Type.String({ format: 'date-time' }),
  /** A printed copy: who took it, and their document's type and last digits. */
  recibeNombre: Nullable(Type.String()),
  recibeDocumento: Nullable(Type.String({ description: '«DNI ···· 5678»' })),
  /** An email, or a download with its link: whether the patient's or the solicitante's. */
  destinatario: Nullable(Type.Union([Type.Literal('paciente'), Type.Literal('solicitante')])),
})
export type EntregaPaciente = Static<typeof EntregaPacienteSchema>
