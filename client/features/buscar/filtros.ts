// The ten filters (docs/datos.md#filtros) live in the URL query, so a search can be bookmarked,
// shared and undone with Back.
import type { BusquedaQuery } from '../../../shared/busqueda.js'

export const CAMPOS = [
  'tipoDocumento',
  'documento',
  'primerNombre',
  'segundoNombre',
  'primerApellido',
  'segundoApellido',
  'fechaInicial',
  'fechaFinal',
  'sede',
  'modalidad',
] as const satisfies readonly (keyof BusquedaQuery)[]

export type Campo = (typeof CAMPOS)[number]
export type Filtros = Record<Campo, string>

export const FILTROS_VACIOS = Object.fromEntries(CAMPOS.map((c) => [c, ''])) as Filtros

export function leerFiltros(search: string): Filtros {
  const q = new URLSearchParams(search)
  return Object.fromEntries(CAMPOS.map((c) => [c, q.get(c) ?? ''])) as Filtros
}

/**
 * Query string ('' or 'a=b&…') with the non-empty filters only, in a stable order
 * (docs/datos.md#filtros).
 */
export function escribirFiltros(f: Filtros): string {
  const q = new URLSearchParams()
  for (const c of CAMPOS) {
    const v = f[c].trim()
    if (v) q.set(c, v)
  }
  return q.toString()
}
