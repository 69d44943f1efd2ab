// The search's filters as SQL conditions, on the patient row or on the copies of its searched
// fields that atenciones and pacientes_sin_atencion keep, and the pure tests on the filters the
// strategies choose by (docs/busqueda-estrategias.md).
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import { ESTADOS } from '../../shared/catalogos.js'
import { CAMPOS_NOMBRE, type CampoNombre } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'
import { escaparLike, tieneTrigramas } from './patrones.js'
import { consulta, crudo, nombre, t, unir, type Trozo } from './trozo.js'

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
export function prefijo(col: Trozo, termino: string, normalizado = false): Trozo {
  const patron = escaparLike(termino)
  return normalizado
    ? t`${col} like (normalizar(${patron}) || '%')`
    : t`${col} like ${patron + '%'}`
}

/**
 * Whether the documento typed is ASCII letters and digits, as every stored one is: then its prefix
 * is also a btree range (documentoEmpieza), and a search by it alone keeps a cached plan.
 */
export const documentoPorRango = (f: FiltrosBusqueda) =>
  f.documento !== undefined && enRango(f.documento)
const enRango = (d: string) => /^[0-9A-Z]+$/.test(d)

/**
 * `col` starts with the documento `d`. Typed as ASCII letters and digits, it is also written as
 * the btree range it is, [d, d with its last character's successor) in byte order: a cached generic
 * plan keeps the text_pattern_ops index on that range, where LIKE's prefix reaches the index only in
 * a plan made for its constant value. The LIKE stays, so the rows are the same either way.
 */
export function documentoEmpieza(col: Trozo, d: string): Trozo {
  if (!enRango(d)) return prefijo(col, d)
  const hasta = d.slice(0, -1) + String.fromCharCode(d.charCodeAt(d.length - 1) + 1)
  return t`${col} ~>=~ ${d} and ${col} ~<~ ${hasta} and ${prefijo(col, d)}`
}

/** Every condition, each in parentheses: `true` and each of them. */
export function y(condiciones: Trozo[]): Trozo {
  return unir([crudo('true'), ...condiciones.map((c) => t`(${c})`)], ' and ')
}

/** A name column holds `termino`: anywhere from 3 characters, at its start below (docs/datos.md#coincidencias). */
function contiene(col: Trozo, termino: string): Trozo {
  // A term pg_trgm draws no trigram from matches as a prefix on the text_pattern_ops btree.
  return tieneTrigramas(termino)
    ? t`${col} like ('%' || normalizar(${escaparLike(termino)}) || '%')`
    : prefijo(col, termino, true)
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
      ? t`w.palabra like ('%' || normalizar(${patron}) || '%')`
      : t`w.palabra like (normalizar(${patron}) || '%')`
    return t`array(select w.palabra from nombres_palabras w where ${en}) as ${nombre(`l${i}`)}`
  })
  const [fila] = await consulta<Record<string, string[]>[]>(sql, t`select ${unir(listas, ', ')}`)
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
function enAlgunNombre(tabla: Tabla, palabra: string, deNombres: string[] | undefined): Trozo {
  const patron = escaparLike(palabra)
  const trigramas = tieneTrigramas(palabra)
  const columnas = Object.values(COLUMNAS_NOMBRE).map((c) => nombre(`${tabla}.${c}`))
  if (tabla === 'p' && deNombres) return t`r.palabras && ${deNombres}::text[]`
  if (tabla === 'p') {
    const nombres = t`nombres_busqueda(${unir(columnas, ',')})`
    return trigramas
      ? t`${nombres} like ('%' || normalizar(${patron}) || '%')`
      : t`${nombres} like ('% ' || normalizar(${patron}) || '%')`
  }
  return unir(
    columnas.map((c) =>
      trigramas
        ? t`${c} like ('%' || normalizar(${patron}) || '%')`
        : t`${c} like (normalizar(${patron}) || '%') or ${c} like ('% ' || normalizar(${patron}) || '%')`,
    ),
    ' or ',
  )
}

/**
 * Conditions on the patient's searched fields, on the patient row or on a table's copies; on the
 * patient row, with `deNombres` its words' lists (palabrasDeNombres) for pacientes_actividad's GIN index.
 */
export function condicionesPaciente(
  f: FiltrosBusqueda,
  tabla: Tabla,
  deNombres: PalabrasDeNombres | null = null,
): Trozo[] {
  const c: Trozo[] = []
  const columna = (n: string) => nombre(`${tabla}.${n}`)
  if (f.tipoDocumento) c.push(t`${columna('tipo_documento')} = ${f.tipoDocumento}`)
  // The range matters on the patient row (its index); on a walk's copies it is a filter like the LIKE.
  if (f.documento)
    c.push(
      tabla === 'p'
        ? documentoEmpieza(columna('documento'), f.documento)
        : prefijo(columna('documento'), f.documento),
    )
  for (const campo of CAMPOS_NOMBRE) {
    const termino = f[campo]
    if (termino) c.push(contiene(columna(COLUMNAS_NOMBRE[campo]), termino))
  }
  for (const [i, palabra] of (f.palabras ?? []).entries())
    c.push(enAlgunNombre(tabla, palabra, deNombres?.[i]))
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

/**
 * The members of `lista` (the code's own closed list) that `elegidos` holds, in the list's order,
 * as SQL literals: text written in the code, never a request's. Written so, a cached generic plan
 * can prove a set of estados lies within a partial index's (0077's open atenciones), which it
 * cannot for an array parameter; each set of estados is a statement of its own, at most 2^7.
 */
function literales(lista: readonly string[], elegidos: readonly string[]): Trozo {
  const de = lista.filter((x) => elegidos.includes(x))
  // Validation only lets the list's members through; none would be no row, not a syntax error.
  return crudo(de.length > 0 ? de.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ') : 'null')
}

/** Conditions on the atención (`a`): sede, modalidad, sala, and the clinic-local arrival dates. */
export function condicionesVisita(f: FiltrosBusqueda, tz: string): Trozo[] {
  const c: Trozo[] = []
  if (f.sede) c.push(t`a.sede = ${f.sede}`)
  if (f.modalidad) c.push(t`a.modalidad = ${f.modalidad}`)
  if (f.estados?.length) c.push(t`a.estado in (${literales(ESTADOS, f.estados)})`)
  if (f.prioridades?.length) c.push(t`a.prioridad = any(${f.prioridades}::text[])`)
  if (f.cita) c.push(t`a.turno is not null`)
  if (f.salaId) c.push(t`a.sala_id = ${f.salaId}`)
  // Inclusive clinic-local dates as a half-open range of instants.
  if (f.fechaInicial)
    c.push(t`a.llegada >= (${f.fechaInicial}::date)::timestamp at time zone ${tz}`)
  if (f.fechaFinal) c.push(t`a.llegada < (${f.fechaFinal}::date + 1)::timestamp at time zone ${tz}`)
  return c
}
