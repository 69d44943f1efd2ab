// One day's atenciones in the order they are attended (docs/datos.md#orden-de-atención): the
// waiting room's view of the worklist, a page at a time. Each section and urgency is a range of
// atenciones_orden_atencion_idx read in order, at most a page of it, and the ranges are merged:
// a page costs the same on a day of twenty atenciones as on one of fifty thousand.
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import type { Estado, Prioridad } from '../../shared/catalogos.js'
import type { Sql } from '../db.js'
import { condicionesPaciente, condicionesVisita, y } from './busqueda-condiciones.js'
import { filasEnOrden, leerFilas, type BusquedaFilaBd } from './busqueda-filas.js'
import { instante, type Clave } from './clave.js'
import { consulta, crudo, nada, t, unir, type Trozo } from './trozo.js'

/** The open sections in their order: who waits, who is being attended, who is still to arrive. */
const ABIERTOS: readonly Estado[] = ['En espera', 'En proceso', 'Programado']
/** The closed section (done, cancelled, missed), after them. */
const CERRADAS = ABIERTOS.length
/** Within an open section, these first, in this order; the rest after them. */
const URGENCIAS: readonly Prioridad[] = ['Emergencia', 'Urgente']

/**
 * The index's two expressions, as migration 0039 writes them: the planner matches the text, so
 * they are kept here as text, not built from the lists above (a test checks the plan uses it).
 */
const GRUPO = crudo(
  `case a.estado when 'En espera' then 0 when 'En proceso' then 1 when 'Programado' then 2 else 3 end`,
)
const RANGO = crudo(`case when a.estado in ('En espera', 'En proceso', 'Programado')
    then case a.prioridad when 'Emergencia' then 0 when 'Urgente' then 1 else 2 end else 0 end`)

/** A row's section and its urgency within it (0 for a closed one), as GRUPO and RANGO say. */
export const grupoDe = (estado: Estado): number => {
  const i = ABIERTOS.indexOf(estado)
  return i < 0 ? CERRADAS : i
}
export const rangoDe = (estado: Estado, prioridad: Prioridad): number => {
  if (grupoDe(estado) === CERRADAS) return 0
  const i = URGENCIAS.indexOf(prioridad)
  return i < 0 ? URGENCIAS.length : i
}

/** A row's key in this order: its arrival, its section, its urgency and its id. */
export const claveDia = (f: BusquedaFilaBd): Clave => [
  f.clave,
  grupoDe(f.estado!),
  rangoDe(f.estado!, f.prioridad!),
  f.claveId,
]

/** Whether a cursor's section and urgency are a tramo of the day (not a forged pair). */
export const esClaveDia = ([, g, r]: Clave): boolean =>
  g === CERRADAS
    ? r === 0
    : Number.isInteger(g) && g! >= 0 && g! < CERRADAS && r! <= URGENCIAS.length

/** Every open (section, urgency) pair, in the order of the day; the closed section after them. */
const TRAMOS_ABIERTOS: readonly [number, number][] = ABIERTOS.flatMap((_, g) =>
  [...URGENCIAS, null].map((_, r): [number, number] => [g, r]),
)
const TRAMO_CERRADAS = TRAMOS_ABIERTOS.length

/**
 * `n` rows of the day (a page and one more, to know there is a next) after `despues`: in an open
 * section, the longest waiting first; in the closed one, the latest first. The open tramos are one
 * subquery run for each (a lateral join over their list), so the statement is planned once, not
 * once per tramo.
 */
export async function buscarDia(
  sql: Sql,
  f: FiltrosBusqueda,
  n: number,
  despues: Clave | null,
  tz: string,
): Promise<BusquedaFilaBd[]> {
  const delPaciente = condicionesPaciente(f, 'a')
  const filtros = y([...condicionesVisita(f, tz), ...delPaciente])
  // An open section is one estado, so there the estado filter is the choice of tramos below.
  // Left in, it let the planner walk the open atenciones' partial index (0077) by arrival and
  // drop the other sections' rows, where the tramo is a range of the order's own index.
  const filtrosAbiertos = y([
    ...condicionesVisita({ ...f, estados: undefined }, tz),
    ...delPaciente,
  ])
  const [, cg = -1, cr = -1, cid = 0] = despues ?? []
  // The tramo of the previous page's last row goes on after that row; the ones before are done.
  const tramoDelCursor = despues
    ? cg === CERRADAS
      ? TRAMO_CERRADAS
      : TRAMOS_ABIERTOS.findIndex(([g, r]) => g === cg && r === cr)
    : -1
  const momento = despues ? instante(despues) : null
  // Only the tramos the estado and prioridad filters can match: a tramo none of whose rows can
  // pass would be read whole, the day's every row of it, to find none.
  const conEstado = (g: number) => !f.estados || f.estados.some((e) => grupoDe(e) === g)
  const conPrioridad = (r: number) =>
    !f.prioridades || f.prioridades.some((p) => rangoDe('En espera', p) === r)
  const abiertos = TRAMOS_ABIERTOS.map(([g, r], o) => [g, r, o] as const).filter(
    ([g, r, o]) => o >= tramoDelCursor && conEstado(g) && conPrioridad(r),
  )
  const lista = abiertos.map(([g, r, o]) => t`(${g}::int, ${r}::int, ${o}::int)`)
  const columnas =
    crudo(`a.paciente_id as id, a.id as atencion_id, a.llegada as instante, 1 as tipo,
    a.id as clave_id`)
  const partes: Trozo[] = []
  if (lista.length > 0) {
    const despuesDelCursor = momento
      ? t`and (k.o > ${tramoDelCursor} or (a.llegada, a.id) > (${momento}, ${cid}))`
      : nada()
    partes.push(t`
      select k.o, x.* from (values ${unir(lista, ', ')}) k(g, r, o)
      cross join lateral (
        select ${columnas}, row_number() over (order by a.llegada, a.id) as dentro
        from atenciones a
        where (${GRUPO}) = k.g and (${RANGO}) = k.r and ${filtrosAbiertos}
          ${despuesDelCursor}
        order by a.llegada, a.id
        limit ${n}
      ) x`)
  }
  const cerradas = conEstado(CERRADAS)
  const cerradasDespues =
    momento && tramoDelCursor === TRAMO_CERRADAS
      ? t`and (a.llegada, a.id) < (${momento}, ${cid})`
      : nada()
  if (cerradas)
    partes.push(t`
    select ${TRAMO_CERRADAS}::int as o, x.* from (
      select ${columnas}, row_number() over (order by a.llegada desc, a.id desc) as dentro
      from atenciones a
      where (${GRUPO}) = ${CERRADAS} and (${RANGO}) = 0 and ${filtros}
        ${cerradasDespues}
      order by a.llegada desc, a.id desc
      limit ${n}
    ) x`)
  if (partes.length === 0) return []
  const claves = t`(
    select u.*, row_number() over (order by u.o, u.dentro) as puesto
    from (${partes.reduce((acc, q) => t`(${acc}) union all (${q})`)}) u
    order by u.o, u.dentro
    limit ${n}
  )`
  const [fila] = await consulta<{ filas: string }[]>(
    sql,
    filasEnOrden(claves, crudo('x.puesto'), tz),
  )
  return leerFilas(fila!.filas)
}
