// The registration form's values and its validation: the shared TypeBox schema first (types and
// lengths), then the shared validator (required fields, document and name rules, policy).
import { typeboxResolver } from '@hookform/resolvers/typebox'
import type { Resolver } from 'react-hook-form'
import {
  PACIENTE_VACIO,
  PacienteEntradaSchema,
  type Paciente,
} from '../../../shared/paciente-datos.js'
import { validarPaciente } from '../../../shared/paciente-validacion.js'
import { type PacienteCambio } from '../../../shared/pacientes.js'
import { CAMPOS } from '../../../shared/paciente-campos.js'
import { hoyClinica } from '../../lib/hoy.js'
import { aErroresDeFormulario, enSerie } from '../../lib/typebox-mensajes.js'

export type ValoresPaciente = typeof PACIENTE_VACIO

export const VALORES_INICIALES: ValoresPaciente = PACIENTE_VACIO

const reglas: Resolver<ValoresPaciente> = async (values) => {
  const { errores } = validarPaciente(values, hoyClinica())
  if (errores.length === 0) return { values, errors: {} }
  return { values: {}, errors: aErroresDeFormulario<ValoresPaciente>(errores) }
}

export const pacienteResolver = enSerie<ValoresPaciente>(
  typeboxResolver(PacienteEntradaSchema) as unknown as Resolver<ValoresPaciente>,
  reglas,
)

/** A stored patient as the form holds it: blank optional fields as '', the consent given. */
export function aValores(p: Paciente): ValoresPaciente {
  const valores = { ...VALORES_INICIALES, aceptaPolitica: true, madreId: p.madreId }
  for (const campo of CAMPOS) valores[campo] = p[campo] ?? ''
  return valores
}

/** The fields whose value differs from `base`: what a correction sends. */
export function cambiosDe(valores: ValoresPaciente, base: ValoresPaciente): PacienteCambio {
  return Object.fromEntries(
    CAMPOS.filter((campo) => valores[campo] !== base[campo]).map((campo) => [
      campo,
      valores[campo],
    ]),
  )
}
