// TypeBox's messages are English; forms show the schema's own `mensaje` or a Spanish one, the same
// wording the server's error handler uses for the same failures.
import { SetErrorFunction, ValueErrorType } from '@sinclair/typebox/errors'
import { get, set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form'
import type { ErrorCampo } from '../../shared/contract.js'

SetErrorFunction(({ errorType, schema, value }) => {
  if (value === '' || value === undefined) return 'Campo requerido'
  const s = schema as {
    mensaje?: string
    maxLength?: number
    minLength?: number
    minItems?: number
    maxItems?: number
  }
  // As the server says it (server/errors.ts): a list too long says its limit, not its `mensaje`.
  const propio =
    errorType !== ValueErrorType.ObjectRequiredProperty &&
    errorType !== ValueErrorType.ArrayMaxItems
  if (s.mensaje && propio) return s.mensaje
  switch (errorType) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'Campo requerido'
    case ValueErrorType.StringMinLength:
      return s.minLength === 1 ? 'Campo requerido' : `Debe tener al menos ${s.minLength} caracteres`
    case ValueErrorType.StringMaxLength:
      return `Debe tener como máximo ${s.maxLength} caracteres`
    case ValueErrorType.ArrayMinItems:
      return `Elija al menos ${s.minItems}`
    case ValueErrorType.ArrayMaxItems:
      return `Como máximo ${s.maxItems}`
    case ValueErrorType.StringPattern:
    case ValueErrorType.StringFormat:
      return 'Formato inválido'
    default:
      return 'Valor no permitido'
  }
})

/** The server's (or a shared validator's) per-field errors in react-hook-form's shape. */
export function aErroresDeFormulario<T extends FieldValues>(
  errores: readonly ErrorCampo[],
): FieldErrors<T> {
  // Nested by the field's path («otras.0.estudios»), where the form looks for it; the first wins.
  const out: Record<string, unknown> = {}
  for (const e of errores)
    if (get(out, e.campo) === undefined) set(out, e.campo, { type: 'validate', message: e.mensaje })
  return out as FieldErrors<T>
}

/** Runs resolvers in turn; the first one that finds errors answers. */
export function enSerie<T extends FieldValues>(...resolvers: Resolver<T>[]): Resolver<T> {
  return async (values, context, options) => {
    let result = await resolvers[0]!(values, context, options)
    for (const r of resolvers.slice(1)) {
      if (Object.keys(result.errors).length > 0) return result
      result = await r(values, context, options)
    }
    return result
  }
}
