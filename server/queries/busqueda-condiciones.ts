// The search's filters as SQL conditions, on the patient row or on the copies of its searched
// fields that atenciones and pacientes_sin_atencion keep, and the pure tests on the filters the
// strategies choose by (docs/busqueda-estrategias.md).
import type postgres from 'postgres'
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import { CAMPOS_NOMBRE, type CampoNombre } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'
import { escaparLike, tieneTrigramas } from './patrones.js'

/** Characters from which a documento's btree range is narrow enough to test every row of it. */
export const DOCUMENTO_ACOTADO = 4

export const largoDocumento = (f: FiltrosBusqueda) => [...(f.documento ?? '')].length
export const acotado = (f: FiltrosBusqueda) => largoDocumento(f) >= DOCUMENTO_ACOTADO
export const tieneCampoNombre = (f: FiltrosBusqueda) =>
  CAMPOS_NOMBRE.some((campo) => Boolean(f[campo]))
export const tieneNombre = (f: FiltrosBusqueda) =>
  tieneCampoNombre(f) || Boolean(f.palabras?.length)
export const tieneFiltroVisita = (f: FiltrosBusqueda) =>
  Boolean(
    f.sede ||
    f.modalidad ||
    f.fechaInicial ||
    f.fechaFinal ||
    f.estados?.length ||
    f.prioridades?.length ||
    f.cita ||
    f.salaId,
  )
/** Whether a filter is on the patient's own fields, which the search matches by LIKE patterns. */
export const tieneFiltroPaciente = (f: FiltrosBusqueda) =>
  Boolean(f.tipoDocumento || f.documento) || tieneNombre(f)
/**
 * Whether the patient filter is only words of q (with a tipo de documento at most): then the
 * planner counts each word's patients from the statistics of array elements, close enough to
 * decide on the estimate alone.
 */
export const soloPalabras = (f: FiltrosBusqueda) =>
  Boolean(f.palabras?.length) && !f.documento && !tieneCampoNombre(f)

/** The patient row (`p`) or the copies of its searched fields in `a` (atenciones) and `s` (pacientes_sin_atencion). */
export type Tabla = 'p' | 'a' | 's'

const COLUMNAS_NOMBRE: Record<CampoNombre, string> = {
  primerNombre: 'primer_nombre_norm',
  segundoNombre: 'segundo_nombre_norm',
  primerApellido: 'primer_apellido_norm',
  segundoApellido: 'segundo_apellido_norm',
}

/** `col` starts with `termino`: LIKE with a constant prefix becomes a btree range and an estimate. */
export function prefijo(
  sql: Sql,
  col: postgres.Fragment,
  termino: string,
  normalizado = false,
): postgres.Fragment {
  const patron = escaparLike(termino)
  return normalizado
    ? sql`${col} like (normalizar(${patron}) || '%')`
    : sql`${col} like ${patron + '%'}`
}

export function y(sql: Sql, condiciones: postgres.Fragment[]): postgres.Fragment {
  return condiciones.reduce((acc, c) => sql`${acc} and (${c})`, sql`true`)
}

/** A name column holds `termino`: anywhere from 3 characters, at its start below (docs/datos.md#coincidencias). */
function contiene(sql: Sql, col: postgres.Fragment, termino: string): postgres.Fragment {
  // A term pg_trgm draws no trigram from matches as a prefix on the text_pattern_ops btree.
  return tieneTrigramas(termino)
    ? sql`${col} like ('%' || normalizar(${escaparLike(termino)}) || '%')`
    : prefijo(sql, col, termino, true)
}

/**
 * The words of the names (nombres_palabras) each typed word of «Nombre o documento» is in, one list per word
 * in `f.palabras` order: by a word's own list of patients the search finds those with any of them.
 */
export type PalabrasDeNombres = string[][]

/**
 * Which words of all the names hold each typed word: anywhere from a trigram on, else at their
 * start. A typed word has no blank (a character that normalises to one is a fraction, so the word
 * is a document), so it is in the four joined names exactly when it is in one of their words.
 */
export async function palabrasDeNombres(sql: Sql, f: FiltrosBusqueda): Promise<PalabrasDeNombres> {
  const palabras = f.palabras ?? []
  if (palabras.length === 0) return []
  const listas = palabras.map((palabra, i) => {
    const patron = escaparLike(palabra)
    const en = tieneTrigramas(palabra)
      ? sql`w.palabra like ('%' || normalizar(${patron}) || '%')`
      : sql`w.palabra like (normalizar(${patron}) || '%')`
    return sql`array(select w.palabra from nombres_palabras w where ${en}) as ${sql(`l${i}`)}`
  })
  const [fila] = await sql<Record<string, string[]>[]>`
    select ${listas.reduce((acc, l) => sql`${acc}, ${l}`)}`
  return palabras.map((_, i) => fila![`l${i}`] ?? [])
}

/**
 * A word of «Nombre o documento» is in one of the four names: anywhere from a trigram on, else at
 * the start of a name or of one of its words («la» in «De la Cruz»). On pacientes, with the words
 * of the names that hold it (`deNombres`), the patient has one of them, on the GIN index of
 * pacientes_actividad (`r`);
 * without, on their joined form nombres_busqueda (a blank before each name). On a walk's copies, each name
 * is tested by itself: a word has no blank, so it is in the joined text exactly when it is in one
 * of the names, and a walk does not build that text for every row it reads.
 */
function enAlgunNombre(
  sql: Sql,
  t: Tabla,
  palabra: string,
  deNombres: string[] | undefined,
): postgres.Fragment {
  const patron = escaparLike(palabra)
  const trigramas = tieneTrigramas(palabra)
  const columnas = Object.values(COLUMNAS_NOMBRE).map((c) => `${t}.${c}`)
  if (t === 'p' && deNombres) return sql`r.palabras && ${deNombres}::text[]`
  if (t === 'p') {
    const nombres = sql`nombres_busqueda(${sql(columnas)})`
    return trigramas
      ? sql`${nombres} like ('%' || normalizar(${patron}) || '%')`
      : sql`${nombres} like ('% ' || normalizar(${patron}) || '%')`
  }
  return columnas
    .map((c) =>
      trigramas
        ? sql`${sql(c)} like ('%' || normalizar(${patron}) || '%')`
        : sql`${sql(c)} like (normalizar(${patron}) || '%') or ${sql(c)} like ('% ' || normalizar(${patron}) || '%')`,
    )
    .reduce((acc, c) => sql`${acc} or ${c}`)
}

/**
 * Conditions on the patient's searched fields, on the patient row or on a table's copies; on the
 * patient row, with `deNombres` its words' lists (palabrasDeNombres) for pacientes_actividad's GIN index.
 */
export function condicionesPaciente(
  sql: Sql,
  f: FiltrosBusqueda,
  t: Tabla,
  deNombres: PalabrasDeNombres | null = null,
): postgres.Fragment[] {
  const c: postgres.Fragment[] = []
  const columna = (nombre: string) => sql`${sql(`${t}.${nombre}`)}`
  if (f.tipoDocumento) c.push(sql`${columna('tipo_documento')} = ${f.tipoDocumento}`)
  if (f.documento) c.push(prefijo(sql, columna('documento'), f.documento))
  for (const campo of CAMPOS_NOMBRE) {
    const termino = f[campo]
    if (termino) c.push(contiene(sql, columna(COLUMNAS_NOMBRE[campo]), termino))
  }
  for (const [i, palabra] of (f.palabras ?? []).entries())
    c.push(enAlgunNombre(sql, t, palabra, deNombres?.[i]))
  return c
}

/** The copied columns the patient conditions read: a walk's inner scan yields only these. */
export function columnasPaciente(f: FiltrosBusqueda): string[] {
  const nombres = f.palabras?.length ? CAMPOS_NOMBRE : CAMPOS_NOMBRE.filter((campo) => f[campo])
  return [
    ...(f.tipoDocumento ? ['tipo_documento'] : []),
    ...(f.documento ? ['documento'] : []),
    ...nombres.map((campo) => COLUMNAS_NOMBRE[campo]),
  ]
}

/** Conditions on the atención (`a`): sede, modalidad, sala, and the clinic-local arrival dates. */
export function condicionesVisita(sql: Sql, f: FiltrosBusqueda, tz: string): postgres.Fragment[] {
  const c: postgres.Fragment[] = []
  if (f.sede) c.push(sql`a.sede = ${f.sede}`)
  if (f.modalidad) c.push(sql`a.modalidad = ${f.modalidad}`)
  if (f.estados?.length) c.push(sql`a.estado = any(${f.estados}::text[])`)
  if (f.prioridades?.length) c.push(sql`a.prioridad = any(${f.prioridades}::text[])`)
  if (f.cita) c.push(sql`a.turno is not null`)
  if (f.salaId) c.push(sql`a.sala_id = ${f.salaId}`)
  // Inclusive clinic-local dates as a half-open range of instants.
  if (f.fechaInicial)
    c.push(sql`a.llegada >= (${f.fechaInicial}::date)::timestamp at time zone ${tz}`)
  if (f.fechaFinal)
    c.push(sql`a.llegada < (${f.fechaFinal}::date + 1)::timestamp at time zone ${tz}`)
  return c
}
