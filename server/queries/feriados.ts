// Feriados (migration 0045): Peru's national ones written for each year as the app starts in it or
// a list asks for it, the clinic's own, and the question the agenda and booking ask: is this day
// closed for this sede?
import { feriadoNacional, feriadosNacionales, type Feriado } from '../../shared/feriados.js'
import type { Sql } from '../db.js'
import { insercionEventos, type Evento } from './auditoria.js'

const COLUMNAS = (sql: Sql) =>
  sql`id, to_char(fecha, 'YYYY-MM-DD') as fecha, nombre, sede, nacional, atiende`

/** The years each database already has its national feriados for (tests open several at once). */
const sembrados = new WeakMap<Sql, Set<number>>()

/**
 * Writes the year's national feriados, once per process and year; a row already there (one the
 * clinic works, or its own on that day) stays as it is, and so does a second server's.
 */
export async function sembrarFeriados(sql: Sql, anio: number): Promise<void> {
  let anios = sembrados.get(sql)
  if (!anios) sembrados.set(sql, (anios = new Set()))
  if (anios.has(anio)) return
  const f = feriadosNacionales(anio)
  await sql`
    insert into feriados (fecha, nombre, nacional)
    select fecha, nombre, true
    from unnest(${f.map((x) => x.fecha)}::date[], ${f.map((x) => x.nombre)}::text[]) as n (fecha, nombre)
    on conflict do nothing`
  anios.add(anio)
}

/** The year's feriados, national and the clinic's, by date (all sedes' before one sede's). */
export async function feriadosDelAnio(sql: Sql, anio: number): Promise<Feriado[]> {
  await sembrarFeriados(sql, anio)
  return sql<Feriado[]>`
    select ${COLUMNAS(sql)} from feriados
    where fecha >= make_date(${anio}, 1, 1) and fecha < make_date(${anio + 1}, 1, 1)
    order by fecha, sede nulls first, id`
}

/**
 * The name of the feriado that closes `sede` on `fecha` ('YYYY-MM-DD'), if any. It writes nothing:
 * a national one of the law whose year is not written yet closes the day all the same, and once
 * written its row says whether the clinic works it. `sql` may be the caller's transaction.
 */
export async function feriadoEn(sql: Sql, fecha: string, sede: string): Promise<string | null> {
  const filas = await sql<{ nombre: string; nacional: boolean; atiende: boolean }[]>`
    select nombre, nacional, atiende from feriados
    where fecha = ${fecha}::date and (sede is null or sede = ${sede})
    order by sede nulls first, id`
  const cierra = filas.find((f) => !f.atiende)
  if (cierra) return cierra.nombre
  const nacional = feriadoNacional(fecha)
  return nacional && !filas.some((f) => f.nacional) ? nacional : null
}

/** What the audit records of a feriado: the row added, changed or removed. */
const detalle = (sql: Sql, de: string) => sql`
  select null::bigint as paciente_id,
    jsonb_build_object('id', id, 'fecha', fecha, 'nombre', nombre, 'sede', sede,
      'atiende', atiende) as detalle
  from ${sql(de)}`

/** Stores it with its audit record; undefined (and no record) when that day has one for that sede. */
export async function crearFeriado(
  sql: Sql,
  f: { fecha: string; nombre: string; sede: string | null },
  evento: Evento,
): Promise<Feriado | undefined> {
  const [fila] = await sql<Feriado[]>`
    with nuevo as (
      insert into feriados (fecha, nombre, sede) values (${f.fecha}::date, ${f.nombre}, ${f.sede})
      on conflict do nothing
      returning *
    ), e as (${insercionEventos(sql, evento, detalle(sql, 'nuevo'))})
    select ${COLUMNAS(sql)} from nuevo`
  return fila
}

/** Whether the clinic works that day, with its audit record; undefined when there is no such one. */
export async function cambiarFeriado(
  sql: Sql,
  id: number,
  atiende: boolean,
  evento: Evento,
): Promise<Feriado | undefined> {
  const [fila] = await sql<Feriado[]>`
    with cambiado as (update feriados set atiende = ${atiende} where id = ${id} returning *),
    e as (${insercionEventos(sql, evento, detalle(sql, 'cambiado'))})
    select ${COLUMNAS(sql)} from cambiado`
  return fila
}

/**
 * Removes one of the clinic's own, with its audit record: 'borrado', 'nacional' (the law's stay:
 * the clinic says it works them instead) or 'no existe'.
 */
export async function borrarFeriado(
  sql: Sql,
  id: number,
  evento: Evento,
): Promise<'borrado' | 'nacional' | 'no existe'> {
  const [fila] = await sql<{ borrado: boolean; nacional: boolean }[]>`
    with borrado as (delete from feriados where id = ${id} and not nacional returning *),
    e as (${insercionEventos(sql, evento, detalle(sql, 'borrado'))})
    select exists (select 1 from borrado) as borrado,
      exists (select 1 from feriados where id = ${id} and nacional) as nacional`
  return fila!.borrado ? 'borrado' : fila!.nacional ? 'nacional' : 'no existe'
}
