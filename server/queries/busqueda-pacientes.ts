// The search's statements that start from the patients: the planner's estimate, the matching
// ones, those whose rows can be on the page, and the walk of the patients newest first
// (docs/busqueda-estrategias.md#solo-los-pacientes-de-la-página).
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import type { Sql } from '../db.js'
import {
  acotado,
  columnasPaciente,
  condicionesPaciente,
  documentoEmpieza,
  tieneCampoNombre,
  tieneNombre,
  y,
  type PalabrasDeNombres,
} from './busqueda-condiciones.js'
import { instante, type Clave } from './clave.js'
import { consulta, crudo, nada, nombre, t, unir, type Trozo } from './trozo.js'

/** The planner's estimate of how many patients match; reliable for common names (the names' statistics target). */
export async function estimarPacientes(
  sql: Sql,
  f: FiltrosBusqueda,
  deNombres: PalabrasDeNombres | null,
): Promise<number> {
  const [fila] = await consulta(
    sql,
    t`explain (format json) ${pacientesCoincidentes(f, null, deNombres, false)}`,
  )
  const plan = Object.values(fila ?? {})[0] as [{ Plan: { 'Plan Rows': number } }] | undefined
  return plan?.[0]?.Plan['Plan Rows'] ?? 0
}

/**
 * The matching patients' ids (`id`), with their newest row's instant (`ultima`) when asked,
 * at most `tope` + 1 of them (null: all), as a subquery. Words of q alone read only
 * pacientes_actividad; with other patient fields, its rows join theirs. With a documento of
 * DOCUMENTO_ACOTADO or more characters and names, the names are tested on the documento range's
 * own entries, which carry them (pacientes_documento_idx); OFFSET 0 keeps the range a scan of its own, where the
 * planner would AND the names' trigram bitmaps.
 */
export function pacientesCoincidentes(
  f: FiltrosBusqueda,
  tope: number | null,
  deNombres: PalabrasDeNombres | null,
  conUltima: boolean,
): Trozo {
  const limite = tope === null ? nada() : t`limit ${tope + 1}`
  const ultima = conUltima ? crudo(', r.ultima') : nada()
  if (!acotado(f) || !tieneNombre(f)) {
    const condiciones = y(condicionesPaciente(f, 'p', deNombres))
    const soloPalabras = deNombres && !f.tipoDocumento && !f.documento && !tieneCampoNombre(f)
    if (soloPalabras)
      return t`select r.paciente_id as id ${ultima} from pacientes_actividad r where ${condiciones} ${limite}`
    const desde =
      deNombres || conUltima
        ? crudo('pacientes p join pacientes_actividad r on r.paciente_id = p.id')
        : crudo('pacientes p')
    return t`select p.id ${ultima} from ${desde} where ${condiciones} ${limite}`
  }
  // The range's own entries are few: each one's names are tested as text, without the words' index.
  const condiciones = y(condicionesPaciente(f, 'p'))
  const rango = documentoEmpieza(crudo('p.documento'), f.documento!)
  const junto = conUltima ? crudo('join pacientes_actividad r on r.paciente_id = p.id') : nada()
  const columnas = unir(
    ['id', ...columnasPaciente(f)].map((c) => nombre(`p.${c}`)),
    ',',
  )
  return t`
    select p.id ${ultima} from (
      select ${columnas} from pacientes p where ${rango} offset 0
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
export function pacientesDeLaPagina(n: number, despues: Clave | null): Trozo {
  const antes = despues ? t`ultima < ${instante(despues)}` : crudo('ultima is not null')
  return t`
    select id from candidatos
    where ultima >= coalesce((
      select ultima from candidatos where ${antes}
      order by ultima desc offset ${n - 1} limit 1), '-infinity')`
}

/**
 * The walk of the patients newest first on pacientes_actividad_ultima_idx, testing the
 * words of q (`deNombres`) on each one's index entry: CTEs `abajo`, the first `n` matches (ties
 * kept) among the first `tope` patients (ties kept) before the cursor's instant, and
 * `de_la_pagina`, those plus, after a cursor, every match at or after its instant, as
 * pacientesDeLaPagina chooses them. Any match the walk did not reach is older than all it read,
 * so with `n` found the page is among them; with fewer, nothing is proven.
 */
export function recorridoDePacientes(
  f: FiltrosBusqueda,
  deNombres: PalabrasDeNombres,
  n: number,
  despues: Clave | null,
  tope: number,
): Trozo[] {
  const palabras = y(condicionesPaciente(f, 'p', deNombres))
  const momento = despues ? instante(despues) : null
  const abajo = t`abajo as materialized (
    select r.id from (
      select r.paciente_id as id, r.ultima, r.palabras from pacientes_actividad r
      where r.ultima is not null ${momento ? t`and r.ultima < ${momento}` : nada()}
      order by r.ultima desc fetch first ${tope} rows with ties
    ) r
    where ${palabras}
    order by r.ultima desc fetch first ${n} rows with ties)`
  const arriba = momento
    ? t`union all
      select r.paciente_id from pacientes_actividad r where r.ultima >= ${momento} and ${palabras}`
    : nada()
  return [abajo, t`de_la_pagina as (select id from abajo ${arriba})`]
}
