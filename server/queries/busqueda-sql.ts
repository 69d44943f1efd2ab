// The statements the search's strategies are made of (docs/busqueda-estrategias.md): the filters
// as SQL conditions, the two branches (atenciones, and patients with none yet) read as row keys,
// and the page those keys make, as one JSON value.
import type postgres from 'postgres'
import type { BusquedaFila, FiltrosBusqueda } from '../../shared/busqueda.js'
import { CAMPOS_NOMBRE, type CampoNombre, type PacienteDatos } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'
import { instanteDe, type Clave } from './clave.js'
import { escaparLike, tieneTrigramas } from './patrones.js'

/**
 * A row of the page as the statement builds it: the answer's own columns, the patient's birth date
 * (its age is computed in the server), the estudios' names, and the row's key.
 */
export interface BusquedaFilaBd
  extends
    Omit<BusquedaFila, 'nombreCompleto' | 'tipoEdad' | 'edad' | 'estudios' | 'interrumpida'>,
    Pick<PacienteDatos, 'fechaNacimiento'> {
  estudios: string[] | null
  /** null for a patient without atenciones. */
  interrumpida: boolean | null
  clave: string
  tipo: number
  claveId: number
}

/** Characters of the documento that migration 0012's indexes keep: `left(documento, 3)`. */
export const PREFIJO_INDEXADO = 3

/** Characters from which a documento's btree range is narrow enough to test every row of it. */
export const DOCUMENTO_ACOTADO = 4

export const largoDocumento = (f: FiltrosBusqueda) => [...(f.documento ?? '')].length
export const acotado = (f: FiltrosBusqueda) => largoDocumento(f) >= DOCUMENTO_ACOTADO
const tieneCampoNombre = (f: FiltrosBusqueda) => CAMPOS_NOMBRE.some((campo) => Boolean(f[campo]))
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
    f.cita,
  )
/** Whether a filter is on the patient's own fields, which the search matches by LIKE patterns. */
export const tieneFiltroPaciente = (f: FiltrosBusqueda) =>
  Boolean(f.tipoDocumento || f.documento) || tieneNombre(f)

/** The patient row (`p`) or the copies of its searched fields in `a` (atenciones) and `s` (0009). */
type Tabla = 'p' | 'a' | 's'

const COLUMNAS_NOMBRE: Record<CampoNombre, string> = {
  primerNombre: 'primer_nombre_norm',
  segundoNombre: 'segundo_nombre_norm',
  primerApellido: 'primer_apellido_norm',
  segundoApellido: 'segundo_apellido_norm',
}

/** `col` starts with `termino`: LIKE with a constant prefix becomes a btree range and an estimate. */
function prefijo(
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
 * The words of the names (0028) each typed word of «Nombre o documento» is in, one list per word
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
 * pacientes_actividad (`r`, 0029);
 * without, on their joined form of 0020 (a blank before each name). On a walk's copies, each name
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
 * patient row, with `deNombres` its words' lists (palabrasDeNombres) for the GIN index of 0028.
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
function columnasPaciente(f: FiltrosBusqueda): string[] {
  const nombres = f.palabras?.length ? CAMPOS_NOMBRE : CAMPOS_NOMBRE.filter((campo) => f[campo])
  return [
    ...(f.tipoDocumento ? ['tipo_documento'] : []),
    ...(f.documento ? ['documento'] : []),
    ...nombres.map((campo) => COLUMNAS_NOMBRE[campo]),
  ]
}

/** Conditions on the atención (`a`): sede, modalidad, and the clinic-local arrival dates. */
export function condicionesVisita(sql: Sql, f: FiltrosBusqueda, tz: string): postgres.Fragment[] {
  const c: postgres.Fragment[] = []
  if (f.sede) c.push(sql`a.sede = ${f.sede}`)
  if (f.modalidad) c.push(sql`a.modalidad = ${f.modalidad}`)
  if (f.estados?.length) c.push(sql`a.estado = any(${f.estados}::text[])`)
  if (f.prioridades?.length) c.push(sql`a.prioridad = any(${f.prioridades}::text[])`)
  if (f.cita) c.push(sql`a.turno is not null`)
  // Inclusive clinic-local dates as a half-open range of instants.
  if (f.fechaInicial)
    c.push(sql`a.llegada >= (${f.fechaInicial}::date)::timestamp at time zone ${tz}`)
  if (f.fechaFinal)
    c.push(sql`a.llegada < (${f.fechaFinal}::date + 1)::timestamp at time zone ${tz}`)
  return c
}

/** The planner's estimate of how many patients match; reliable for common names (0006). */
export async function estimarPacientes(
  sql: Sql,
  f: FiltrosBusqueda,
  deNombres: PalabrasDeNombres | null,
): Promise<number> {
  const [fila] =
    await sql`explain (format json) ${pacientesCoincidentes(sql, f, null, deNombres, false)}`
  const plan = Object.values(fila ?? {})[0] as [{ Plan: { 'Plan Rows': number } }] | undefined
  return plan?.[0]?.Plan['Plan Rows'] ?? 0
}

/**
 * The matching patients' ids (`id`), with their newest row's instant (`ultima`, 0029) when asked,
 * at most `tope` + 1 of them (null: all), as a subquery. Words of q alone read only
 * pacientes_actividad; with other patient fields, its rows join theirs. With a documento of
 * DOCUMENTO_ACOTADO or more characters and names, the names are tested on the documento range's
 * own entries, which carry them (0013); OFFSET 0 keeps the range a scan of its own, where the
 * planner would AND the names' trigram bitmaps.
 */
export function pacientesCoincidentes(
  sql: Sql,
  f: FiltrosBusqueda,
  tope: number | null,
  deNombres: PalabrasDeNombres | null,
  conUltima: boolean,
): postgres.Fragment {
  const limite = tope === null ? sql`` : sql`limit ${tope + 1}`
  const ultima = conUltima ? sql`, r.ultima` : sql``
  if (!acotado(f) || !tieneNombre(f)) {
    const condiciones = y(sql, condicionesPaciente(sql, f, 'p', deNombres))
    const soloPalabras = deNombres && !f.tipoDocumento && !f.documento && !tieneCampoNombre(f)
    if (soloPalabras)
      return sql`select r.paciente_id as id ${ultima} from pacientes_actividad r where ${condiciones} ${limite}`
    const desde =
      deNombres || conUltima
        ? sql`pacientes p join pacientes_actividad r on r.paciente_id = p.id`
        : sql`pacientes p`
    return sql`select p.id ${ultima} from ${desde} where ${condiciones} ${limite}`
  }
  // The range's own entries are few: each one's names are tested as text, without the words' index.
  const condiciones = y(sql, condicionesPaciente(sql, f, 'p'))
  const rango = prefijo(sql, sql`p.documento`, f.documento!)
  const junto = conUltima ? sql`join pacientes_actividad r on r.paciente_id = p.id` : sql``
  return sql`
    select p.id ${ultima} from (
      select ${sql(['id', ...columnasPaciente(f)].map((c) => `p.${c}`))} from pacientes p where ${rango} offset 0
    ) p ${junto}
    where ${condiciones} ${limite}`
}

/**
 * Of the `candidatos` CTE (ids with `ultima`), the patients whose rows can be on the page after
 * `despues`: those whose newest row is at or after the cursor's instant (at most the rows already
 * shown), and the `n` before it whose newest row is newest, ties kept. Any other patient's newest
 * row, and so each of its rows, comes after `n` rows of those (docs/busqueda-estrategias.md). The
 * n-th instant is found apart: a bounded sort of the candidates, where ORDER BY … WITH TIES sorts
 * them all.
 */
export function pacientesDeLaPagina(sql: Sql, n: number, despues: Clave | null): postgres.Fragment {
  const antes = despues ? sql`ultima < ${instanteDe(sql, despues)}` : sql`ultima is not null`
  return sql`
    select id from candidatos
    where ultima >= coalesce((
      select ultima from candidatos where ${antes}
      order by ultima desc offset ${n - 1} limit 1), '-infinity')`
}

/**
 * The walk of the patients newest first on pacientes_actividad_ultima_idx (0029), testing the
 * words of q (`deNombres`) on each one's index entry: CTEs `abajo`, the first `n` matches (ties
 * kept) among the first `tope` patients (ties kept) before the cursor's instant, and
 * `de_la_pagina`, those plus, after a cursor, every match at or after its instant, as
 * pacientesDeLaPagina chooses them. Any match the walk did not reach is older than all it read,
 * so with `n` found the page is among them; with fewer, nothing is proven.
 */
export function recorridoDePacientes(
  sql: Sql,
  f: FiltrosBusqueda,
  deNombres: PalabrasDeNombres,
  n: number,
  despues: Clave | null,
  tope: number,
): postgres.Fragment[] {
  const palabras = y(sql, condicionesPaciente(sql, f, 'p', deNombres))
  const instante = despues ? instanteDe(sql, despues) : null
  const abajo = sql`abajo as materialized (
    select r.id from (
      select r.paciente_id as id, r.ultima, r.palabras from pacientes_actividad r
      where r.ultima is not null ${instante ? sql`and r.ultima < ${instante}` : sql``}
      order by r.ultima desc fetch first ${tope} rows with ties
    ) r
    where ${palabras}
    order by r.ultima desc fetch first ${n} rows with ties)`
  const arriba = instante
    ? sql`union all
      select r.paciente_id from pacientes_actividad r where r.ultima >= ${instante} and ${palabras}`
    : sql``
  return [abajo, sql`de_la_pagina as (select id from abajo ${arriba})`]
}

export type Ramas = ReturnType<typeof ramas>

/**
 * The search's two branches, atenciones and patients with none, as row keys (instant, tipo, id):
 * tipo 1 atención, 0 patient. The visit filters drop the second. `n` rows at most, after `despues`.
 */
export function ramas(sql: Sql, f: FiltrosBusqueda, n: number, despues: Clave | null, tz: string) {
  const [, tipo, id = 0] = despues ?? []
  const instante = despues ? instanteDe(sql, despues) : sql`null`
  const visita = [
    ...condicionesVisita(sql, f, tz),
    !despues
      ? sql`true`
      : tipo === 1
        ? sql`(a.llegada, a.id) < (${instante}, ${id})`
        : sql`a.llegada < ${instante}`,
  ]
  const desdePaciente = !despues
    ? sql`true`
    : tipo === 1
      ? sql`s.creado_en <= ${instante}`
      : sql`(s.creado_en, s.paciente_id) < (${instante}, ${id})`
  // Implied by the documento condition; it lets a walk read only the rows of the documento's
  // first characters, still newest first, on 0012's indexes.
  const inicio = [...(f.documento ?? '')].slice(0, PREFIJO_INDEXADO).join('')
  const porInicio = [...inicio].length === PREFIJO_INDEXADO
  const enInicio = (t: Tabla) =>
    porInicio ? [sql`left(${sql(`${t}.documento`)}, ${PREFIJO_INDEXADO}) = ${inicio}`] : []
  const enRecorrido = y(sql, [...visita, ...enInicio('a')])
  const enRecorridoSinAtencion = y(sql, [desdePaciente, ...enInicio('s')])
  const conSinAtencion = !tieneFiltroVisita(f)
  const claveAtencion = sql`a.paciente_id as id, a.id as atencion_id, a.llegada as instante, 1 as tipo, a.id as clave_id`
  const claveSinAtencion = sql`
    s.paciente_id as id, null::integer as atencion_id, s.creado_en as instante, 0 as tipo, s.paciente_id as clave_id`
  const unir = (atenciones: postgres.Fragment, sinAtencion: postgres.Fragment) =>
    conSinAtencion ? sql`(${atenciones}) union all (${sinAtencion})` : atenciones
  // Without a cap (no patient condition) the first `n` rows are the page: that LIMIT inside lets
  // the planner read just them from an index in order, where a sort of every match looked cheaper.
  const tope = (t: number | null) => sql`limit ${t ?? n}`
  const leidas = (t: Tabla, claves: string[]) =>
    sql([...claves, ...columnasPaciente(f)].map((c) => `${t}.${c}`))

  return {
    /** Whether a walk reads only the rows of the documento's first PREFIJO_INDEXADO characters. */
    porInicio,
    /**
     * Newest first, testing the copied patient fields on each row, at most `t` rows per branch
     * (null: no patient filter, so the page). The inner LIMIT keeps its order, so the outer one
     * stops at the page.
     */
    recorrer(t: number | null): postgres.Fragment {
      const atenciones = sql`
        select ${claveAtencion} from (
          select ${leidas('a', ['paciente_id', 'id', 'llegada'])} from atenciones a where ${enRecorrido}
          order by a.llegada desc, a.id desc ${tope(t)}
        ) a
        where ${y(sql, condicionesPaciente(sql, f, 'a'))}
        order by a.llegada desc, a.id desc
        limit ${n}`
      const sinAtencion = sql`
        select ${claveSinAtencion} from (
          select ${leidas('s', ['paciente_id', 'creado_en'])} from pacientes_sin_atencion s where ${enRecorridoSinAtencion}
          order by s.creado_en desc, s.paciente_id desc ${tope(t)}
        ) s
        where ${y(sql, condicionesPaciente(sql, f, 's'))}
        order by s.creado_en desc, s.paciente_id desc
        limit ${n}`
      return unir(atenciones, sinAtencion)
    },
    /** Whether a walk capped at `t` rows stopped short of the end of a branch. */
    async truncado(t: number): Promise<boolean> {
      const cuenta = (desde: postgres.Fragment) =>
        sql`(select count(*) from (${desde} limit ${t + 1}) x) > ${t}`
      const sinAtencion = sql`select 1 from pacientes_sin_atencion s where ${enRecorridoSinAtencion}`
      const [fila] = await sql<{ si: boolean }[]>`
        select ${cuenta(sql`select 1 from atenciones a where ${enRecorrido}`)}
          ${conSinAtencion ? sql`or ${cuenta(sinAtencion)}` : sql``} as si`
      return fila?.si ?? false
    },
    /** The newest rows of each patient of the statement's CTE `desde` (ids), merged. */
    dePacientes(desde: 'candidatos' | 'de_la_pagina'): postgres.Fragment {
      const dePaciente = (consulta: postgres.Fragment) => sql`
        select x.* from ${sql(desde)} c cross join lateral (${consulta} limit ${n}) x
        order by instante desc, clave_id desc limit ${n}`
      return unir(
        dePaciente(sql`
          select ${claveAtencion} from atenciones a where a.paciente_id = c.id and ${y(sql, visita)}
          order by a.llegada desc, a.id desc`),
        dePaciente(sql`
          select ${claveSinAtencion} from pacientes_sin_atencion s where s.paciente_id = c.id and ${desdePaciente}`),
      )
    },
  }
}

/**
 * The page's rows, the keys of `claves` newest first with their columns, as one JSON array: the
 * server parses one value instead of twenty a row.
 */
export function filasDe(
  sql: Sql,
  claves: postgres.Fragment,
  n: number,
  tz: string,
): postgres.Fragment {
  return sql`
    select coalesce(json_agg(json_build_object(
      'id', x.id, 'atencionId', x.atencion_id, 'cita', a.turno is not null,
      'tipoDocumento', p.tipo_documento, 'documento', p.documento,
      'primerNombre', p.primer_nombre, 'segundoNombre', p.segundo_nombre,
      'primerApellido', p.primer_apellido, 'segundoApellido', p.segundo_apellido,
      'fechaNacimiento', p.fecha_nacimiento, 'estudios', a.estudios,
      'modalidad', a.modalidad, 'sede', a.sede, 'estado', a.estado,
      'procedencia', a.procedencia, 'prioridad', a.prioridad,
      'fechaLlegada', to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD'),
      'horaLlegada', to_char(a.llegada at time zone ${tz}, 'HH24:MI'),
      'clave', to_char(x.instante at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'tipo', x.tipo, 'claveId', x.clave_id,
      -- Waiting again because its equipment reported the study interrupted (docs/dicom.md#mpps).
      'interrumpida', a.estado = 'En espera' and (select m.estado from mpps m
        where m.atencion_id = a.id order by m.actualizado_en desc limit 1) = 'DISCONTINUED'
    ) order by x.instante desc, x.tipo desc, x.clave_id desc), '[]')::text as filas
    from (
      select * from (${claves}) r
      order by r.instante desc, r.tipo desc, r.clave_id desc
      limit ${n}
    ) x
    join pacientes p on p.id = x.id
    left join atenciones a on a.id = x.atencion_id`
}

export const leerFilas = (filas: string): BusquedaFilaBd[] => JSON.parse(filas) as BusquedaFilaBd[]
