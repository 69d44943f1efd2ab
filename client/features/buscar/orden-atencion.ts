// The worklist of one day, as the waiting room reads it (docs/producto.md#buscar-paciente): its
// sections in the server's attention order, how long each patient has waited, and the columns a
// person may sort it by instead. A sort orders the rows loaded; the page says when the day has more.
import type { BusquedaFila } from '../../../shared/busqueda.js'
import { ESTADOS, PRIORIDADES, type Estado } from '../../../shared/catalogos.js'
import { MINUTOS_TOLERANCIA } from '../../../shared/citas.js'
import { duracionTexto, minutosEntre } from '../../lib/duracion.js'

export interface Seccion {
  clave: string
  titulo: string
  estados: readonly Estado[]
}

/** The day's sections, in the order the server answers them. */
export const SECCIONES: readonly Seccion[] = [
  { clave: 'espera', titulo: 'En espera', estados: ['En espera'] },
  { clave: 'proceso', titulo: 'En proceso', estados: ['En proceso'] },
  { clave: 'citas', titulo: 'Citas por llegar', estados: ['Programado'] },
  {
    clave: 'cerradas',
    titulo: 'Atendidas y cerradas',
    estados: ['Completado', 'Informado', 'Cancelado', 'No se presentó'],
  },
]

export const seccionDe = (estado: Estado | null): Seccion =>
  SECCIONES.find((s) => estado && s.estados.includes(estado)) ?? SECCIONES[SECCIONES.length - 1]!

/** A row's arrival as the clinic's 'YYYY-MM-DDTHH:MM', or null for a patient with no atención. */
const llegadaDe = (f: BusquedaFila) =>
  f.fechaLlegada && f.horaLlegada ? `${f.fechaLlegada}T${f.horaLlegada}` : null

/**
 * What the Llegada cell says under the time on the day's list: how long a waiting patient has
 * waited, or how late a cita of today is past its tolerance; null when neither.
 */
export function esperaDe(f: BusquedaFila, estado: Estado | null, ahora: string): string | null {
  const llegada = llegadaDe(f)
  if (!llegada || llegada.slice(0, 10) !== ahora.slice(0, 10)) return null
  const minutos = minutosEntre(llegada, ahora)
  if (estado === 'En espera') return `Espera ${duracionTexto(Math.max(0, minutos))}`
  if (estado === 'Programado' && minutos > MINUTOS_TOLERANCIA)
    return `Atrasada ${duracionTexto(minutos)}`
  return null
}

/** The columns the day's list sorts by, and how each compares two rows. */
export const COLUMNAS_ORDEN = {
  numero: (a: BusquedaFila, b: BusquedaFila) => (a.atencionId ?? 0) - (b.atencionId ?? 0),
  llegada: (a: BusquedaFila, b: BusquedaFila) =>
    (llegadaDe(a) ?? '').localeCompare(llegadaDe(b) ?? ''),
  paciente: (a: BusquedaFila, b: BusquedaFila) =>
    a.nombreCompleto.localeCompare(b.nombreCompleto, 'es'),
  estudios: (a: BusquedaFila, b: BusquedaFila) =>
    `${a.modalidad ?? ''} ${a.estudios.map((e) => e.nombre).join(', ')}`.localeCompare(
      `${b.modalidad ?? ''} ${b.estudios.map((e) => e.nombre).join(', ')}`,
      'es',
    ),
  sede: (a: BusquedaFila, b: BusquedaFila) => (a.sede ?? '').localeCompare(b.sede ?? '', 'es'),
  // Emergencia first when ascending: the order of urgency, not of the alphabet.
  prioridad: (a: BusquedaFila, b: BusquedaFila) =>
    rango(PRIORIDADES_URGENCIA, a.prioridad) - rango(PRIORIDADES_URGENCIA, b.prioridad),
  estado: (a: BusquedaFila, b: BusquedaFila) => rango(ESTADOS, a.estado) - rango(ESTADOS, b.estado),
} as const
export type ColumnaOrden = keyof typeof COLUMNAS_ORDEN

const PRIORIDADES_URGENCIA = [...PRIORIDADES].reverse()
const rango = (valores: readonly string[], v: string | null) =>
  v === null ? valores.length : valores.indexOf(v)

export interface Orden {
  columna: ColumnaOrden
  asc: boolean
}

/**
 * The rows of each section, in the server's order or sorted by a column (stably, so rows equal
 * in it keep the attention order); each section keeps its place.
 */
export function porSecciones(
  filas: readonly BusquedaFila[],
  estadoDe: (f: BusquedaFila) => Estado | null,
  orden: Orden | null,
): { seccion: Seccion; filas: BusquedaFila[] }[] {
  return SECCIONES.map((seccion) => {
    const propias = filas.filter((f) => seccionDe(estadoDe(f)) === seccion)
    if (orden) {
      const comparar = COLUMNAS_ORDEN[orden.columna]
      propias.sort((a, b) => (orden.asc ? comparar(a, b) : comparar(b, a)))
    }
    return { seccion, filas: propias }
  }).filter((s) => s.filas.length > 0)
}
