// The search's filters live in the URL query (docs/producto.md#buscar-paciente), so a worklist can
// be bookmarked, shared and undone with Back; the dashboard's cards open it the same way.
import {
  BusquedaQuerySchema,
  OrdenQuerySchema,
  PaginaQuerySchema,
  SEPARADOR_LISTA,
  type CampoBusqueda,
} from '../../shared/busqueda.js'
import { paths } from '../paths.js'

/**
 * «Nombre o documento», the ten filters of docs/datos.md#filtros, estado, prioridad and cita: the
 * search contract's parameters but its paging, in its order.
 */
export const CAMPOS = Object.keys(BusquedaQuerySchema.properties).filter(
  (k) => !(k in PaginaQuerySchema.properties) && !(k in OrdenQuerySchema.properties),
) as CampoBusqueda[]

export type Campo = CampoBusqueda
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
export function escribirFiltros(f: Partial<Filtros>): string {
  const q = new URLSearchParams()
  for (const c of CAMPOS) {
    const v = (f[c] ?? '').trim()
    if (v) q.set(c, v)
  }
  return q.toString()
}

/** The value of a list filter (estado, prioridad) for several values. */
export const lista = (valores: readonly string[]): string => valores.join(SEPARADOR_LISTA)

/** The worklist with these filters: the URL a link or a card opens. */
export function urlListaDeTrabajo(f: Partial<Filtros>): string {
  const qs = escribirFiltros(f)
  return qs ? `${paths.buscarPaciente}?${qs}` : paths.buscarPaciente
}

/** The filters that name a person: typed into, they search while typing. */
export const CAMPOS_PERSONA = [
  'q',
  'documento',
  'primerNombre',
  'segundoNombre',
  'primerApellido',
  'segundoApellido',
] as const satisfies readonly Campo[]

/** What the page opens on: today, the account's sede and sala ('' for all). */
export interface Vista {
  hoy: string
  sede: string
  sala: string
}

/** The list the page opens on: today's arrivals at a sede (and sala), nothing else. */
export function esVistaDelDia(f: Filtros, { hoy, sede, sala }: Vista): boolean {
  return CAMPOS.every((c) =>
    c === 'fechaInicial' || c === 'fechaFinal'
      ? f[c] === hoy
      : c === 'sede'
        ? f[c] === sede
        : c === 'sala'
          ? f[c] === sala
          : !f[c],
  )
}

/**
 * Whether the filters are one day: then the list is that whole day in attention order
 * (ORDEN_ATENCION), in sections, not a page of the newest arrivals.
 */
export const esUnDia = (f: Pick<Filtros, 'fechaInicial' | 'fechaFinal'>): boolean =>
  Boolean(f.fechaInicial) && f.fechaInicial === f.fechaFinal

/**
 * The filters after `campo` became `valor`. The day's list is a view, not a limit: a name or
 * document typed over it searches every day, sede and sala (a patient with no visit today is
 * found, not registered twice).
 */
export function conCambio(f: Filtros, campo: Campo, valor: string, vista: Vista | null): Filtros {
  const nuevo = { ...f, [campo]: valor }
  const persona = (CAMPOS_PERSONA as readonly Campo[]).includes(campo)
  if (persona && valor.trim() && vista && esVistaDelDia(f, vista))
    return { ...nuevo, fechaInicial: '', fechaFinal: '', sede: '', sala: '' }
  return nuevo
}
