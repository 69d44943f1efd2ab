// The fields of a médico solicitante (docs/datos.md#médicos-solicitantes), as the desk's «Agregar
// médico» and Configuración › Médicos solicitantes show them, checked as they fill by the shared
// validarMedico: the messages the server would give, under each field.
import type { FieldErrors, Resolver, UseFormRegister } from 'react-hook-form'
import {
  CAMPOS_MEDICO,
  LISTA_CAMPOS_MEDICO,
  validarMedico,
  type CampoMedico,
  type MedicoEntrada,
  type MedicoSolicitante,
} from '../../../shared/medico-solicitante.js'
import { aErroresDeFormulario } from '../../lib/typebox-mensajes.js'
import { describe, Field } from '../field.js'

export type ValoresMedico = Record<CampoMedico, string>

/** A new one's fields, with what was typed in the search where it fits (a CMP, or surnames). */
export function medicoVacio(buscado = ''): ValoresMedico {
  const texto = buscado.trim()
  const cmp = /^(cmp\s*)?[0-9 ]+$/i.test(texto) ? texto.replace(/^cmp/i, '').trim() : ''
  return {
    apellidos: cmp ? '' : texto,
    nombres: '',
    cmp,
    especialidad: '',
    correo: '',
    telefono: '',
  }
}

/** A stored one's fields, for correcting it. */
export const deMedico = (m: MedicoSolicitante): ValoresMedico => ({
  apellidos: m.apellidos,
  nombres: m.nombres,
  cmp: m.cmp,
  especialidad: m.especialidad ?? '',
  correo: m.correo ?? '',
  telefono: m.telefono ?? '',
})

/** The body as typed: the server trims and normalises it as validarMedico does here. */
export const aEntrada = (v: ValoresMedico): MedicoEntrada => ({ ...v })

export const resolverMedico: Resolver<ValoresMedico> = async (values) => {
  const { errores } = validarMedico(values)
  return errores.length > 0
    ? { values: {}, errors: aErroresDeFormulario<ValoresMedico>(errores) }
    : { values, errors: {} }
}

const ENTRADA: Partial<
  Record<CampoMedico, { type?: string; inputMode?: 'numeric' | 'tel' | 'email'; hint?: string }>
> = {
  cmp: { inputMode: 'numeric', hint: 'N.º del Colegio Médico del Perú' },
  correo: { type: 'email', inputMode: 'email' },
  telefono: { type: 'tel', inputMode: 'tel' },
}

export function CamposMedico({
  prefijo,
  register,
  errors,
  errorCmp,
  autoFocus = false,
}: {
  /** The stem of the inputs' ids: two of these forms may be on one page. */
  prefijo: string
  register: UseFormRegister<ValoresMedico>
  errors: FieldErrors<ValoresMedico>
  /** What to show under the CMP instead of its own message: the 409 that names who has it. */
  errorCmp?: string
  autoFocus?: boolean
}) {
  return (
    <div className="form-grid campos-medico">
      {LISTA_CAMPOS_MEDICO.map((campo, i) => {
        const d = CAMPOS_MEDICO[campo]
        const id = `${prefijo}-${campo}`
        const error = errors[campo]?.message
        const e = ENTRADA[campo] ?? {}
        const mostrado = campo === 'cmp' && errorCmp ? errorCmp : error
        return (
          <Field
            key={campo}
            id={id}
            label={d.etiqueta}
            required={d.requerido}
            error={mostrado}
            hint={e.hint}
          >
            <input
              className="input"
              type={e.type ?? 'text'}
              inputMode={e.inputMode}
              autoComplete="off"
              // Room for blanks and leading zeros typed around the number.
              maxLength={campo === 'cmp' ? 12 : d.max}
              autoFocus={autoFocus && i === 0}
              aria-required={d.requerido || undefined}
              {...describe(id, mostrado ? 'error' : undefined, e.hint)}
              {...register(campo)}
            />
          </Field>
        )
      })}
    </div>
  )
}
