// The patient: what the form sends and what the server answers, with the limits and messages of
// the one validation both sides run (paciente-validacion.ts).
import {
  Type,
  type Static,
  type TNull,
  type TProperties,
  type TSchema,
  type TUnion,
} from '@sinclair/typebox'
import { GRUPOS_SANGUINEOS, SEXOS, TIPOS_DOCUMENTO } from './catalogos.js'
import { TIPOS_EDAD } from './edad.js'
import type { Departamento } from './ubigeo.js'

/** Length limits of each text field (the database checks the same ones). */
export const LIMITES = {
  documento: 20,
  nombre: 60,
  zonaResidencial: 60,
  direccion: 200,
  barrio: 100,
  telefono: 20,
  codigoPostal: 10,
  correoElectronico: 254,
  acudiente: 120,
} as const

export const FECHA_NACIMIENTO_MINIMA = '1900-01-01'

export const MENSAJES = {
  requerido: 'Campo requerido',
  politica: 'Debes aceptar la política de privacidad',
  noPermitido: 'Valor no permitido',
  nombre: 'Solo letras, espacios, apóstrofos y guiones',
  fecha: 'Fecha inválida',
  fechaFutura: 'La fecha de nacimiento no puede ser futura',
  fechaAntigua: 'La fecha de nacimiento debe ser posterior a 1900',
  municipio: 'El municipio no pertenece al departamento',
  correo: 'Correo electrónico inválido',
  telefono: 'Número inválido: use de 6 a 20 dígitos',
  codigoPostal: 'Código postal inválido',
  caracteres: 'Contiene caracteres no permitidos',
  largo: (n: number) => `Debe tener como máximo ${n} caracteres`,
} as const

const texto = (max: number) => Type.String({ maxLength: max })
const opcional = (max: number) => Type.Optional(texto(max))

/**
 * The registration body (docs/api.md#registrar-un-paciente): every form field as text ('' when
 * blank) plus edad, which the server ignores.
 */
export const PacienteEntradaSchema = Type.Object(
  {
    tipoDocumento: texto(20),
    documento: texto(LIMITES.documento),
    primerNombre: texto(LIMITES.nombre),
    segundoNombre: opcional(LIMITES.nombre),
    primerApellido: texto(LIMITES.nombre),
    segundoApellido: opcional(LIMITES.nombre),
    fechaNacimiento: texto(10),
    edad: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
    sexo: texto(20),
    grupoSanguineo: opcional(5),
    departamento: texto(40),
    municipio: texto(40),
    zonaResidencial: texto(LIMITES.zonaResidencial),
    direccion: opcional(LIMITES.direccion),
    barrio: opcional(LIMITES.barrio),
    celular: opcional(LIMITES.telefono),
    codigoPostal: opcional(LIMITES.codigoPostal),
    telefono: opcional(LIMITES.telefono),
    telefono2: opcional(LIMITES.telefono),
    correoElectronico: opcional(LIMITES.correoElectronico),
    acudiente: opcional(LIMITES.acudiente),
    aceptaPolitica: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type PacienteEntrada = Static<typeof PacienteEntradaSchema>

/**
 * What an empty registration form holds: all empty, aceptaPolitica false
 * (docs/producto.md#registro-de-paciente).
 */
export const PACIENTE_VACIO: Required<Omit<PacienteEntrada, 'edad'>> = {
  tipoDocumento: '',
  documento: '',
  primerNombre: '',
  segundoNombre: '',
  primerApellido: '',
  segundoApellido: '',
  fechaNacimiento: '',
  sexo: '',
  grupoSanguineo: '',
  departamento: '',
  municipio: '',
  zonaResidencial: '',
  direccion: '',
  barrio: '',
  celular: '',
  codigoPostal: '',
  telefono: '',
  telefono2: '',
  correoElectronico: '',
  acudiente: '',
  aceptaPolitica: false,
}

/** A closed string vocabulary in a response schema (serialised as a plain string with an enum). */
export const enumTexto = <T extends string>(valores: readonly T[], opciones: object = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...valores], ...opciones })
export const nulo = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()])
/** The same properties, each of them nullable. */
export const nulos = <P extends TProperties>(propiedades: P) =>
  Object.fromEntries(Object.entries(propiedades).map(([k, s]) => [k, nulo(s)])) as {
    [K in keyof P]: TUnion<[P[K], TNull]>
  }

export const TipoEdadSchema = enumTexto(TIPOS_EDAD)

/** The four names, in the order nombreCompleto joins them. */
export const CAMPOS_NOMBRE = [
  'primerNombre',
  'segundoNombre',
  'primerApellido',
  'segundoApellido',
] as const
export type CampoNombre = (typeof CAMPOS_NOMBRE)[number]

/** The document and the names: who the patient is, in every answer that names one. */
const DOCUMENTO_Y_NOMBRES = ['tipoDocumento', 'documento', ...CAMPOS_NOMBRE] as const

/** The validated, trimmed fields of a patient, as stored and as answered; blank optional ones are null. */
export const PacienteDatosSchema = Type.Object({
  tipoDocumento: enumTexto(TIPOS_DOCUMENTO),
  documento: Type.String(),
  primerNombre: Type.String(),
  segundoNombre: nulo(Type.String()),
  primerApellido: Type.String(),
  segundoApellido: nulo(Type.String()),
  fechaNacimiento: Type.String({ format: 'date' }),
  sexo: enumTexto(SEXOS),
  grupoSanguineo: nulo(enumTexto(GRUPOS_SANGUINEOS)),
  /** Always a Departamento; plain text in the API document. */
  departamento: Type.Unsafe<Departamento>({ type: 'string' }),
  municipio: Type.String(),
  zonaResidencial: Type.String(),
  direccion: nulo(Type.String()),
  barrio: nulo(Type.String()),
  celular: nulo(Type.String()),
  codigoPostal: nulo(Type.String()),
  telefono: nulo(Type.String()),
  telefono2: nulo(Type.String()),
  correoElectronico: nulo(Type.String()),
  acudiente: nulo(Type.String()),
})
export type PacienteDatos = Static<typeof PacienteDatosSchema>

/** A stored patient as every call answers it: its fields plus id, the derived ones and the policy. */
export const PacienteSchema = Type.Composite([
  Type.Object({ id: Type.Integer() }),
  Type.Pick(PacienteDatosSchema, DOCUMENTO_Y_NOMBRES),
  Type.Object({ nombreCompleto: Type.String() }),
  Type.Pick(PacienteDatosSchema, ['fechaNacimiento']),
  Type.Object({
    /** Age today in the clinic's time zone, in tipoEdad units (years; months or days for infants). */
    edad: Type.Integer(),
    tipoEdad: TipoEdadSchema,
  }),
  Type.Omit(PacienteDatosSchema, [...DOCUMENTO_Y_NOMBRES, 'fechaNacimiento']),
  Type.Object({
    aceptaPolitica: Type.Boolean(),
    politicaAceptadaEn: Type.String({ format: 'date-time' }),
    politicaVersion: Type.String(),
    creadoEn: Type.String({ format: 'date-time' }),
  }),
])
export type Paciente = Static<typeof PacienteSchema>

/** "Primer Segundo Apellido1 Apellido2", skipping blank parts. */
export function nombreCompleto(p: Pick<PacienteDatos, CampoNombre>): string {
  return CAMPOS_NOMBRE.map((campo) => (p[campo] ?? '').trim())
    .filter(Boolean)
    .join(' ')
}
