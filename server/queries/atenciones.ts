// Atenciones: register an arrival, read a patient's, move one along the worklist.
import type { Atencion } from '../../shared/atenciones.js'
import type { Estado } from '../../shared/catalogos.js'
import { insercionEventos, type Evento } from './auditoria.js'
import type { Sql } from '../db.js'

/** An atención's row: the answer's fields, with the estudios' names and the instants as read. */
export interface AtencionFila extends Omit<Atencion, 'estudios' | 'creadoEn' | 'actualizadoEn'> {
  estudios: string[]
  creadoEn: Date
  actualizadoEn: Date
}

/** The row plus its clinic-local arrival date and time. */
const columnas = (sql: Sql, tz: string) => sql`
  a.id, a.paciente_id, a.sede, a.modalidad, a.estudios, a.estado, a.procedencia, a.prioridad,
  to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD') as fecha_llegada,
  to_char(a.llegada at time zone ${tz}, 'HH24:MI') as hora_llegada,
  a.creado_en, a.actualizado_en`

export interface NuevaAtencion extends Pick<
  AtencionFila,
  'pacienteId' | 'sede' | 'modalidad' | 'estudios' | 'estado' | 'procedencia' | 'prioridad'
> {
  /** Clinic-local; null means now. */
  fechaLlegada: string | null
  horaLlegada: string | null
  creadoPor: number | null
}

/**
 * Inserts the atención and its audit record (`evento`) in one statement; undefined (and no record)
 * when the patient does not exist.
 */
export async function insertarAtencion(
  sql: Sql,
  n: NuevaAtencion,
  tz: string,
  evento: Evento,
): Promise<AtencionFila | undefined> {
  const llegada = n.fechaLlegada
    ? sql`(${n.fechaLlegada}::date + ${n.horaLlegada ?? '00:00'}::time) at time zone ${tz}`
    : sql`now()`
  const [fila] = await sql<AtencionFila[]>`
    with nueva as (
      insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada, creado_por)
      select p.id, ${n.sede}, ${n.modalidad}, ${n.estudios}::text[], ${n.estado}, ${n.procedencia}, ${n.prioridad},
        ${llegada}, ${n.creadoPor}
      from pacientes p where p.id = ${n.pacienteId}
      returning *
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('atencion', id, 'modalidad', modalidad, 'estado', estado) as detalle from nueva`,
    )})
    select ${columnas(sql, tz)} from nueva a`
  return fila
}

export async function atencionesDePaciente(
  sql: Sql,
  pacienteId: number,
  tz: string,
): Promise<AtencionFila[]> {
  return sql<AtencionFila[]>`
    select ${columnas(sql, tz)} from atenciones a
    where a.paciente_id = ${pacienteId}
    order by a.llegada desc, a.id desc`
}

export async function obtenerAtencion(
  sql: Sql,
  id: number,
  tz: string,
): Promise<AtencionFila | undefined> {
  const [fila] = await sql<
    AtencionFila[]
  >`select ${columnas(sql, tz)} from atenciones a where a.id = ${id}`
  return fila
}

/**
 * Moves the atención to `estado` only if it is still in one of `desde`, with its audit record
 * (`evento`) in the same statement; undefined (and no record) otherwise.
 */
export async function cambiarEstado(
  sql: Sql,
  id: number,
  estado: Estado,
  desde: readonly Estado[],
  tz: string,
  evento: Evento,
): Promise<AtencionFila | undefined> {
  const [fila] = await sql<AtencionFila[]>`
    with cambiada as (
      update atenciones a set estado = ${estado}, actualizado_en = now()
      where a.id = ${id} and a.estado = any(${desde as Estado[]}::text[])
      returning a.*
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('atencion', id, 'estado', estado) as detalle from cambiada`,
    )})
    select ${columnas(sql, tz)} from cambiada a`
  return fila
}
