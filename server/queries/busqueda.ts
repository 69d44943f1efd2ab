// The search: a list of strategies tried in order over one search context, each answering a page
// or handing over to the next. Which one answers which search, the indexes each needs and what
// each costs: docs/busqueda-estrategias.md.
import type postgres from 'postgres'
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import { CAMPOS_NOMBRE } from '../../shared/paciente-datos.js'
import { insercionEvento, type Evento } from './auditoria.js'
import type { Database, Sql } from '../db.js'
import type { Clave } from './clave.js'
import {
  acotado,
  DOCUMENTO_ACOTADO,
  estimarPacientes,
  filasDe,
  largoDocumento,
  leerFilas,
  pacientesCoincidentes,
  pacientesDeLaPagina,
  palabrasDeNombres,
  ramas,
  recorridoDePacientes,
  tieneFiltroPaciente,
  tieneFiltroVisita,
  tieneNombre,
  type BusquedaFilaBd,
  type PalabrasDeNombres,
  type Ramas,
} from './busqueda-sql.js'

export type { BusquedaFilaBd } from './busqueda-sql.js'
export { tieneFiltroPaciente } from './busqueda-sql.js'

/** The thresholds between strategies; their measured values: docs/busqueda-estrategias.md. */
export interface Ajustes {
  /** Most matching patients `desdeCandidatos` starts from. */
  pocos: number
  /** Atenciones `recorrerConTope` walks before handing over to `desdeTodosLosPacientes`. */
  recorrido: number
  /** Rows `recorrerInicioDocumento` walks before handing over (0: never walks). */
  recorridoInicio: number
  /**
   * Whether, without visit filters, a start from the patients reads only the rows of the patients
   * that can be on the page, and q's words alone walk the patients (0029); false reads every
   * match's rows and walks the atenciones, as the tests' reference.
   */
  soloLaPagina: boolean
}
export const AJUSTES: Ajustes = {
  pocos: 1000,
  recorrido: 50_000,
  recorridoInicio: 2000,
  soloLaPagina: true,
}

/** Everything a strategy reads: one search, its client, its branches and thresholds. */
interface Contexto {
  sql: Sql
  f: FiltrosBusqueda
  /** Rows a page reads: the page size plus one, to know whether there is a next page. */
  n: number
  /** The last row of the previous page, if any. */
  despues: Clave | null
  tz: string
  ramas: Ramas
  ajustes: Ajustes
  /**
   * The insert of this search's audit record until a statement has carried it. The first
   * statement that reads rows writes it (clausulaWith), so a search never runs unrecorded and
   * costs no round trip of its own.
   */
  auditoria: postgres.Fragment | null
  /** The words of the names each word of q is in, once looked up (undefined: not yet). */
  deNombres?: PalabrasDeNombres | null
}

/**
 * The words of the names each word of q is in, for the patients' GIN index (0028); looked up once
 * per search, by the first strategy that starts from the patients. Null without words, and with a
 * documento range narrow enough to test each entry's names as text (DOCUMENTO_ACOTADO).
 */
async function deNombres(ctx: Contexto): Promise<PalabrasDeNombres | null> {
  if (ctx.deNombres === undefined)
    ctx.deNombres =
      ctx.f.palabras?.length && !acotado(ctx.f) ? await palabrasDeNombres(ctx.sql, ctx.f) : null
  return ctx.deNombres
}

/**
 * Whether the page is made of only the patients whose newest row is newest (0029): without visit
 * filters, which a patient's newest row may not meet.
 */
const porPagina = (ctx: Contexto) => ctx.ajustes.soloLaPagina && !tieneFiltroVisita(ctx.f)

/**
 * The CTEs of a start from the patients: `candidatos`, the matching ones (at most `tope` + 1;
 * null: all), and, without visit filters, `de_la_pagina`, those of them whose rows can be on the
 * page (0029); `desde` names the one whose rows the page is made of.
 */
async function desdeLosPacientes(
  ctx: Contexto,
  tope: number | null,
): Promise<{ ctes: postgres.Fragment[]; desde: 'candidatos' | 'de_la_pagina' }> {
  const { sql, f, n } = ctx
  const soloLaPagina = porPagina(ctx)
  const coincidentes = pacientesCoincidentes(sql, f, tope, await deNombres(ctx), soloLaPagina)
  const ctes = [sql`candidatos as materialized (${coincidentes})`]
  if (!soloLaPagina) return { ctes, desde: 'candidatos' }
  ctes.push(sql`de_la_pagina as (${pacientesDeLaPagina(sql, n, ctx.despues)})`)
  return { ctes, desde: 'de_la_pagina' }
}

/** The WITH clause of the next statement: the audit record while none has carried it, then `ctes`. */
function clausulaWith(ctx: Contexto, ...ctes: postgres.Fragment[]): postgres.Fragment {
  const { sql } = ctx
  const lista = ctx.auditoria ? [sql`registro as (${ctx.auditoria})`, ...ctes] : ctes
  ctx.auditoria = null
  return lista.length === 0 ? sql`` : sql`with ${lista.reduce((acc, cte) => sql`${acc}, ${cte}`)}`
}

async function pagina(
  ctx: Contexto,
  claves: postgres.Fragment,
  ...ctes: postgres.Fragment[]
): Promise<BusquedaFilaBd[]> {
  const { sql, n, tz } = ctx
  const [f] = await sql<
    { filas: string }[]
  >`${clausulaWith(ctx, ...ctes)} ${filasDe(sql, claves, n, tz)}`
  return leerFilas(f!.filas)
}

/** A page from a walk capped at `tope` rows, or null when the walk stopped short of a full page. */
async function paginaDeRecorrido(ctx: Contexto, tope: number): Promise<BusquedaFilaBd[] | null> {
  const filas = await pagina(ctx, ctx.ramas.recorrer(tope))
  return filas.length === ctx.n || !(await ctx.ramas.truncado(tope)) ? filas : null
}

/** A strategy answers the page, or null to hand the search to the next one. */
type Estrategia = (ctx: Contexto) => Promise<BusquedaFilaBd[] | null>

/** No patient filter: the newest rows, filtered by the visit fields. */
const recorrerSinFiltroPaciente: Estrategia = async (ctx) =>
  tieneFiltroPaciente(ctx.f) ? null : pagina(ctx, ctx.ramas.recorrer(null))

/** A documento of PREFIJO_INDEXADO or DOCUMENTO_ACOTADO characters typed alone: walk its prefix's rows. */
const recorrerInicioDocumento: Estrategia = async (ctx) => {
  const { f, ramas, ajustes } = ctx
  const soloDocumento = !tieneFiltroVisita(f) && !tieneNombre(f)
  const corto = largoDocumento(f) <= DOCUMENTO_ACOTADO
  if (!ramas.porInicio || !corto || !soloDocumento || ajustes.recorridoInicio <= 0) return null
  return paginaDeRecorrido(ctx, ajustes.recorridoInicio)
}

/**
 * Whether the patient filter is only words of q (with a tipo de documento at most): then the
 * planner counts each word's patients from the statistics of array elements (0028), close enough
 * to decide on the estimate alone.
 */
const soloPalabras = (f: FiltrosBusqueda) =>
  Boolean(f.palabras?.length) && !f.documento && !CAMPOS_NOMBRE.some((campo) => f[campo])

/**
 * Few matching patients: the page from each one's own newest rows, in one statement. A documento
 * range is counted outright (its LIMIT cuts it short); otherwise the planner's estimate decides.
 * For the names' trigram statistics, with room for its error: below twice `pocos`, then counted
 * up to `pocos`. For q's words, whose estimate is close (0028), the count is only a guard against
 * a wrong estimate (twice the threshold): below 1.5 times `pocos`, or twice without visit filters,
 * where a candidate costs only its row of pacientes_actividad and the walk that takes over reads
 * patients, not atenciones (0029; docs/busqueda-estrategias.md#umbrales-y-lo-que-cuestan). More
 * candidates than the count allows answer null without reading any row.
 */
const desdeCandidatos: Estrategia = async (ctx) => {
  const { sql, f, n, tz, ramas, ajustes } = ctx
  const palabras = await deNombres(ctx)
  const umbral = !soloPalabras(f) ? 2 * ajustes.pocos : (porPagina(ctx) ? 2 : 1.5) * ajustes.pocos
  const tope = soloPalabras(f) ? 2 * umbral : ajustes.pocos
  if (!acotado(f) && (await estimarPacientes(sql, f, palabras)) >= umbral) return null
  const { ctes, desde } = await desdeLosPacientes(ctx, tope)
  const [fila] = await sql<{ candidatos: number; filas: string }[]>`
    ${clausulaWith(ctx, ...ctes)}
    select g.k as candidatos, f.filas
    from (select count(*)::int as k from candidatos) g
    cross join lateral (${filasDe(sql, ramas.dePacientes(desde), n, tz)} where g.k <= ${tope} offset 0) f`
  return fila!.candidatos > tope ? null : leerFilas(fila!.filas)
}

/**
 * Many matches of q's words alone, without visit filters: walk the patients newest first (0029),
 * up to `recorrido` of them, and read the rows of the page's ones.
 */
const recorrerPacientes: Estrategia = async (ctx) => {
  const { sql, f, n, tz, ramas, ajustes } = ctx
  const aplica = porPagina(ctx) && soloPalabras(f) && !f.tipoDocumento
  const palabras = aplica ? await deNombres(ctx) : null
  if (!palabras) return null
  const ctes = recorridoDePacientes(sql, f, palabras, n, ctx.despues, ajustes.recorrido)
  const [fila] = await sql<{ hallados: number; filas: string }[]>`
    ${clausulaWith(ctx, ...ctes)}
    select g.k as hallados, f.filas
    from (select count(*)::int as k from abajo) g
    cross join lateral (${filasDe(sql, ramas.dePacientes('de_la_pagina'), n, tz)} where g.k >= ${n} offset 0) f`
  return fila!.hallados >= n ? leerFilas(fila!.filas) : null
}

/** Many matches: walk the newest rows testing each one's copy of the patient fields, up to a cap. */
const recorrerConTope: Estrategia = (ctx) => paginaDeRecorrido(ctx, ctx.ajustes.recorrido)

/** Rare matches the capped walk missed: every matching patient's own rows. Always answers. */
const desdeTodosLosPacientes: Estrategia = async (ctx) => {
  const { ctes, desde } = await desdeLosPacientes(ctx, null)
  return pagina(ctx, ctx.ramas.dePacientes(desde), ...ctes)
}

/** The strategies in the order they are tried; the last always answers. */
export const ESTRATEGIAS = {
  recorrerSinFiltroPaciente,
  recorrerInicioDocumento,
  desdeCandidatos,
  recorrerPacientes,
  recorrerConTope,
  desdeTodosLosPacientes,
} as const
export type NombreEstrategia = keyof typeof ESTRATEGIAS

export interface Opciones {
  ajustes?: Partial<Ajustes>
  /** The search's audit event, written by its first statement that reads rows. */
  evento?: Evento
}

export interface Resultado {
  /** One page plus one row when there is a next page. */
  filas: BusquedaFilaBd[]
  estrategia: NombreEstrategia
}

/**
 * One page (limite + 1 rows) after the cursor (instant, tipo, id). A search with a patient filter
 * runs on the client that plans each statement for its values (db.ts): a cached generic plan loses
 * the LIKE prefixes the indexes are chosen by. So does one by estado or prioridad: only with their
 * values can the planner prove the partial index of open urgent atenciones (0002) covers them,
 * where a generic plan would walk every atención for a few alerts.
 */
export async function buscar(
  db: Pick<Database, 'sql' | 'sqlBusqueda'>,
  f: FiltrosBusqueda,
  limite: number,
  despues: Clave | null,
  tz: string,
  { ajustes = {}, evento }: Opciones = {},
): Promise<Resultado> {
  const porValores = tieneFiltroPaciente(f) || Boolean(f.estados || f.prioridades)
  const sql = porValores ? db.sqlBusqueda : db.sql
  const n = limite + 1
  const ctx: Contexto = {
    sql,
    f,
    n,
    despues,
    tz,
    ramas: ramas(sql, f, n, despues, tz),
    ajustes: { ...AJUSTES, ...ajustes },
    auditoria: evento ? insercionEvento(sql, evento) : null,
  }
  for (const [nombre, estrategia] of Object.entries(ESTRATEGIAS) as [
    NombreEstrategia,
    Estrategia,
  ][]) {
    const filas = await estrategia(ctx)
    if (filas) return { filas, estrategia: nombre }
  }
  throw new Error('Ninguna estrategia de búsqueda respondió')
}
