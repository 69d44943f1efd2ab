// The search's two branches, atenciones and patients with none yet, read as row keys
// (docs/busqueda-estrategias.md#las-dos-ramas-y-la-clave).
import type postgres from 'postgres'
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import type { Sql } from '../db.js'
import {
  columnasPaciente,
  condicionesPaciente,
  condicionesVisita,
  tieneFiltroVisita,
  y,
  type Tabla,
} from './busqueda-condiciones.js'
import { instanteDe, type Clave } from './clave.js'

/** Characters of the documento that the *_documento_inicio_idx indexes keep: `left(documento, 3)`. */
export const PREFIJO_INDEXADO = 3

/** The documento's first PREFIJO_INDEXADO characters, when it has that many. */
const inicioDocumento = (f: FiltrosBusqueda) => {
  const inicio = [...(f.documento ?? '')].slice(0, PREFIJO_INDEXADO).join('')
  return [...inicio].length === PREFIJO_INDEXADO ? inicio : null
}

/** Whether a walk can read only the rows of the documento's first characters (*_documento_inicio_idx). */
export const porInicio = (f: FiltrosBusqueda) => inicioDocumento(f) !== null

/**
 * One search's two branches, atenciones and patients with none, as row keys (instant, tipo, id):
 * tipo 1 atención, 0 patient. The visit filters drop the second. `n` rows at most, after the
 * cursor. Built once per search; recorrer, truncado and dePacientes read it.
 */
export interface Ramas {
  sql: Sql
  f: FiltrosBusqueda
  n: number
  /** The visit filters and, after a cursor, the atenciones before it. */
  visita: postgres.Fragment[]
  /** After a cursor, the patients without atención before it. */
  desdePaciente: postgres.Fragment
  /** What a walk tests on each row read, in each branch. */
  enRecorrido: postgres.Fragment
  enRecorridoSinAtencion: postgres.Fragment
  conSinAtencion: boolean
}

export function ramas(
  sql: Sql,
  f: FiltrosBusqueda,
  n: number,
  despues: Clave | null,
  tz: string,
): Ramas {
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
  // first characters, still newest first.
  const inicio = inicioDocumento(f)
  const enInicio = (t: Tabla) =>
    inicio ? [sql`left(${sql(`${t}.documento`)}, ${PREFIJO_INDEXADO}) = ${inicio}`] : []
  return {
    sql,
    f,
    n,
    visita,
    desdePaciente,
    enRecorrido: y(sql, [...visita, ...enInicio('a')]),
    enRecorridoSinAtencion: y(sql, [desdePaciente, ...enInicio('s')]),
    conSinAtencion: !tieneFiltroVisita(f),
  }
}

const claveAtencion = (sql: Sql) =>
  sql`a.paciente_id as id, a.id as atencion_id, a.llegada as instante, 1 as tipo, a.id as clave_id`
const claveSinAtencion = (sql: Sql) => sql`
  s.paciente_id as id, null::integer as atencion_id, s.creado_en as instante, 0 as tipo, s.paciente_id as clave_id`

const unir = (r: Ramas, atenciones: postgres.Fragment, sinAtencion: postgres.Fragment) =>
  r.conSinAtencion ? r.sql`(${atenciones}) union all (${sinAtencion})` : atenciones

/**
 * Newest first, testing the copied patient fields on each row, at most `t` rows per branch (null:
 * no patient filter, so the page). The inner LIMIT keeps its order, so the outer one stops at the
 * page; without a cap, the first `n` rows are the page, and that LIMIT inside lets the planner read
 * just them from an index in order, where a sort of every match looked cheaper.
 */
export function recorrer(r: Ramas, t: number | null): postgres.Fragment {
  const { sql, f, n } = r
  const tope = sql`limit ${t ?? n}`
  const leidas = (tabla: Tabla, claves: string[]) =>
    sql([...claves, ...columnasPaciente(f)].map((c) => `${tabla}.${c}`))
  const atenciones = sql`
    select ${claveAtencion(sql)} from (
      select ${leidas('a', ['paciente_id', 'id', 'llegada'])} from atenciones a where ${r.enRecorrido}
      order by a.llegada desc, a.id desc ${tope}
    ) a
    where ${y(sql, condicionesPaciente(sql, f, 'a'))}
    order by a.llegada desc, a.id desc
    limit ${n}`
  const sinAtencion = sql`
    select ${claveSinAtencion(sql)} from (
      select ${leidas('s', ['paciente_id', 'creado_en'])} from pacientes_sin_atencion s where ${r.enRecorridoSinAtencion}
      order by s.creado_en desc, s.paciente_id desc ${tope}
    ) s
    where ${y(sql, condicionesPaciente(sql, f, 's'))}
    order by s.creado_en desc, s.paciente_id desc
    limit ${n}`
  return unir(r, atenciones, sinAtencion)
}

/** Whether a walk capped at `t` rows stopped short of the end of a branch. */
export async function truncado(r: Ramas, t: number): Promise<boolean> {
  const { sql } = r
  const cuenta = (desde: postgres.Fragment) =>
    sql`(select count(*) from (${desde} limit ${t + 1}) x) > ${t}`
  const sinAtencion = sql`select 1 from pacientes_sin_atencion s where ${r.enRecorridoSinAtencion}`
  const [fila] = await sql<{ si: boolean }[]>`
    select ${cuenta(sql`select 1 from atenciones a where ${r.enRecorrido}`)}
      ${r.conSinAtencion ? sql`or ${cuenta(sinAtencion)}` : sql``} as si`
  return fila?.si ?? false
}

/** The newest rows of each patient of the statement's CTE `desde` (ids), merged. */
export function dePacientes(r: Ramas, desde: 'candidatos' | 'de_la_pagina'): postgres.Fragment {
  const { sql, n } = r
  const dePaciente = (consulta: postgres.Fragment) => sql`
    select x.* from ${sql(desde)} c cross join lateral (${consulta} limit ${n}) x
    order by instante desc, clave_id desc limit ${n}`
  return unir(
    r,
    dePaciente(sql`
      select ${claveAtencion(sql)} from atenciones a where a.paciente_id = c.id and ${y(sql, r.visita)}
      order by a.llegada desc, a.id desc`),
    dePaciente(sql`
      select ${claveSinAtencion(sql)} from pacientes_sin_atencion s where s.paciente_id = c.id and ${r.desdePaciente}`),
  )
}
