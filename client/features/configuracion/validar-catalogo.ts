// The catalogue forms' checks and the server's refusals, both as Spanish messages under fields:
// the shared schema checked on the body the form would send, worded as the server words it, and a
// 409 (a repeated name, code or AE title) placed under the field it is about.
import { MENSAJES_FERIADOS } from '../../../shared/feriados.js'
import type { TSchema } from '@sinclair/typebox'
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors'
import { Value } from '@sinclair/typebox/value'
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form'
import { MENSAJES_CONFIGURACION as M } from '../../../shared/configuracion.js'
import type { ErrorCampo } from '../../../shared/contract.js'
import { ApiError } from '../../api.js'
// Importing it also gives TypeBox its Spanish messages.
import { aErroresDeFormulario } from '../../lib/typebox-mensajes.js'

/** Which field each 409 of /configuracion is about. */
const CAMPO_DEL_CONFLICTO: Record<string, string> = {
  [M.sedeRepetida]: 'nombre',
  [M.salaRepetida]: 'nombre',
  [M.aeTitleRepetido]: 'aeTitle',
  [M.estudioRepetido]: 'nombre',
  [M.codigoRepetido]: 'codigo',
  [M.modalidadRepetida]: 'valor',
  [M.etiquetaRepetida]: 'etiqueta',
  [M.codigosEnUso]: 'codigosDicom',
  [MENSAJES_FERIADOS.repetido]: 'fecha',
}

/**
 * A union of a text and null (an AE title, a dirección) fails as the union; the text's own
 * message says what is wrong, as the server's does.
 */
function mensaje(e: ValueError): string {
  if (e.type === ValueErrorType.Union && typeof e.value === 'string')
    for (const miembro of e.errors) {
      const primero = miembro.First()
      if (primero && typeof primero.value === 'string') return primero.message
    }
  return e.message
}

/** The schema's failures, one per field, named as the server names them («horario.0.abre»). */
export function erroresDeEsquema(schema: TSchema, valor: unknown): ErrorCampo[] {
  const porCampo = new Map<string, string>()
  for (const e of Value.Errors(schema, valor)) {
    const campo = e.path.replace(/^\//, '').replace(/\//g, '.') || 'cuerpo'
    if (!porCampo.has(campo)) porCampo.set(campo, mensaje(e))
  }
  return [...porCampo].map(([campo, m]) => ({ campo, mensaje: m }))
}

/** A resolver that checks the body a form's values become; `errores` finds its failures. */
export function resolverDeCuerpo<V extends FieldValues>(
  errores: (v: V) => ErrorCampo[],
): Resolver<V> {
  return async (values) => {
    const fallas = errores(values)
    return fallas.length
      ? { values: {}, errors: aErroresDeFormulario<V>(fallas) }
      : { values, errors: {} }
  }
}

/**
 * Puts a refused change's messages under the form's fields: `ubicar` gives each of the server's
 * errors its place in the form (null: none). What has no place is returned, for the form's alert.
 */
export function erroresDelServidor<V extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<V>,
  ubicar: (e: ErrorCampo) => { campo: Path<V>; mensaje: string } | null,
): string | null {
  if (!(err instanceof ApiError)) return 'Error desconocido'
  const conflicto = err.status === 409 ? CAMPO_DEL_CONFLICTO[err.message] : undefined
  const errores = conflicto ? [{ campo: conflicto, mensaje: err.message }] : err.errores
  const ubicados = errores.map(ubicar)
  ubicados.forEach((u) => u && setError(u.campo, { type: 'server', message: u.mensaje }))
  return ubicados.length > 0 && ubicados.every(Boolean) ? null : err.message || 'Error desconocido'
}
