// The search's two branches, atenciones and patients with none yet, read as row keys
// (docs/busqueda-estrategias.md#las-dos-ramas-y-la-clave).
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
import { instante, type Clave } from './clave.js'
import { consulta, crudo, nada, nombre, t, unir as juntar, type Trozo } from './trozo.js'

/** Characters of the documento that the *_documento_inicio_idx indexes keep: `left(documento, 3)`. */
export const PREFIJO_INDEXADO = 3

const LARGO_INICIO = crudo(String(PREFIJO_INDEXADO))

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
  visita: Trozo[]
  /** After a cursor, the patients without atención before it. */
  desdePaciente: Trozo
  /** What a walk tests on each row read, in each branch. */
  enRecorrido: Trozo
  enRecorridoSinAtencion: Trozo
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
  const momento = despues ? instante(despues) : crudo('null')
  const visita = [
    ...condicionesVisita(f, tz),
    !despues
      ? crudo('true')
      : tipo === 1
        ? t`(a.llegada, a.id) < (${momento}, ${id})`
        : t`a.llegada < ${momento}`,
  ]
  const desdePaciente = !despues
    ? crudo('true')
    : tipo === 1
      ? t`s.creado_en <= ${momento}`
      : t`(s.creado_en, s.paciente_id) < (${momento}, ${id})`
  // Implied by the documento condition; it lets a walk read only the rows of the documento's
  // first characters, still newest first.
  const inicio = inicioDocumento(f)
  // The length is text, not a parameter: a generic plan matches the index's expression only so.
  const enInicio = (tabla: Tabla) =>
    inicio ? [t`left(${nombre(`${tabla}.documento`)}, ${LARGO_INICIO}) = ${inicio}`] : []
  return {
    sql,
    f,
    n,
    visita,
    desdePaciente,
    enRecorrido: y([...visita, ...enInicio('a')]),
    enRecorridoSinAtencion: y([desdePaciente, ...enInicio('s')]),
    conSinAtencion: !tieneFiltroVisita(f),
  }
}

const CLAVE_ATENCION = crudo(
  'a.paciente_id as id, a.id as atencion_id, a.llegada as instante, 1 as tipo, a.id as clave_id',
)
const CLAVE_SIN_ATENCION = crudo(`
  s.paciente_id as id, null::integer as atencion_id, s.creado_en as instante, 0 as tipo, s.paciente_id as clave_id`)

const unir = (r: Ramas, atenciones: Trozo, sinAtencion: Trozo) =>
  r.conSinAtencion ? t`(${atenciones}) union all (${sinAtencion})` : atenciones

/**
 * Newest first, testing the copied patient fields on each row, at most `maximo` rows per branch (null:
 * no patient filter, so the page). The inner LIMIT keeps its order, so the outer one stops at the
 * page; without a cap, the first `n` rows are the page, and that LIMIT inside lets the planner read
 * just them from an index in order, where a sort of every match looked cheaper.
 */
export function recorrer(r: Ramas, maximo: number | null): Trozo {
  const { f, n } = r
  const tope = t`limit ${maximo ?? n}`
  const leidas = (tabla: Tabla, claves: string[]) =>
    juntar(
      [...claves, ...columnasPaciente(f)].map((c) => nombre(`${tabla}.${c}`)),
      ',',
    )
  const atenciones = t`
    select ${CLAVE_ATENCION} from (
      select ${leidas('a', ['paciente_id', 'id', 'llegada'])} from atenciones a where ${r.enRecorrido}
      order by a.llegada desc, a.id desc ${tope}
    ) a
    where ${y(condicionesPaciente(f, 'a'))}
    order by a.llegada desc, a.id desc
    limit ${n}`
  const sinAtencion = t`
    select ${CLAVE_SIN_ATENCION} from (
      select ${leidas('s', ['paciente_id', 'creado_en'])} from pacientes_sin_atencion s where ${r.enRecorridoSinAtencion}
      order by s.creado_en desc, s.paciente_id desc ${tope}
    ) s
    where ${y(condicionesPaciente(f, 's'))}
    order by s.creado_en desc, s.paciente_id desc
    limit ${n}`
  return unir(r, atenciones, sinAtencion)
}

/** Whether a walk capped at `maximo` rows stopped short of the end of a branch. */
export async function truncado(r: Ramas, maximo: number): Promise<boolean> {
  const cuenta = (desde: Trozo) =>
    t`(select count(*) from (${desde} limit ${maximo + 1}) x) > ${maximo}`
  const sinAtencion = t`select 1 from pacientes_sin_atencion s where ${r.enRecorridoSinAtencion}`
  const [fila] = await consulta<{ si: boolean }[]>(
    r.sql,
    t`
    select ${cuenta(t`select 1 from atenciones a where ${r.enRecorrido}`)}
      ${r.conSinAtencion ? t`or ${cuenta(sinAtencion)}` : nada()} as si`,
  )
  return fila?.si ?? false
}

/** The newest rows of each patient of the statement's CTE `desde` (ids), merged. */
export function dePacientes(r: Ramas, desde: 'candidatos' | 'de_la_pagina'): Trozo {
  const { n } = r
  const dePaciente = (suyas: Trozo) => t`
    select x.* from ${nombre(desde)} c cross join lateral (${suyas} limit ${n}) x
    order by instante desc, clave_id desc limit ${n}`
  return unir(
    r,
    dePaciente(t`
      select ${CLAVE_ATENCION} from atenciones a where a.paciente_id = c.id and ${y(r.visita)}
      order by a.llegada desc, a.id desc`),
    dePaciente(t`
      select ${CLAVE_SIN_ATENCION} from pacientes_sin_atencion s where s.paciente_id = c.id and ${r.desdePaciente}`),
  )
}
