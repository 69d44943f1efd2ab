// A médico solicitante (docs/datos.md#médicos-solicitantes): the physician who orders an atención's
// studies, as the catalogue keeps them and every document prints them, and the one check of what is
// typed for one, run by the form as it is filled and by the server before anything is stored.
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, type ErrorCampo } from './contract.js'
import { CAMPOS_PACIENTE, esNombrePersona, MENSAJES } from './paciente-campos.js'
import { limpiar, tieneControl } from './texto.js'

export const MedicoSolicitanteSchema = Type.Object({
  id: Type.Integer(),
  nombres: Type.String(),
  apellidos: Type.String(),
  /** The Colegio Médico del Perú's number: digits, without leading zeros. */
  cmp: Type.String(),
  especialidad: Nullable(Type.String()),
  correo: Nullable(Type.String()),
  telefono: Nullable(Type.String()),
  /** A deactivated one stays on the atenciones that name it, and is not chosen for new ones. */
  activo: Type.Boolean(),
})
export type MedicoSolicitante = Static<typeof MedicoSolicitanteSchema>

/** What an atención carries of its solicitante. */
export const SolicitanteResumenSchema = Type.Pick(MedicoSolicitanteSchema, [
  'id',
  'nombres',
  'apellidos',
  'cmp',
  'activo',
])
export type SolicitanteResumen = Static<typeof SolicitanteResumenSchema>

/** Each field as the form labels it and the largest value it takes (the database's check too). */
export const CAMPOS_MEDICO = {
  apellidos: { etiqueta: 'Apellidos', max: 60, requerido: true },
  nombres: { etiqueta: 'Nombres', max: 60, requerido: true },
  cmp: { etiqueta: 'CMP', max: 7, requerido: true },
  especialidad: { etiqueta: 'Especialidad', max: 80, requerido: false },
  correo: { etiqueta: 'Correo electrónico', max: 254, requerido: false },
  telefono: { etiqueta: 'Teléfono', max: 20, requerido: false },
} as const
export type CampoMedico = keyof typeof CAMPOS_MEDICO
export const LISTA_CAMPOS_MEDICO = Object.keys(CAMPOS_MEDICO) as CampoMedico[]

export const MENSAJES_MEDICOS = {
  cmp: 'Solo dígitos: el número del Colegio Médico del Perú, p. ej. 45821',
  noEncontrado: 'Médico solicitante no encontrado',
  sinCambio: 'Indique al menos un cambio',
  /** An atención's solicitante that is not in the catalogue. */
  solicitanteNoExiste: 'Médico solicitante no encontrado: búsquelo de nuevo o agréguelo',
  solicitanteInactivo: (m: Pick<MedicoSolicitante, 'nombres' | 'apellidos' | 'cmp'>) =>
    `${textoSolicitante(m)} está desactivado: elija otro médico solicitante o pida a un administrador que lo reactive`,
  /** Two physicians cannot share a number: the 409 names who has it. */
  cmpRepetido: (m: Pick<MedicoSolicitante, 'nombres' | 'apellidos' | 'cmp' | 'activo'>) =>
    `El CMP ${m.cmp} ya está registrado: ${m.apellidos}, ${m.nombres}${m.activo ? '' : ' (desactivado)'}`,
} as const

/** «Apellidos, Nombres — CMP 12345»: how the ticket, the documents and the lists name one. */
export const textoSolicitante = (m: Pick<MedicoSolicitante, 'nombres' | 'apellidos' | 'cmp'>) =>
  `${m.apellidos}, ${m.nombres} — CMP ${m.cmp}`

/** A CMP as typed («045 821») as stored: its digits, without leading zeros; '' when it has none. */
export const normalizarCmp = (s: string): string => s.replace(/\s+/g, '').replace(/^0+(?=.)/, '')

const CMP = /^[1-9][0-9]{0,6}$/
const TELEFONO = CAMPOS_PACIENTE.telefono.patron
const CORREO = CAMPOS_PACIENTE.correoElectronico.patron

// Loose on purpose: each field's rules and their Spanish messages are validarMedico's, so that the
// form and the server say the same thing; the schema only keeps out what is not text.
const Texto = Type.String({ maxLength: 300, mensaje: 'Debe ser un texto' })
const Opcional = Type.Optional(Type.Union([Texto, Type.Null()], { mensaje: 'Debe ser un texto' }))

/** What the desk or an admin types for a new one: blank or null optional fields mean none. */
export const MedicoEntradaSchema = Type.Object(
  {
    nombres: Texto,
    apellidos: Texto,
    cmp: Texto,
    especialidad: Opcional,
    correo: Opcional,
    telefono: Opcional,
  },
  { additionalProperties: false },
)
export type MedicoEntrada = Static<typeof MedicoEntradaSchema>

/** An admin's change: any of the fields (null or blank clears an optional one), or `activo`. */
export const CambioMedicoSchema = Type.Composite(
  [
    Type.Partial(MedicoEntradaSchema),
    Type.Object({
      activo: Type.Optional(Type.Boolean({ mensaje: 'Indique si está activo: true o false' })),
    }),
  ],
  { additionalProperties: false },
)
export type CambioMedico = Static<typeof CambioMedicoSchema>

/** The fields as stored: trimmed, the CMP normalised, the optional ones null when blank. */
export type DatosMedico = Pick<
  MedicoSolicitante,
  'nombres' | 'apellidos' | 'cmp' | 'especialidad' | 'correo' | 'telefono'
>

function problema(campo: CampoMedico, s: string): string | null {
  const d = CAMPOS_MEDICO[campo]
  if (!s) return d.requerido ? MENSAJES.requerido : null
  if (tieneControl(s)) return MENSAJES.caracteres
  if (campo === 'cmp') return CMP.test(s) ? null : MENSAJES_MEDICOS.cmp
  if (s.length > d.max) return MENSAJES.largo(d.max)
  if (campo === 'nombres' || campo === 'apellidos')
    return esNombrePersona(s) ? null : MENSAJES.nombre
  if (campo === 'correo') return CORREO.test(s) ? null : MENSAJES.correo
  if (campo === 'telefono') return TELEFONO.test(s) ? null : MENSAJES.telefono
  return null
}

/**
 * Checks the fields given (all of them for a new one: `completo`), one message per field; the
 * values as stored when there is nothing to say.
 */
export function validarMedico(
  entrada: Partial<Record<CampoMedico, unknown>>,
  completo = true,
): { errores: ErrorCampo[]; datos: Partial<DatosMedico> } {
  const errores: ErrorCampo[] = []
  const datos: Partial<Record<CampoMedico, string | null>> = {}
  for (const campo of LISTA_CAMPOS_MEDICO) {
    if (!completo && entrada[campo] === undefined) continue
    let s = limpiar(entrada[campo])
    if (campo === 'cmp') s = normalizarCmp(s)
    const mensaje = problema(campo, s)
    if (mensaje) errores.push({ campo, mensaje })
    datos[campo] = s === '' ? null : s
  }
  return { errores, datos: datos as Partial<DatosMedico> }
}
