// The registration form's text and select fields, wired to the form (FormProvider) and showing
// their error or hint underneath.
import { useFormContext } from 'react-hook-form'
import { describe, Field } from '../../components/field.js'
import type { ValoresPaciente } from './paciente-form-schema.js'

export function CampoTexto({
  name,
  label,
  required,
  max,
  type = 'text',
  autoComplete = 'off',
  hint,
  inputMode,
}: {
  name: keyof ValoresPaciente
  label: string
  required?: boolean
  max?: number
  type?: string
  autoComplete?: string
  hint?: string
  inputMode?: 'tel' | 'email' | 'numeric'
}) {
  const { register, formState } = useFormContext<ValoresPaciente>()
  const error = formState.errors[name]?.message
  return (
    <Field id={name} label={label} required={required} error={error} hint={hint}>
      <input
        className="input"
        type={type}
        maxLength={max}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-required={required || undefined}
        {...describe(name, error, hint)}
        {...register(name)}
      />
    </Field>
  )
}

export function CampoSelect({
  name,
  label,
  opciones,
  required,
  disabled,
  vacio = 'Seleccione…',
}: {
  name: keyof ValoresPaciente
  label: string
  /** A value that reads as itself, or [value, label]. */
  opciones: readonly (string | readonly [string, string])[]
  required?: boolean
  disabled?: boolean
  vacio?: string
}) {
  const { register, formState } = useFormContext<ValoresPaciente>()
  const error = formState.errors[name]?.message
  return (
    <Field id={name} label={label} required={required} error={error}>
      <select
        className="select"
        disabled={disabled}
        aria-required={required || undefined}
        {...describe(name, error)}
        {...register(name)}
      >
        <option value="">{vacio}</option>
        {opciones.map((o) => {
          const [valor, etiqueta] = typeof o === 'string' ? [o, o] : o
          return (
            <option key={valor} value={valor}>
              {etiqueta}
            </option>
          )
        })}
      </select>
    </Field>
  )
}
