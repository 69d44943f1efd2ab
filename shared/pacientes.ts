// Contracts of the patient calls (docs/api.md#llamadas), used by server routes and client.
import { Type, type Static } from '@sinclair/typebox'
import { MODALIDADES } from './catalogos.js'
import { AtencionSchema, IdParamsSchema } from './atenciones.js'
import { BusquedaFilaSchema, BusquedaQuerySchema, PaginaQuerySchema } from './busqueda.js'
import { defineContract, ErrorSchema } from './contract.js'
import { enumTexto, LIMITES, PacienteEntradaSchema, PacienteSchema } from './paciente-datos.js'

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
  Type.Object({ estudios: Type.Array(enumTexto(MODALIDADES)) }),
  Type.Pick(PacienteSchema, ['creadoEn']),
])
export type PacienteResumen = Static<typeof PacienteResumenSchema>

export const PacienteDetalleSchema = Type.Composite([
  PacienteSchema,
  Type.Object({
    atenciones: Type.Array(AtencionSchema, { description: 'la más reciente primero' }),
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

export const crearPacienteContract = defineContract({
  method: 'POST',
  url: '/pacientes',
  summary: 'Registrar un paciente',
  tags: ['pacientes'],
  body: PacienteEntradaSchema,
  response: { 201: PacienteSchema, 400: ErrorSchema, 409: ErrorSchema },
})

export const listarPacientesContract = defineContract({
  method: 'GET',
  url: '/pacientes',
  summary: 'Pacientes, el más reciente primero; la página siguiente va en el encabezado Link',
  tags: ['pacientes'],
  querystring: PaginaQuerySchema,
  response: { 200: Type.Array(PacienteResumenSchema), 400: ErrorSchema },
})

export const buscarPacientesContract = defineContract({
  method: 'GET',
  url: '/pacientes/buscar',
  summary: 'Buscar atenciones y pacientes; la página siguiente va en el encabezado Link',
  tags: ['pacientes'],
  querystring: BusquedaQuerySchema,
  response: { 200: Type.Array(BusquedaFilaSchema), 400: ErrorSchema },
})

export const posiblesDuplicadosContract = defineContract({
  method: 'GET',
  url: '/pacientes/posibles-duplicados',
  summary: 'Pacientes con los mismos nombres (sin distinguir tildes) y fecha de nacimiento',
  tags: ['pacientes'],
  querystring: DuplicadosQuerySchema,
  response: { 200: Type.Array(DuplicadoSchema), 400: ErrorSchema },
})

export const obtenerPacienteContract = defineContract({
  method: 'GET',
  url: '/pacientes/:id',
  summary: 'Un paciente con sus atenciones',
  tags: ['pacientes'],
  params: IdParamsSchema,
  response: { 200: PacienteDetalleSchema, 400: ErrorSchema, 404: ErrorSchema },
})
