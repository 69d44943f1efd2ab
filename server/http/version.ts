// Optimistic concurrency of a patient (docs/api.md#corregir-un-paciente) and of an informe's
// draft: the ETag is the row's version, bumped on every change; a change names the version it
// corrects in If-Match.
import { MENSAJES_EDICION } from '../../shared/pacientes.js'
import { BadRequestError, PreconditionRequiredError } from '../errors.js'

export const etag = (version: number): string => `"${version}"`

const ETIQUETA = /^(?:W\/)?"([0-9]{1,10})"$/

/**
 * The versions an If-Match header names (a list is allowed; a weak tag counts as its version, as
 * a proxy that compresses may weaken it). Missing or `*`: 428, since either would overwrite
 * whatever is stored; anything else unreadable: 400.
 */
export function versionesDe(
  header: string | string[] | undefined,
  mensajes: { sinVersion: string; versionInvalida: string } = MENSAJES_EDICION,
): number[] {
  const valor = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim()
  if (valor === '' || valor === '*') throw new PreconditionRequiredError(mensajes.sinVersion)
  const versiones = valor.split(',').map((parte) => ETIQUETA.exec(parte.trim())?.[1])
  if (versiones.some((v) => v === undefined)) {
    throw new BadRequestError(mensajes.versionInvalida, [
      { campo: 'If-Match', mensaje: mensajes.versionInvalida },
    ])
  }
  return versiones.map(Number)
}
