// Bloqueos (migration 0046): a sala's periods without citas. Instants in, instants out; the routes
// turn them into the clinic's local times.
import { inTransaction, type Sql } from '../db.js'
import { insercionEventos, type Evento } from './auditoria.js'

export interface BloqueoFila {
  id: number
  salaId: number
  inicio: Date
  fin: Date
  motivo: string
}

const COLUMNAS = (sql: Sql) => sql`id, sala_id, inicio, fin, motivo`

/** The salas' periods that overlap [desde, hasta), by sala and start. */
export function bloqueosEntre(
  sql: Sql,
  salas: readonly number[],
  desde: Date,
  hasta: Date,
): Promise<BloqueoFila[]> {
  return sql<BloqueoFila[]>`
    select ${COLUMNAS(sql)} from bloqueos
    where sala_id = any(${salas as number[]}::int[]) and fin > ${desde} and inicio < ${hasta}
    order by sala_id, inicio, id`
}

/**
 * The salas' periods that overlap a clinic-local day ('YYYY-MM-DD' in `tz`), by sala and start: the
 * day's bounds computed here, as citasDelDia computes them, so the agenda reads both at once.
 */
export function bloqueosDelDia(
  sql: Sql,
  salas: readonly number[],
  fecha: string,
  tz: string,
): Promise<BloqueoFila[]> {
  return sql<BloqueoFila[]>`
    select ${COLUMNAS(sql)} from bloqueos
    where sala_id = any(${salas as number[]}::int[])
      and fin > (${fecha}::date)::timestamp at time zone ${tz}
      and inicio < (${fecha}::date + 1)::timestamp at time zone ${tz}
    order by sala_id, inicio, id`
}

/** The first period of the sala that overlaps [inicio, fin), if any. */
export async function bloqueoQueCubre(
  sql: Sql,
  salaId: number,
  inicio: Date,
  fin: Date,
): Promise<BloqueoFila | undefined> {
  const [b] = await bloqueosEntre(sql, [salaId], inicio, fin)
  return b
}

/** The sala's periods that have not ended, by start. */
export const bloqueosVigentes = (sql: Sql, salaId: number): Promise<BloqueoFila[]> => sql<
  BloqueoFila[]
>`
  select ${COLUMNAS(sql)} from bloqueos where sala_id = ${salaId} and fin > now()
  order by inicio, id`

export interface CitaBloqueadaFila {
  id: number
  pacienteId: number
  inicio: Date
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
}

/**
 * Stores the period with its audit record, and reads the citas still Programadas inside it (the
 * record names them: their patients' names are read here). The sala's row is held exclusively
 * first: a booking or a move into it in flight (citas/turnos.ts holds it shared) commits before
 * the citas are read, or waits and then sees the block.
 */
export async function crearBloqueo(
  sql: Sql,
  b: { salaId: number; inicio: Date; fin: Date; motivo: string },
  evento: Evento,
): Promise<{ bloqueo: BloqueoFila; citas: CitaBloqueadaFila[] }> {
  return inTransaction(sql, async (tx) => {
    await tx`select 1 from salas where id = ${b.salaId} for update`
    const [bloqueo] = await tx<BloqueoFila[]>`
      insert into bloqueos (sala_id, inicio, fin, motivo)
      values (${b.salaId}, ${b.inicio}, ${b.fin}, ${b.motivo})
      returning ${COLUMNAS(tx)}`
    const citas = await tx<CitaBloqueadaFila[]>`
      select a.id, a.paciente_id, lower(a.turno) as inicio,
        p.primer_nombre, p.segundo_nombre, p.primer_apellido, p.segundo_apellido
      from atenciones a join pacientes p on p.id = a.paciente_id
      where a.sala_id = ${b.salaId} and a.estado = 'Programado'
        and a.turno && tstzrange(${b.inicio}, ${b.fin}, '[)')
      order by lower(a.turno), a.id`
    const detalle = {
      ...evento.detalle,
      id: bloqueo!.id,
      salaId: b.salaId,
      inicio: b.inicio.toISOString(),
      fin: b.fin.toISOString(),
      motivo: b.motivo,
      citas: citas.map((c) => c.id),
    }
    await tx`${insercionEventos(
      tx,
      evento,
      tx`select null::bigint as paciente_id, ${tx.json(detalle)}::jsonb as detalle`,
    )}`
    return { bloqueo: bloqueo!, citas }
  })
}

/** Removes it with its audit record; false (and no record) when there is no such one. */
export async function borrarBloqueo(sql: Sql, id: number, evento: Evento): Promise<boolean> {
  const filas = await sql`
    with borrado as (delete from bloqueos where id = ${id} returning *),
    e as (${insercionEventos(
      sql,
      evento,
      sql`select null::bigint as paciente_id,
        jsonb_build_object('id', id, 'salaId', sala_id, 'inicio', inicio, 'fin', fin,
          'motivo', motivo) as detalle
        from borrado`,
    )})
    select id from borrado`
  return filas.length > 0
}
