// The registration form's values and its validation: the shared TypeBox schema first (types and
// lengths), then the shared validator (required fields, document and name rules, policy).
import { typeboxResolver } from '@hookform/resolvers/typebox'
import type { Resolver } from 'react-hook-form'
import {
  PACIENTE_VACIO,
  PacienteEntradaSchema,
  validarPaciente,
} from '../../../shared/paciente-datos.js'
import { hoyLocal } from '../../lib/hoy.js'
import { aErroresDeFormulario, enSerie } from '../../lib/typebox-mensajes.js'

export type ValoresPaciente = typeof PACIENTE_VACIO

export const VALORES_INICIALES: ValoresPaciente = PACIENTE_VACIO

const reglas: Resolver<ValoresPaciente> = async (values) => {
  const { errores } = validarPaciente(values, hoyLocal())
  if (errores.length === 0) return { values, errors: {} }
  return { values: {}, errors: aErroresDeFormulario<ValoresPaciente>(errores) }
}

export const pacienteResolver = enSerie<ValoresPaciente>(
  typeboxResolver(PacienteEntradaSchema) as unknown as Resolver<ValoresPaciente>,
  reglas,
)
