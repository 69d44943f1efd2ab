// The search (DESIGN.md, Search). Two branches, merged newest first and cut at the page size:
// atenciones, and patients with no atención yet (from the small pacientes_sin_atencion table, so
// no anti-join over millions of rows); the visit filters drop the second. The key (instant, tipo,
// id) orders both: tipo 1 atención, 0 patient. Both tables carry copies of the patient's searched
// fields (0009), so a name filter is tested inside the walk's index; with few matching patients
// the search starts from them instead (see consulta).
import type postgres from 'postgres'
import type { Estado, Modalidad, Prioridad, Procedencia, Sede, TipoDocumento } from '../../shared/catalogos.js'
import { CAMPOS_NOMBRE, type FiltrosBusqueda } from '../../shared/busqueda.js'
import type { Sql } from '../db.js'
import type { Clave } from './cursor.js'
import { escaparLike, tieneTrigramas } from './patrones.js'

export interface BusquedaFilaBd {
  id: number
  atencionId: number | null
  tipoDocumento: TipoDocumento
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
  fechaNacimiento: string
  estudios: string[] | null
  modalidad: Modalidad | null
  sede: Sede | null
  estado: Estado | null
  procedencia: Procedencia | null
  prioridad: Prioridad | null
  fechaLlegada: string | null
  horaLlegada: string | null
  clave: string
  tipo: number
  claveId: number
}

type Tabla = 'p' | 'a' | 's'

/**
 * Conditions on the patient's searched fields, shared by both branches. They hold on the patient
 * row (`p`) or on the copies each atención (`a`) and each pacientes_sin_atencion entry (`s`) keep
 * of those fields (0009), so a walk tests them without leaving its index.
 */
function condicionesPaciente(sql: Sql, f: FiltrosBusqueda, t: Tabla): postgres.Fragment[] {
  const c: postgres.Fragment[] = []
  const columna = (nombre: string) => sql`${sql(`${t}.${nombre}`)}`
  if (f.tipoDocumento) c.push(sql`${columna('tipo_documento')} = ${f.tipoDocumento}`)
  // Exact or prefix on the documento btree.
  if (f.documento) c.push(prefijo(sql, columna('documento'), f.documento))
  for (const campo of CAMPOS_NOMBRE) {
    const termino = f[campo]
    if (!termino) continue
    const col = columna(COLUMNAS_NOMBRE[campo])
    // A term pg_trgm draws no trigram from matches as a prefix on the text_pattern_ops btree.
    c.push(
      tieneTrigramas(termino)
        ? sql`${col} like ('%' || normalizar(${escaparLike(termino)}) || '%')`
        : prefijo(sql, col, termino, true),
    )
  }
  return c
}

const COLUMNAS_NOMBRE: Record<(typeof CAMPOS_NOMBRE)[number], string> = {
  primerNombre: 'primer_nombre_norm',
  segundoNombre: 'segundo_nombre_norm',
  primerApellido: 'primer_apellido_norm',
  segundoApellido: 'segundo_apellido_norm',
}

/**
 * The copied columns the patient conditions read: a walk's inner scan yields only these and its
 * keys, since every column it carries costs each of the tens of thousands of rows it reads.
 */
function columnasPaciente(f: FiltrosBusqueda): string[] {
  return [
    ...(f.tipoDocumento ? ['tipo_documento'] : []),
    ...(f.documento ? ['documento'] : []),
    ...CAMPOS_NOMBRE.filter((campo) => f[campo]).map((campo) => COLUMNAS_NOMBRE[campo]),
  ]
}

function condicionesVisita(sql: Sql, f: FiltrosBusqueda, tz: string): postgres.Fragment[] {
  const c: postgres.Fragment[] = []
  if (f.sede) c.push(sql`a.sede = ${f.sede}`)
  if (f.modalidad) c.push(sql`a.modalidad = ${f.modalidad}`)
  // Inclusive clinic-local dates as a half-open range of instants.
  if (f.fechaInicial) c.push(sql`a.llegada >= (${f.fechaInicial}::date)::timestamp at time zone ${tz}`)
  if (f.fechaFinal) c.push(sql`a.llegada < (${f.fechaFinal}::date + 1)::timestamp at time zone ${tz}`)
  return c
}

/** `col` starts with `termino`: LIKE with a constant prefix becomes a btree range and an estimate. */
function prefijo(sql: Sql, col: postgres.Fragment, termino: string, normalizado = false): postgres.Fragment {
  const patron = escaparLike(termino)
  return normalizado ? sql`${col} like (normalizar(${patron}) || '%')` : sql`${col} like ${patron + '%'}`
}

function y(sql: Sql, condiciones: postgres.Fragment[]): postgres.Fragment {
  return condiciones.reduce((acc, c) => sql`${acc} and (${c})`, sql`true`)
}

export interface Ajustes {
  /**
   * Most matching patients the search starts from: counting them and reading each one's newest
   * atenciones costs ~4 µs a patient; past it the walk, ~0.15 µs an atención read from its index,
   * is cheaper (1,000 patients of a million hold 0.1 % of the atenciones: ~50,000 walked for a
   * page). Measured on the bench's name terms (sequential, best of 3 per term): 700 and 1,000 gave
   * the same mean, 1,500 and more made the slowest searches slower.
   */
  pocos: number
  /**
   * Atenciones walked before giving up on the walk: a page not found by then means a rare match,
   * and the search starts from the patients instead.
   */
  recorrido: number
  /**
   * Rows a documento of three or four characters typed alone walks within its first three (0012)
   * before the search turns to its patients (0: never). Of a million DNIs, three digits fill a
   * page in 51 rows and four in ~500 (0.3 ms, where reading the ~490 patients' own rows took 5 to
   * 8 ms); a longer documento has few patients and starts from them.
   */
  recorridoInicio: number
}
const AJUSTES: Ajustes = { pocos: 1000, recorrido: 50_000, recorridoInicio: 2000 }

/** The planner's estimate of how many patients match; reliable for common names (see 0006). */
async function estimarPacientes(sql: Sql, paciente: postgres.Fragment[]): Promise<number> {
  const [fila] = await sql`explain (format json) select p.id from pacientes p where ${y(sql, paciente)}`
  const plan = Object.values(fila ?? {})[0] as [{ Plan: { 'Plan Rows': number } }] | undefined
  return plan?.[0]?.Plan['Plan Rows'] ?? 0
}

const tieneNombre = (f: FiltrosBusqueda) => CAMPOS_NOMBRE.some((campo) => Boolean(f[campo]))

/** Characters from which a documento's btree range is narrow enough to test every row of it. */
const DOCUMENTO_ACOTADO = 4

const largoDocumento = (f: FiltrosBusqueda) => [...(f.documento ?? '')].length

const acotado = (f: FiltrosBusqueda) => largoDocumento(f) >= DOCUMENTO_ACOTADO

/**
 * The matching patients' ids, at most `tope` + 1 of them (null: all), as a subquery. With a
 * documento of 4 or more characters the names are tested on its range's entries, which carry them
 * (0013); left free, the planner ANDs the names' trigram bitmaps with it, tens of thousands of
 * patients each for a common syllable: 4.8 ms where the range's 491 entries take 0.15, and 15 ms
 * where all 40,000 cédulas sharing a prefix take 9. OFFSET 0 keeps the range a scan of its own.
 */
function pacientesCoincidentes(sql: Sql, f: FiltrosBusqueda, tope: number | null): postgres.Fragment {
  const limite = tope === null ? sql`` : sql`limit ${tope + 1}`
  const condiciones = y(sql, condicionesPaciente(sql, f, 'p'))
  if (!acotado(f) || !tieneNombre(f)) return sql`select p.id from pacientes p where ${condiciones} ${limite}`
  const rango = prefijo(sql, sql`p.documento`, f.documento!)
  return sql`
    select p.id from (
      select ${sql(['id', ...columnasPaciente(f)].map((c) => `p.${c}`))} from pacientes p where ${rango} offset 0
    ) p
    where ${condiciones} ${limite}`
}

export const tieneFiltroVisita = (f: FiltrosBusqueda) => Boolean(f.sede || f.modalidad || f.fechaInicial || f.fechaFinal)

/** Whether a filter is on the patient's own fields, which the search matches by LIKE patterns. */
export const tieneFiltroPaciente = (f: FiltrosBusqueda) => Boolean(f.tipoDocumento || f.documento) || tieneNombre(f)

export interface Opciones {
  ajustes?: Partial<Ajustes>
  /** The audit record of this search, written by the search's own first statement. */
  registro?: postgres.Fragment
}

/** One page (limite + 1 rows, to know whether there is a next) after the cursor (instant, tipo, id). */
export async function buscar(
  sql: Sql,
  f: FiltrosBusqueda,
  limite: number,
  despues: Clave | null,
  tz: string,
  { ajustes = {}, registro }: Opciones = {},
): Promise<BusquedaFilaBd[]> {
  // With a patient filter `sql` must be the search's client, which plans for the LIKE patterns'
  // values (server/db.ts).
  const n = limite + 1
  // The record rides in the first statement that reads rows: one round trip and one commit fewer.
  let pendiente = registro ? [sql`registro as (${registro})`] : []
  const con: Con = (...ctes) => {
    const lista = [...pendiente, ...ctes]
    pendiente = []
    return lista.length === 0 ? sql`` : sql`with ${lista.reduce((acc, cte) => sql`${acc}, ${cte}`)}`
  }
  return consulta(sql, f, n, ramas(sql, f, n, despues, tz), con, tz, { ...AJUSTES, ...ajustes })
}

/** The WITH clause of a statement: these CTEs, after the audit record if no statement wrote it yet. */
type Con = (...ctes: postgres.Fragment[]) => postgres.Fragment

/**
 * A short documento typed alone: walk its own prefix's rows first. Few matching patients: start
 * from them (cost ∝ matches). Many: walk the newest rows and stop at the page (cost ∝ 1 / share
 * matched). The planner's guess of the count can be off by orders of magnitude for rare or
 * mistyped names: a small guess is counted, and a walk that reaches its cap without a full page
 * hands over to the patients.
 */
async function consulta(
  sql: Sql,
  f: FiltrosBusqueda,
  n: number,
  b: Ramas,
  con: Con,
  tz: string,
  { pocos, recorrido, recorridoInicio }: Ajustes,
): Promise<BusquedaFilaBd[]> {
  if (!tieneFiltroPaciente(f)) return pagina(sql, con(), b.recorrer(null), n, tz)
  const corto = largoDocumento(f) <= 4
  const soloDocumento = !tieneFiltroVisita(f) && !tieneNombre(f)
  if (b.porInicio && corto && soloDocumento && recorridoInicio > 0) {
    const filas = await pagina(sql, con(), b.recorrer(recorridoInicio), n, tz)
    if (filas.length === n || !(await b.truncado(recorridoInicio))) return filas
  }
  // A documento of 4 or more characters reads a btree range that the count's LIMIT cuts short:
  // counting costs less than asking the planner first.
  const contar = acotado(f) || (await estimarPacientes(sql, condicionesPaciente(sql, f, 'p'))) < 2 * pocos
  if (contar) {
    const filas = await paginaDeCandidatos(sql, con, b, pacientesCoincidentes(sql, f, pocos), pocos, n, tz)
    if (filas) return filas
  }
  const filas = await pagina(sql, con(), b.recorrer(recorrido), n, tz)
  if (filas.length === n || !(await b.truncado(recorrido))) return filas
  const todos = con(sql`candidatos as materialized (${pacientesCoincidentes(sql, f, null)})`)
  return pagina(sql, todos, b.dePacientes(), n, tz)
}

type Ramas = ReturnType<typeof ramas>

/**
 * The search's two branches, atenciones and patients with none, as row keys (instant, tipo,
 * id): tipo 1 atención, 0 patient. The visit filters drop the second.
 */
function ramas(sql: Sql, f: FiltrosBusqueda, n: number, despues: Clave | null, tz: string) {
  const [instante = '', tipo, id = 0] = despues ?? []
  const visita = [
    ...condicionesVisita(sql, f, tz),
    !despues
      ? sql`true`
      : tipo === 1
        ? sql`(a.llegada, a.id) < (${instante}::timestamptz, ${id})`
        : sql`a.llegada < ${instante}::timestamptz`,
  ]
  const desdePaciente = !despues
    ? sql`true`
    : tipo === 1
      ? sql`s.creado_en <= ${instante}::timestamptz`
      : sql`(s.creado_en, s.paciente_id) < (${instante}::timestamptz, ${id})`
  // Implied by the documento condition; it lets a walk read only the rows that start with the
  // documento's first three characters, still newest first (0012). The 3 is the indexes' own.
  const inicio = [...(f.documento ?? '')].slice(0, 3).join('')
  const enInicio = (t: Tabla) =>
    inicio.length === 3 ? [sql`left(${sql(`${t}.documento`)}, 3) = ${inicio}`] : []
  const enRecorrido = y(sql, [...visita, ...enInicio('a')])
  const enRecorridoSinAtencion = y(sql, [desdePaciente, ...enInicio('s')])
  const conSinAtencion = !tieneFiltroVisita(f)
  const claveAtencion = sql`a.paciente_id as id, a.id as atencion_id, a.llegada as instante, 1 as tipo, a.id as clave_id`
  const claveSinAtencion = sql`
    s.paciente_id as id, null::integer as atencion_id, s.creado_en as instante, 0 as tipo, s.paciente_id as clave_id`
  const unir = (atenciones: postgres.Fragment, sinAtencion: postgres.Fragment) =>
    conSinAtencion ? sql`(${atenciones}) union all (${sinAtencion})` : atenciones
  const tope = (t: number | null) => (t === null ? sql`` : sql`limit ${t}`)
  const leidas = (t: Tabla, claves: string[]) => sql([...claves, ...columnasPaciente(f)].map((c) => `${t}.${c}`))

  return {
    /** Whether a walk reads only the rows of the documento's first three characters. */
    porInicio: inicio.length === 3,
    /**
     * Newest first, testing the copied patient fields on each row, at most `t` rows per branch
     * (null: no cap). The inner LIMIT keeps its order, so the outer one stops at the page.
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
      const cuenta = (desde: postgres.Fragment) => sql`(select count(*) from (${desde} limit ${t + 1}) x) > ${t}`
      const sinAtencion = sql`select 1 from pacientes_sin_atencion s where ${enRecorridoSinAtencion}`
      const [fila] = await sql<{ si: boolean }[]>`
        select ${cuenta(sql`select 1 from atenciones a where ${enRecorrido}`)}
          ${conSinAtencion ? sql`or ${cuenta(sinAtencion)}` : sql``} as si`
      return fila?.si ?? false
    },
    /** The newest rows of each patient of the `candidatos` CTE (see paginaDeCandidatos), merged. */
    dePacientes(): postgres.Fragment {
      const dePaciente = (consulta: postgres.Fragment) => sql`
        select x.* from candidatos c cross join lateral (${consulta} limit ${n}) x
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
 * The page's rows, the keys of `claves` newest first with their columns (dates included), as one
 * JSON array: the client reads one value instead of twenty a row, which was most of the server's
 * time per search (0.6 ms of parsing for a page of 50).
 */
function filasDe(sql: Sql, claves: postgres.Fragment, n: number, tz: string): postgres.Fragment {
  return sql`
    select coalesce(json_agg(json_build_object(
      'id', x.id, 'atencionId', x.atencion_id,
      'tipoDocumento', p.tipo_documento, 'documento', p.documento,
      'primerNombre', p.primer_nombre, 'segundoNombre', p.segundo_nombre,
      'primerApellido', p.primer_apellido, 'segundoApellido', p.segundo_apellido,
      'fechaNacimiento', p.fecha_nacimiento, 'estudios', a.estudios,
      'modalidad', a.modalidad, 'sede', a.sede, 'estado', a.estado,
      'procedencia', a.procedencia, 'prioridad', a.prioridad,
      'fechaLlegada', to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD'),
      'horaLlegada', to_char(a.llegada at time zone ${tz}, 'HH24:MI'),
      'clave', to_char(x.instante at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'tipo', x.tipo, 'claveId', x.clave_id
    ) order by x.instante desc, x.tipo desc, x.clave_id desc), '[]')::text as filas
    from (
      select * from (${claves}) r
      order by r.instante desc, r.tipo desc, r.clave_id desc
      limit ${n}
    ) x
    join pacientes p on p.id = x.id
    left join atenciones a on a.id = x.atencion_id`
}

const leerFilas = (filas: string): BusquedaFilaBd[] => JSON.parse(filas) as BusquedaFilaBd[]

async function pagina(
  sql: Sql,
  con: postgres.Fragment,
  claves: postgres.Fragment,
  n: number,
  tz: string,
): Promise<BusquedaFilaBd[]> {
  const [f] = await sql<{ filas: string }[]>`${con} ${filasDe(sql, claves, n, tz)}`
  return leerFilas(f!.filas)
}

/**
 * The page read from each candidate patient's own rows, in one statement: the ids never travel to
 * the server. More than `tope` candidates answer null without reading any row (the gate is a
 * one-time filter, kept by OFFSET 0 from being merged into the join), and the caller walks instead.
 */
async function paginaDeCandidatos(
  sql: Sql,
  con: Con,
  b: Ramas,
  candidatos: postgres.Fragment,
  tope: number,
  n: number,
  tz: string,
): Promise<BusquedaFilaBd[] | null> {
  const [f] = await sql<{ candidatos: number; filas: string }[]>`
    ${con(sql`candidatos as materialized (${candidatos})`)}
    select g.k as candidatos, f.filas
    from (select count(*)::int as k from candidatos) g
    cross join lateral (${filasDe(sql, b.dePacientes(), n, tz)} where g.k <= ${tope} offset 0) f`
  return f!.candidatos > tope ? null : leerFilas(f!.filas)
}
