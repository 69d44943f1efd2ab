// One page of a laboratory's day (the day's list and the per-analito grid): the LAB atenciones
// that arrived on a clinic day, not Programado, Cancelado or No se presentó, emergencies first, then
// urgent, then routine, each by arrival. Each priority is its own range of the index by priority
// and arrival (migration 0065), read in order and cut at the page: a busy day is never sorted whole.
import type { Prioridad } from '../../shared/catalogos.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import { instante, type Clave } from './clave.js'
import { crudo, nada, t, unir, type Trozo } from './trozo.js'

/** The page order: its rank is a row's position in it, and the cursor's second value. */
const ORDEN: readonly Prioridad[] = ['Emergencia', 'Urgente', 'Rutina']

export interface DiaLaboratorio {
  fecha: string
  sede?: string
  tz: string
  limite: number
  /** The last row's key of the page before ([arrival, rank, id]), or null for the first. */
  despues: Clave | null
}

/**
 * The laboratory's modality as a literal, not a parameter: the plan PostgreSQL keeps for a
 * statement (a generic plan, not one planned again for each request) can use an index that is
 * partial on it or holds it (the day's by sede, priority and arrival; the patient's) only where it
 * reads its «modalidad = 'LAB'» in the statement itself.
 */
export const MODALIDAD_LAB: Trozo = crudo(`'${MODALIDAD_LABORATORIO}'`)

/**
 * A statement of `limite + 1` rows (one more says another page follows): id, paciente_id, sede,
 * estado, prioridad, llegada, estudios, rango, and clave (arrival as exact UTC text), in page order
 * as read (a statement that joins them to more rows sorts by rango, llegada, id again).
 * `filtro` narrows it further over `a` (the per-analito grid's exams).
 */
export function paginaDelDia(f: DiaLaboratorio, filtro: Trozo = nada()): Trozo {
  const ramas = ORDEN.map((prioridad, rango) => {
    // After the cursor's priority the whole range; in it, after its row; before it, nothing.
    const desde = !f.despues
      ? nada()
      : rango === f.despues[1]
        ? t`and (a.llegada, a.id) > (${instante(f.despues)}, ${f.despues[2]!})`
        : rango < f.despues[1]!
          ? crudo('and false')
          : nada()
    return t`(select a.id, a.paciente_id, a.sede, a.estado, a.prioridad, a.llegada, a.estudios,
          ${rango}::int as rango
        from atenciones a
        where a.modalidad = ${MODALIDAD_LAB} and a.prioridad = ${prioridad}
          ${f.sede ? t`and a.sede = ${f.sede}` : nada()}
          and a.llegada >= (${f.fecha}::date)::timestamp at time zone ${f.tz}
          and a.llegada < (${f.fecha}::date + 1)::timestamp at time zone ${f.tz}
          and a.estado not in ('Programado', 'Cancelado', 'No se presentó')
          ${desde} ${filtro}
        order by a.llegada, a.id
        limit ${f.limite + 1})`
  })
  // No «order by» over the branches: PostgreSQL's Append reads them one after another, so their
  // rows already come in page order, and the limit stops it as soon as the page is full: a later
  // priority's branch is not even started when an earlier one fills it. Sorting them instead made
  // every branch read its whole page first (three pages read for one). Nothing runs in parallel:
  // each statement that reads a day also writes its audit record.
  return t`
    select d.*, to_char(d.llegada at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as clave
    from (${unir(ramas, ' union all ')}) d
    limit ${f.limite + 1}`
}
