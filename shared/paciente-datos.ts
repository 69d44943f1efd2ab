// The patient: what the form sends and what the server answers, derived from the one list of its
// fields (paciente-campos.ts), whose rules the one validation both sides run applies
// (paciente-validacion.ts).
import {
  Type,
  type Static,
  type TNull,
  type TOptional,
  type TProperties,
  type TSchema,
  type TString,
  type TUnion,
  type TUnsafe,
} from '@sinclair/typebox'
import { CAMPOS, CAMPOS_PACIENTE, campo, type CampoPaciente } from './paciente-campos.js'
import { TIPOS_EDAD } from './edad.js'
import type { Departamento } from './ubigeo.js'

type Definicion<K extends CampoPaciente> = (typeof CAMPOS_PACIENTE)[K]
type Texto<D> = D extends { requerido: true } ? TString : TOptional<TString>
type Valor<D> = D extends { valores: readonly (infer V extends string)[] }
  ? TUnsafe<V>
  : D extends { regla: 'departamento' }
    ? TUnsafe<Departamento>
    : TString
type Dato<D> = D extends { requerido: true } ? Valor<D> : TUnion<[Valor<D>, TNull]>

/**
 * The registration body (docs/api.md#registrar-un-paciente): every field as text ('' when blank)
 * plus edad, which the server ignores, and the consent.
 */
export const PacienteEntradaSchema = Type.Object(
  {
    ...(Object.fromEntries(
      CAMPOS.map((c) => {
        const { max, requerido } = campo(c)
        const s = Type.String({ maxLength: max })
        return [c, requerido ? s : Type.Optional(s)]
      }),
    ) as { [K in CampoPaciente]: Texto<Definicion<K>> }),
    edad: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
    aceptaPolitica: Type.Optional(Type.Boolean()),
    /** The mother's record (its id): a newborn registered by its CNV needs it, nobody else has it. */
    madreId: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()], {
        mensaje: 'Madre no válida',
      }),
    ),
  },
  { additionalProperties: false },
)
export type PacienteEntrada = Static<typeof PacienteEntradaSchema>

/**
 * What an empty registration form holds: all empty, aceptaPolitica false, no mother
 * (docs/producto.md#registro-de-paciente).
 */
export const PACIENTE_VACIO = {
  ...Object.fromEntries(CAMPOS.map((c) => [c, ''])),
  aceptaPolitica: false,
  madreId: null,
} as Required<Omit<PacienteEntrada, 'edad'>>

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
export const PacienteDatosSchema = Type.Object(
  Object.fromEntries(
    CAMPOS.map((c) => {
      const d = campo(c)
      const s = d.valores
        ? enumTexto(d.valores)
        : Type.String(d.regla === 'fecha' ? { format: 'date' } : {})
      return [c, d.requerido ? s : nulo(s)]
    }),
  ) as { [K in CampoPaciente]: Dato<Definicion<K>> },
)
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
    /** A newborn's mother's record (docs/datos.md#recién-nacidos), or null. */
    madreId: Type.Union([Type.Integer(), Type.Null()]),
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
