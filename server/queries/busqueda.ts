// The search (DESIGN.md, Search). Two branches, merged newest first and cut at the page size:
// atenciones with their patient, and patients with no atención yet (from the small
// pacientes_sin_atencion table, so no anti-join over millions of rows); the visit filters drop
// the second. The key (instant, tipo, id) orders both: tipo 1 atención, 0 patient. With patient
// filters, a bounded count decides between starting from the matching patients and walking
// atenciones newest first (see consulta).
import type postgres from 'postgres'
import type { Estado, Modalidad, Prioridad, Procedencia, Sede, TipoDocumento } from '../../shared/catalogos.js'
import { CAMPOS_NOMBRE, type FiltrosBusqueda } from '../../shared/busqueda.js'
import type { Sql } from '../db.js'
import type { Clave } from './cursor.js'

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

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

function columnaNombre(sql: Sql, campo: (typeof CAMPOS_NOMBRE)[number]): postgres.Fragment {
  switch (campo) {
    case 'primerNombre':
      return sql`p.primer_nombre_norm`
    case 'segundoNombre':
      return sql`p.segundo_nombre_norm`
    case 'primerApellido':
      return sql`p.primer_apellido_norm`
    case 'segundoApellido':
      return sql`p.segundo_apellido_norm`
  }
}

/** Conditions on the patient, shared by both branches. */
function condicionesPaciente(sql: Sql, f: FiltrosBusqueda): postgres.Fragment[] {
  const c: postgres.Fragment[] = []
  if (f.tipoDocumento) c.push(sql`p.tipo_documento = ${f.tipoDocumento}`)
  // Exact or prefix on the documento btree.
  if (f.documento) c.push(prefijo(sql, sql`p.documento`, f.documento))
  for (const campo of CAMPOS_NOMBRE) {
    const termino = f[campo]
    if (!termino) continue
    const col = columnaNombre(sql, campo)
    // Trigrams need 3 characters; shorter terms match as a prefix on the text_pattern_ops btree.
    c.push(
      [...termino].length >= 3
        ? sql`${col} like ('%' || normalizar(${escaparLike(termino)}) || '%')`
        : prefijo(sql, col, termino, true),
    )
  }
  return c
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

/**
 * Break-even between the two ways in, at a million patients and 50 rows a page: reading 7,000
 * matching patients costs about as much as walking the ~7,000 newest atenciones it takes to find
 * 50 rows of patients matched at 0.7 % (each a random page either way).
 */
const UMBRAL_CANDIDATOS = 7000

export interface Ajustes {
  /** Most matching patients the search starts from (see UMBRAL_CANDIDATOS). */
  umbral: number
  /**
   * So few patients that reading each one's atenciones (~3 pages each) beats walking: below
   * ~2,500 of a million the capped walk would rarely find a page (50 × 1M / 20,000).
   */
  pocos: number
  /** Atenciones walked before reading each patient's own instead (~200 index pages). */
  recorrido: number
}
const AJUSTES: Ajustes = { umbral: UMBRAL_CANDIDATOS, pocos: 3000, recorrido: 20_000 }

/**
 * The newest rows of known patients. Left to itself the planner walks the whole table newest
 * first testing membership, which never ends when the patients have hardly any rows (just
 * registered): the walk is capped, and past the cap each patient's own rows are read by index.
 * `dePaciente` reads patient `c.id`'s rows, `recorrer` (if any) walks all newest first; both yield
 * the branch keys.
 */
function deCandidatos(
  sql: Sql,
  ids: number[],
  n: number,
  { pocos, recorrido }: Ajustes,
  dePaciente: postgres.Fragment,
  recorrer?: postgres.Fragment,
): postgres.Fragment {
  const porPaciente = sql`
    select x.* from unnest(${ids}::int[]) as c (id) cross join lateral (${dePaciente} limit ${n}) x`
  if (!recorrer || ids.length <= pocos) return sql`${porPaciente} order by instante desc, clave_id desc limit ${n}`
  return sql`
    with recorrido as materialized (${recorrer} limit ${recorrido}),
    hallados as (
      select * from recorrido r where r.id in (select unnest(${ids}::int[]))
      order by instante desc, clave_id desc limit ${n}
    ),
    basta as (
      select (select count(*) from hallados) = ${n} or (select count(*) from recorrido) < ${recorrido} as si
    )
    select * from hallados where (select si from basta)
    union all
    (select * from (${porPaciente}) x where not (select si from basta) order by instante desc, clave_id desc limit ${n})`
}

/** The planner's estimate of how many patients match; reliable for common names (see 0006). */
async function estimarPacientes(sql: Sql, paciente: postgres.Fragment[]): Promise<number> {
  const [fila] = await sql`explain (format json) select p.id from pacientes p where ${y(sql, paciente)}`
  const plan = Object.values(fila ?? {})[0] as [{ Plan: { 'Plan Rows': number } }] | undefined
  return plan?.[0]?.Plan['Plan Rows'] ?? 0
}

export const tieneFiltroVisita = (f: FiltrosBusqueda) => Boolean(f.sede || f.modalidad || f.fechaInicial || f.fechaFinal)

/** One page (limite + 1 rows, to know whether there is a next) after the cursor (instant, tipo, id). */
export async function buscar(
  sql: Sql,
  f: FiltrosBusqueda,
  limite: number,
  despues: Clave | null,
  tz: string,
  ajustes: Partial<Ajustes> = {},
): Promise<BusquedaFilaBd[]> {
  const a: Ajustes = { ...AJUSTES, ...ajustes }
  return sql.begin(async (tx) => {
    // Parallel workers read ahead of a LIMIT and take longer to start (~15 ms) than the walk;
    // a generic plan would lose the constant LIKE prefixes the indexes are chosen by; the
    // indexes this walks stay in memory, where a random read costs about a sequential one.
    await tx`set local max_parallel_workers_per_gather = 0`
    await tx`set local plan_cache_mode = force_custom_plan`
    await tx`set local random_page_cost = 1.1`
    return consulta(tx as unknown as Sql, f, limite, despues, tz, a)
  }) as Promise<BusquedaFilaBd[]>
}

async function consulta(
  sql: Sql,
  f: FiltrosBusqueda,
  limite: number,
  despues: Clave | null,
  tz: string,
  ajustes: Ajustes,
): Promise<BusquedaFilaBd[]> {
  const { umbral } = ajustes
  const paciente = condicionesPaciente(sql, f)
  const n = limite + 1
  const [instante = '', tipo, id = 0] = despues ?? []
  const desdeAtencion = !despues
    ? sql`true`
    : tipo === 1
      ? sql`(a.llegada, a.id) < (${instante}::timestamptz, ${id})`
      : sql`a.llegada < ${instante}::timestamptz`
  const desdePaciente = !despues
    ? sql`true`
    : tipo === 1
      ? sql`s.creado_en <= ${instante}::timestamptz`
      : sql`(s.creado_en, s.paciente_id) < (${instante}::timestamptz, ${id})`

  // Few matching patients: start from them (cost ∝ matches). Many: walk newest first and stop at
  // the page (cost ∝ 1 / share matched). The planner's guess of that share can be off by orders
  // of magnitude for rare or mistyped names, so it is counted instead, up to the break-even.
  // Counting costs a heap read per patient, so a share the planner knows to be large skips it.
  let candidatos: number[] | null = null
  if (paciente.length > 0 && (await estimarPacientes(sql, paciente)) < 2 * umbral) {
    const filas = await sql<{ id: number }[]>`
      select p.id from pacientes p where ${y(sql, paciente)} limit ${umbral + 1}`
    if (filas.length <= umbral) candidatos = filas.map((fila) => fila.id)
  }
  if (candidatos?.length === 0) return []

  // Branches carry only keys, so each walk reads its index alone plus the patient it filters.
  const visita = [...condicionesVisita(sql, f, tz), desdeAtencion]
  const claveAtencion = sql`a.paciente_id as id, a.id as atencion_id, a.llegada as instante, 1 as tipo, a.id as clave_id`
  const claveSinAtencion = sql`
    s.paciente_id as id, null::integer as atencion_id, s.creado_en as instante, 0 as tipo, s.paciente_id as clave_id`
  const atenciones = candidatos
    ? deCandidatos(
        sql, candidatos, n, ajustes,
        sql`select ${claveAtencion} from atenciones a where a.paciente_id = c.id and ${y(sql, visita)}
          order by a.llegada desc, a.id desc`,
        sql`select ${claveAtencion} from atenciones a where ${y(sql, visita)} order by a.llegada desc, a.id desc`,
      )
    : sql`
      select ${claveAtencion} from atenciones a join pacientes p on p.id = a.paciente_id
      where ${y(sql, [...paciente, ...visita])}
      order by a.llegada desc, a.id desc
      limit ${n}`
  // Patients without atención are few among the matches: each one is looked up, never walked.
  const sinAtencion = candidatos
    ? deCandidatos(
        sql, candidatos, n, ajustes,
        sql`select ${claveSinAtencion} from pacientes_sin_atencion s where s.paciente_id = c.id and ${desdePaciente}`,
      )
    : sql`
      select ${claveSinAtencion} from pacientes_sin_atencion s join pacientes p on p.id = s.paciente_id
      where ${y(sql, [...paciente, desdePaciente])}
      order by s.creado_en desc, s.paciente_id desc
      limit ${n}`
  const ramas = tieneFiltroVisita(f) ? atenciones : sql`(${atenciones}) union all (${sinAtencion})`

  // The rows' columns, dates included, are read only for the page.
  return sql<BusquedaFilaBd[]>`
    select x.id, x.atencion_id, p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre,
      p.primer_apellido, p.segundo_apellido, p.fecha_nacimiento, a.estudios, a.modalidad, a.sede,
      a.estado, a.procedencia, a.prioridad,
      to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD') as fecha_llegada,
      to_char(a.llegada at time zone ${tz}, 'HH24:MI') as hora_llegada,
      to_char(x.instante at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as clave, x.tipo, x.clave_id
    from (
      select * from (${ramas}) r
      order by r.instante desc, r.tipo desc, r.clave_id desc
      limit ${n}
    ) x
    join pacientes p on p.id = x.id
    left join atenciones a on a.id = x.atencion_id
    order by x.instante desc, x.tipo desc, x.clave_id desc`
}
