// The search: a list of strategies tried in order over one search context, each answering a page
// or handing over to the next. Which one answers which search, the indexes each needs and what
// each costs: docs/busqueda-estrategias.md.
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import { registrarEvento, type Evento } from './auditoria.js'
import { conBusqueda, type Database, type Sql } from '../db.js'
import type { Clave } from './clave.js'
import { consulta, nada, t, unir, type Trozo } from './trozo.js'
import {
  acotado,
  DOCUMENTO_ACOTADO,
  documentoPorRango,
  largoDocumento,
  palabrasDeNombres,
  soloPalabras,
  tieneFiltroPaciente,
  tieneFiltroVisita,
  tieneNombre,
  type PalabrasDeNombres,
} from './busqueda-condiciones.js'
import { filasDe, leerFilas, type BusquedaFilaBd } from './busqueda-filas.js'
import {
  estimarPacientes,
  pacientesCoincidentes,
  pacientesDeLaPagina,
  recorridoDePacientes,
} from './busqueda-pacientes.js'
import { dePacientes, porInicio, ramas, recorrer, truncado, type Ramas } from './busqueda-ramas.js'

export type { BusquedaFilaBd } from './busqueda-filas.js'
export { tieneFiltroPaciente } from './busqueda-condiciones.js'

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
   * that can be on the page, and q's words alone walk the patients (pacientes_actividad); false reads every
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

/** Everything a strategy's runner reads: one search, its client, its branches and thresholds. */
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
  /** The words of the names each word of q is in, once looked up (undefined: not yet). */
  deNombres?: PalabrasDeNombres | null
}

/**
 * The words of the names each word of q is in, for pacientes_actividad's GIN index; looked up once
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
 * Whether the page is made of only the patients whose newest row is newest: without visit
 * filters, which a patient's newest row may not meet.
 */
const porPagina = (f: FiltrosBusqueda, ajustes: Ajustes) =>
  ajustes.soloLaPagina && !tieneFiltroVisita(f)

/**
 * The CTEs of a start from the patients: `candidatos`, the matching ones (at most `tope` + 1;
 * null: all), and, without visit filters, `de_la_pagina`, those of them whose rows can be on the
 * page; `desde` names the one whose rows the page is made of.
 */
async function desdeLosPacientes(
  ctx: Contexto,
  tope: number | null,
): Promise<{ ctes: Trozo[]; desde: 'candidatos' | 'de_la_pagina' }> {
  const { f, n } = ctx
  const soloLaPagina = porPagina(f, ctx.ajustes)
  const coincidentes = pacientesCoincidentes(f, tope, await deNombres(ctx), soloLaPagina)
  const ctes = [t`candidatos as materialized (${coincidentes})`]
  if (!soloLaPagina) return { ctes, desde: 'candidatos' }
  ctes.push(t`de_la_pagina as (${pacientesDeLaPagina(n, ctx.despues)})`)
  return { ctes, desde: 'de_la_pagina' }
}

/** `with` and the CTEs, or nothing. */
function clausulaWith(ctes: Trozo[]): Trozo {
  return ctes.length === 0 ? nada() : t`with ${unir(ctes, ', ')}`
}

async function pagina(ctx: Contexto, claves: Trozo, ...ctes: Trozo[]): Promise<BusquedaFilaBd[]> {
  const { sql, n, tz } = ctx
  const [f] = await consulta<{ filas: string }[]>(
    sql,
    t`${clausulaWith(ctes)} ${filasDe(claves, n, tz)}`,
  )
  return leerFilas(f!.filas)
}

/** A page from a walk capped at `tope` rows, or null when the walk stopped short of a full page. */
async function paginaDeRecorrido(ctx: Contexto, tope: number): Promise<BusquedaFilaBd[] | null> {
  const filas = await pagina(ctx, recorrer(ctx.ramas, tope))
  return filas.length === ctx.n || !(await truncado(ctx.ramas, tope)) ? filas : null
}

/**
 * How many patients `desdeCandidatos` starts from: below `estimado` by the planner's estimate, and
 * counted up to `cuenta` (docs/busqueda-estrategias.md#umbrales-y-lo-que-cuestan). A documento
 * range is counted outright (its LIMIT cuts it short). For the names' trigram statistics, with
 * room for their error: an estimate below twice `pocos`, then counted up to `pocos`. For q's
 * words alone, whose estimate is close, the count only guards against a wrong estimate (twice the
 * threshold): an estimate below twice `pocos` without visit filters, where a candidate costs only
 * its row of pacientes_actividad and the walk that takes over reads patients, not atenciones;
 * below 1.5 times `pocos` with them.
 */
export function umbrales(
  f: FiltrosBusqueda,
  ajustes: Ajustes,
): { estimado: number | null; cuenta: number } {
  if (acotado(f)) return { estimado: null, cuenta: ajustes.pocos }
  if (!soloPalabras(f)) return { estimado: 2 * ajustes.pocos, cuenta: ajustes.pocos }
  const estimado = (porPagina(f, ajustes) ? 2 : 1.5) * ajustes.pocos
  return { estimado, cuenta: 2 * estimado }
}

/**
 * A way to answer a search. `aplica` decides from the filters and thresholds alone, without a
 * statement, whether to try it; `correr` answers the page, or null when what it read hands the
 * search on (too many candidates, a walk that stopped short). Tried in ESTRATEGIAS' order.
 */
interface Estrategia {
  aplica(f: FiltrosBusqueda, ajustes: Ajustes): boolean
  correr(ctx: Contexto): Promise<BusquedaFilaBd[] | null>
}

/** No patient filter: the newest rows, filtered by the visit fields. */
const recorrerSinFiltroPaciente: Estrategia = {
  aplica: (f) => !tieneFiltroPaciente(f),
  correr: (ctx) => pagina(ctx, recorrer(ctx.ramas, null)),
}

/** A documento of PREFIJO_INDEXADO or DOCUMENTO_ACOTADO characters typed alone: walk its prefix's rows. */
const recorrerInicioDocumento: Estrategia = {
  aplica: (f, ajustes) =>
    porInicio(f) &&
    largoDocumento(f) <= DOCUMENTO_ACOTADO &&
    !tieneFiltroVisita(f) &&
    !tieneNombre(f) &&
    ajustes.recorridoInicio > 0,
  correr: (ctx) => paginaDeRecorrido(ctx, ctx.ajustes.recorridoInicio),
}

/**
 * Few matching patients (umbrales): the page from each one's own newest rows, in one statement.
 * More candidates than the count allows answer null without reading any row.
 */
const desdeCandidatos: Estrategia = {
  aplica: (f) => tieneFiltroPaciente(f),
  async correr(ctx) {
    const { sql, f, n, tz, ajustes } = ctx
    const palabras = await deNombres(ctx)
    const { estimado, cuenta } = umbrales(f, ajustes)
    if (estimado !== null && (await estimarPacientes(sql, f, palabras)) >= estimado) return null
    const { ctes, desde } = await desdeLosPacientes(ctx, cuenta)
    const [fila] = await consulta<{ candidatos: number; filas: string }[]>(
      sql,
      t`
      ${clausulaWith(ctes)}
      select g.k as candidatos, f.filas
      from (select count(*)::int as k from candidatos) g
      cross join lateral (${filasDe(dePacientes(ctx.ramas, desde), n, tz)} where g.k <= ${cuenta} offset 0) f`,
    )
    return fila!.candidatos > cuenta ? null : leerFilas(fila!.filas)
  },
}

/**
 * Many matches of q's words alone, without visit filters: walk the patients newest first, up to
 * `recorrido` of them, and read the rows of the page's ones.
 */
const recorrerPacientes: Estrategia = {
  aplica: (f, ajustes) => porPagina(f, ajustes) && soloPalabras(f) && !f.tipoDocumento,
  async correr(ctx) {
    const { sql, f, n, tz, ajustes } = ctx
    const palabras = await deNombres(ctx)
    // Never null when the guard holds (words of q, no documento); if the guards drift, hand over.
    if (!palabras) return null
    const ctes = recorridoDePacientes(f, palabras, n, ctx.despues, ajustes.recorrido)
    const [fila] = await consulta<{ hallados: number; filas: string }[]>(
      sql,
      t`
      ${clausulaWith(ctes)}
      select g.k as hallados, f.filas
      from (select count(*)::int as k from abajo) g
      cross join lateral (${filasDe(dePacientes(ctx.ramas, 'de_la_pagina'), n, tz)} where g.k >= ${n} offset 0) f`,
    )
    return fila!.hallados >= n ? leerFilas(fila!.filas) : null
  },
}

/** Many matches: walk the newest rows testing each one's copy of the patient fields, up to a cap. */
const recorrerConTope: Estrategia = {
  aplica: (f) => tieneFiltroPaciente(f),
  correr: (ctx) => paginaDeRecorrido(ctx, ctx.ajustes.recorrido),
}

/** Rare matches the capped walk missed: every matching patient's own rows. Always answers. */
const desdeTodosLosPacientes: Estrategia = {
  aplica: () => true,
  async correr(ctx) {
    const { ctes, desde } = await desdeLosPacientes(ctx, null)
    return pagina(ctx, dePacientes(ctx.ramas, desde), ...ctes)
  },
}

/** The strategies in the order they are tried; the last always applies and answers. */
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
  /** The search's audit event: written once, beside the strategies' statements. */
  evento?: Evento
}

export interface Resultado {
  /** One page plus one row when there is a next page. */
  filas: BusquedaFilaBd[]
  estrategia: NombreEstrategia
}

/**
 * Whether a search runs on the client that plans each statement for its values (db.ts). One with
 * a name filter or q's words does: a cached generic plan loses the LIKE prefixes and the
 * estimates the indexes are chosen by. So does one by prioridad: only with its values can the
 * planner prove the partial index of open urgent atenciones (atenciones_alertas_idx) covers them,
 * where a generic plan would walk every atención for a few alerts. One by estado alone keeps the
 * cached plan: that index needs a prioridad, and planning the day's pending ones anew cost more
 * than running them (0.68 ms of planning for 0.03 of work, docs/presupuestos.md). So does one by
 * a documento of letters and digits (and tipo): its prefix is also written as a btree range
 * (documentoEmpieza), and planning its page anew cost four times its work.
 */
export const planPorValores = (f: FiltrosBusqueda): boolean =>
  Boolean(f.prioridades) || (tieneFiltroPaciente(f) && (tieneNombre(f) || !documentoPorRango(f)))

/** One page (limite + 1 rows) after the cursor (instant, tipo, id), on the client planPorValores chooses. */
export async function buscar(
  db: Pick<Database, 'sql' | 'busqueda'>,
  f: FiltrosBusqueda,
  limite: number,
  despues: Clave | null,
  tz: string,
  { ajustes = {}, evento }: Opciones = {},
): Promise<Resultado> {
  const porValores = planPorValores(f)
  const n = limite + 1
  const correr = (sql: Sql) =>
    elegir({
      sql,
      f,
      n,
      despues,
      tz,
      ramas: ramas(sql, f, n, despues, tz),
      ajustes: { ...AJUSTES, ...ajustes },
    })
  // Its own statement, sent at once and awaited before the page is answered: a search is never
  // answered unrecorded, and no strategy has to know whether another wrote it.
  const registro = evento ? registrarEvento(db.sql, evento) : Promise.resolve()
  const pagina = porValores ? conBusqueda(db, correr) : correr(db.sql)
  const [resultado] = await Promise.all([pagina, registro])
  return resultado
}

/** The page of the first strategy that applies and answers; the last always does. */
async function elegir(ctx: Contexto): Promise<Resultado> {
  for (const [nombre, estrategia] of Object.entries(ESTRATEGIAS) as [
    NombreEstrategia,
    Estrategia,
  ][]) {
    if (!estrategia.aplica(ctx.f, ctx.ajustes)) continue
    const filas = await estrategia.correr(ctx)
    if (filas) return { filas, estrategia: nombre }
  }
  throw new Error('Ninguna estrategia de búsqueda respondió')
}
