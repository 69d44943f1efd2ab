// Contracts of the patient calls (docs/api.md#llamadas), used by server routes and client.
import { Type, type Static } from '@sinclair/typebox'
import { TIPOS_DOCUMENTO } from './catalogos.js'
import { AtencionSchema, IdParamsSchema } from './atenciones.js'
import { BusquedaFilaSchema, BusquedaQuerySchema, PaginaQuerySchema } from './busqueda.js'
import { conCabeceras, defineContract, ErrorSchema } from './contract.js'
import { enumTexto, nulo, PacienteEntradaSchema, PacienteSchema } from './paciente-datos.js'
import { CAMPOS, LIMITES } from './paciente-campos.js'

/** A row of the patients list; `estudios` are the distinct modalities of its atenciones (the icons). */
export const PacienteResumenSchema = Type.Composite([
  Type.Pick(PacienteSchema, [
    'id',
    'tipoDocumento',
    'documento',
    'nombreCompleto',
    'fechaNacimiento',
    'tipoEdad',
    'edad',
    'sexo',
    'celular',
  ]),
  Type.Object({ estudios: Type.Array(Type.String()) }),
  Type.Pick(PacienteSchema, ['creadoEn']),
])
export type PacienteResumen = Static<typeof PacienteResumenSchema>

/**
 * A newborn's mother on her child's page, a mother's newborns on hers: who they are, to follow the
 * link (each read is recorded on the record it names).
 */
export const FamiliarSchema = Type.Object({
  id: Type.Integer(),
  nombreCompleto: Type.String(),
  tipoDocumento: enumTexto(TIPOS_DOCUMENTO),
  documento: Type.String(),
  fechaNacimiento: Type.String({ format: 'date' }),
})
export type Familiar = Static<typeof FamiliarSchema>

export const PacienteDetalleSchema = Type.Composite([
  PacienteSchema,
  Type.Object({
    atenciones: Type.Array(AtencionSchema, { description: 'la más reciente primero' }),
    madre: nulo(FamiliarSchema),
    /** A mother's newborns linked to her record, newest first (at most 20). */
    hijos: Type.Array(FamiliarSchema),
  }),
])
export type PacienteDetalle = Static<typeof PacienteDetalleSchema>

export const DuplicadoSchema = Type.Pick(PacienteSchema, [
  'id',
  'tipoDocumento',
  'documento',
  'nombreCompleto',
  'fechaNacimiento',
])
export type Duplicado = Static<typeof DuplicadoSchema>

const nombreQuery = (requerido: boolean) => {
  const s = Type.String({ maxLength: LIMITES.nombre, ...(requerido && { minLength: 1 }) })
  return requerido ? s : Type.Optional(s)
}

/**
 * Only its own keys: what the check is asked goes to the audit trail. `additionalProperties: false`
 * would drop others silently (Ajv's removeAdditional); a schema no value satisfies refuses them,
 * one error per key with its name as `campo`.
 */
export const DuplicadosQuerySchema = Type.Object(
  {
    primerNombre: nombreQuery(true),
    segundoNombre: nombreQuery(false),
    primerApellido: nombreQuery(true),
    segundoApellido: nombreQuery(false),
    fechaNacimiento: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', mensaje: 'Fecha inválida' }),
  },
  { additionalProperties: Type.Never({ mensaje: 'Parámetro no permitido' }) },
)
export type DuplicadosQuery = Static<typeof DuplicadosQuerySchema>

/**
 * What the form asks while it is filled: is this document already someone's? The same keys-only
 * rule as DuplicadosQuerySchema, for the same reason (the audit trail).
 */
export const DocumentoQuerySchema = Type.Object(
  {
    tipoDocumento: enumTexto(TIPOS_DOCUMENTO, { mensaje: 'Tipo de documento no válido' }),
    documento: Type.String({ minLength: 1, maxLength: LIMITES.documento }),
  },
  { additionalProperties: Type.Never({ mensaje: 'Parámetro no permitido' }) },
)
export type DocumentoQuery = Static<typeof DocumentoQuerySchema>

/** The 409 of a registration or a correction, and the form's notice when the document is typed. */
export const MENSAJE_DOCUMENTO_REGISTRADO = 'Ya existe un paciente con ese documento'

export const crearPacienteContract = defineContract({
  method: 'POST',
  url: '/pacientes',
  permiso: 'pacientes.registrar',
  summary: 'Registrar un paciente',
  tags: ['pacientes'],
  body: PacienteEntradaSchema,
  response: { 201: PacienteSchema, 400: ErrorSchema, 409: ErrorSchema },
})

export const listarPacientesContract = defineContract({
  method: 'GET',
  url: '/pacientes',
  permiso: 'pacientes.ver',
  summary: 'Pacientes, el más reciente primero; la página siguiente va en el encabezado Link',
  tags: ['pacientes'],
  querystring: PaginaQuerySchema,
  response: { 200: Type.Array(PacienteResumenSchema), 400: ErrorSchema },
})

export const buscarPacientesContract = defineContract({
  method: 'GET',
  url: '/pacientes/buscar',
  permiso: 'pacientes.ver',
  summary: 'Buscar atenciones y pacientes; la página siguiente va en el encabezado Link',
  tags: ['pacientes'],
  querystring: BusquedaQuerySchema,
  response: { 200: Type.Array(BusquedaFilaSchema), 400: ErrorSchema },
})

export const posiblesDuplicadosContract = defineContract({
  method: 'GET',
  url: '/pacientes/posibles-duplicados',
  permiso: 'pacientes.registrar',
  summary: 'Pacientes con los mismos nombres (sin distinguir tildes) y fecha de nacimiento',
  tags: ['pacientes'],
  querystring: DuplicadosQuerySchema,
  response: { 200: Type.Array(DuplicadoSchema), 400: ErrorSchema },
})

export const pacientePorDocumentoContract = defineContract({
  method: 'GET',
  url: '/pacientes/por-documento',
  permiso: 'pacientes.ver',
  summary:
    'El paciente que tiene ese tipo y número de documento (el que lo conserva, si el registro se fusionó): un arreglo vacío o de uno',
  tags: ['pacientes'],
  querystring: DocumentoQuerySchema,
  response: { 200: Type.Array(DuplicadoSchema, { maxItems: 1 }), 400: ErrorSchema },
})

/** The version of the patient an answer shows, to send back as If-Match. */
const ETAG = {
  type: 'string',
  description: 'La versión del paciente, para enviarla como If-Match al corregirlo',
} as const

export const obtenerPacienteContract = defineContract({
  method: 'GET',
  url: '/pacientes/:id',
  permiso: 'pacientes.ver',
  summary: 'Un paciente con sus atenciones',
  tags: ['pacientes'],
  params: IdParamsSchema,
  response: {
    200: conCabeceras(PacienteDetalleSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
  },
})

// ---- Corrections of a patient (docs/api.md#corregir-un-paciente) ----

/**
 * A correction: any of the registration's fields, as text like the form sends them ('' empties an
 * optional one). Others (edad, aceptaPolitica, unknown ones) are dropped before the handler.
 */
export const PacienteCambioSchema = Type.Partial(Type.Pick(PacienteEntradaSchema, CAMPOS), {
  additionalProperties: false,
})
export type PacienteCambio = Static<typeof PacienteCambioSchema>

export const MENSAJES_EDICION = {
  sinCambio: 'Indique al menos un campo para cambiar',
  sinVersion:
    'Falta la cabecera If-Match: envíe la ETag que dio GET /pacientes/:id, para no sobrescribir los cambios de otra persona',
  versionInvalida: 'Cabecera If-Match inválida: use la ETag que dio GET /pacientes/:id',
  versionVieja:
    'Otra persona modificó este paciente después de que usted lo abrió. Revise los valores actuales y vuelva a aplicar sus cambios.',
} as const

export const editarPacienteContract = defineContract({
  method: 'PATCH',
  url: '/pacientes/:id',
  permiso: 'pacientes.registrar',
  summary:
    'Corregir datos de un paciente; pide If-Match con la ETag de GET /pacientes/:id (412 si cambió, 428 si falta)',
  tags: ['pacientes'],
  params: IdParamsSchema,
  headers: Type.Object({
    'if-match': Type.Optional(
      Type.String({
        description: 'La ETag de la última lectura del paciente (obligatoria: 428 sin ella)',
      }),
    ),
  }),
  body: PacienteCambioSchema,
  response: {
    200: conCabeceras(PacienteSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
    412: ErrorSchema,
    428: ErrorSchema,
  },
})

/** One field of a change: its value before and after (null when blank). */
export const CambioCampoSchema = Type.Object({
  campo: enumTexto(CAMPOS),
  antes: nulo(Type.String()),
  despues: nulo(Type.String()),
})
export type CambioCampo = Static<typeof CambioCampoSchema>

export const ACCIONES_HISTORIAL = ['paciente.registrado', 'paciente.modificado'] as const

/** An entry of a patient's history: the registration or a change, who made it and when. */
export const EventoHistorialSchema = Type.Object({
  id: Type.Integer(),
  en: Type.String({ format: 'date-time' }),
  usuario: nulo(Type.String()),
  accion: enumTexto(ACCIONES_HISTORIAL),
  /** The patient's version the change produced (1 for the registration); null when unknown. */
  version: nulo(Type.Integer()),
  cambios: Type.Array(CambioCampoSchema),
})
export type EventoHistorial = Static<typeof EventoHistorialSchema>

export const historialPacienteContract = defineContract({
  method: 'GET',
  url: '/pacientes/:id/historial',
  permiso: 'pacientes.ver',
  summary:
    'Historial de cambios de un paciente, el más reciente primero; la página siguiente va en el encabezado Link',
  tags: ['pacientes'],
  params: IdParamsSchema,
  querystring: PaginaQuerySchema,
  response: {
    200: Type.Array(EventoHistorialSchema),
    400: ErrorSchema,
    404: ErrorSchema,
  },
})
