// Atenciones: register an arrival, read a patient's, move one along the worklist, undo the last
// move, correct the registered data. Every change writes its audit row in its own statement.
import type postgres from 'postgres'
import { MINUTOS_DESHACER, type Atencion } from '../../shared/atenciones.js'
import type { Estado, Modalidad, Prioridad, Procedencia, Sede } from '../../shared/catalogos.js'
import { insercionEventos, type Evento } from './auditoria.js'
import { resumenSolicitante } from './medicos-solicitantes.js'
import { turnoAlMover, turnoAlRegistrar } from './turno-ticket.js'
import type { Sql } from '../db.js'

/** An atención's row: the answer's fields, with the estudios' names and the instants as read. */
export interface AtencionFila extends Omit<
  Atencion,
  'estudios' | 'creadoEn' | 'actualizadoEn' | 'ultimoCambio'
> {
  estudios: string[]
  creadoEn: Date
  actualizadoEn: Date
  /** The last estado change while it can be undone; all null otherwise. */
  ultimoCambioDesde: Estado | null
  ultimoCambioUsuario: string | null
  ultimoCambioNombre: string | null
  ultimoCambioEn: Date | null
  /** A cita's range (docs/datos.md#citas); null for an atención registered at the desk. */
  inicio: Date | null
  fin: Date | null
}

/** The row plus its clinic-local arrival date and time and who made its last estado change. */
export const columnasAtencion = (sql: Sql, tz: string) => sql`
  a.id, a.paciente_id, a.sede, a.modalidad, a.estudios, a.estado, a.procedencia, a.prioridad,
  to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD') as fecha_llegada,
  to_char(a.llegada at time zone ${tz}, 'HH24:MI') as hora_llegada,
  a.creado_en, a.actualizado_en, a.motivo_cancelacion, a.ultimo_cambio_desde, a.ultimo_cambio_en,
  a.sala_id, lower(a.turno) as inicio, upper(a.turno) as fin,
  (select u.usuario from usuarios u where u.id = a.ultimo_cambio_por) as ultimo_cambio_usuario,
  (select u.nombre from usuarios u where u.id = a.ultimo_cambio_por) as ultimo_cambio_nombre,
  ${resumenSolicitante(sql, sql`a.solicitante_id`)} as solicitante`

export interface NuevaAtencion extends Pick<
  AtencionFila,
  | 'pacienteId'
  | 'sede'
  | 'modalidad'
  | 'salaId'
  | 'estudios'
  | 'estado'
  | 'procedencia'
  | 'prioridad'
> {
  /** Clinic-local; null means now. */
  fechaLlegada: string | null
  horaLlegada: string | null
  creadoPor: number | null
  /** The visit it shares with other atenciones registered at once (shared/visitas.ts); or null. */
  visita?: number | null
  /** Its médico solicitante (checked active by the caller), or null. */
  solicitanteId: number | null
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
      insert into atenciones (paciente_id, sede, modalidad, sala_id, estudios, estado, procedencia, prioridad, llegada, creado_por, visita, solicitante_id, numero_turno)
      select p.id, ${n.sede}, ${n.modalidad}, ${n.salaId}, ${n.estudios}::text[], ${n.estado}, ${n.procedencia}, ${n.prioridad},
        ${llegada}, ${n.creadoPor}, ${n.visita ?? null}, ${n.solicitanteId},
        ${turnoAlRegistrar(sql, n.sede, llegada, n.visita ?? null, tz)}
      from pacientes p where p.id = ${n.pacienteId}
      returning *
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_strip_nulls(jsonb_build_object('atencion', id, 'modalidad', modalidad, 'estado', estado, 'visita', visita, 'solicitante', solicitante_id)) as detalle from nueva`,
    )})
    select ${columnasAtencion(sql, tz)} from nueva a`
  return fila
}

export async function atencionesDePaciente(
  sql: Sql,
  pacienteId: number,
  tz: string,
): Promise<AtencionFila[]> {
  return sql<AtencionFila[]>`
    select ${columnasAtencion(sql, tz)} from atenciones a
    where a.paciente_id = ${pacienteId}
    order by a.llegada desc, a.id desc`
}

/** The atención; `bloquear` (inside a transaction) holds its row until the transaction ends. */
export async function obtenerAtencion(
  sql: Sql,
  id: number,
  tz: string,
  { bloquear = false } = {},
): Promise<AtencionFila | undefined> {
  const [fila] = await sql<AtencionFila[]>`
    select ${columnasAtencion(sql, tz)} from atenciones a where a.id = ${id}
    ${bloquear ? sql`for update of a` : sql``}`
  return fila
}

/**
 * Moves the atención to `estado` only if it is still in one of `desde` (and is a cita, with
 * `soloCitas`), remembering the estado it left, who moved it and when (what undoing needs), with
 * its audit record (`evento`) in the same statement; undefined (and no record) otherwise.
 * `motivo` is the reason of a cancellation. A cita leaving Programado for the worklist has
 * arrived: its llegada becomes now (its turno keeps the booked time); with `soloSuDia`, only on
 * its own day (esLlegada).
 */
export async function cambiarEstado(
  sql: Sql,
  id: number,
  cambio: {
    estado: Estado
    desde: readonly Estado[]
    motivo: string | null
    por: number | null
    soloCitas?: boolean
    soloSuDia?: boolean
  },
  tz: string,
  evento: Evento,
): Promise<AtencionFila | undefined> {
  const llega = cambio.estado === 'En espera' || cambio.estado === 'En proceso'
  const llegada = sql`case when ${llega}::boolean and a.turno is not null and a.estado = 'Programado'
    then now() else a.llegada end`
  const [fila] = await sql<AtencionFila[]>`
    with cambiada as (
      update atenciones a set estado = ${cambio.estado}, motivo_cancelacion = ${cambio.motivo},
        ultimo_cambio_desde = a.estado, ultimo_cambio_por = ${cambio.por}, ultimo_cambio_en = now(),
        llegada = ${llegada}, numero_turno = ${turnoAlMover(sql, sql`a.sede`, llegada, tz)},
        actualizado_en = now()
      where a.id = ${id} and a.estado = any(${cambio.desde as Estado[]}::text[])
        ${cambio.soloCitas ? sql`and a.turno is not null` : sql``}
        ${
          cambio.soloSuDia && llega
            ? sql`and (a.estado <> 'Programado' or a.turno is null
                or (lower(a.turno) at time zone ${tz})::date = (now() at time zone ${tz})::date)`
            : sql``
        }
      returning a.*
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_strip_nulls(jsonb_build_object('atencion', id, 'estado', estado,
        'desde', ultimo_cambio_desde, 'motivo', motivo_cancelacion)) as detalle from cambiada`,
    )})
    select ${columnasAtencion(sql, tz)} from cambiada a`
  return fila
}

/**
 * Puts the atención back in the estado its last change left, if it is still `estado` (what the
 * caller saw) and `por` made that change less than MINUTOS_DESHACER ago, or `admin`; with its audit
 * record in the same statement. Undefined (and no record) otherwise: see `cambioDeshacible`.
 */
export async function deshacerCambio(
  sql: Sql,
  id: number,
  estado: Estado,
  quien: { por: number | null; admin: boolean },
  tz: string,
  evento: Evento,
): Promise<AtencionFila | undefined> {
  // An undone arrival puts a cita back at its booked time.
  const llegada = sql`case when a.ultimo_cambio_desde = 'Programado' and a.turno is not null
    then lower(a.turno) else a.llegada end`
  const [fila] = await sql<AtencionFila[]>`
    with deshecha as (
      update atenciones a set estado = a.ultimo_cambio_desde, motivo_cancelacion = null,
        llegada = ${llegada}, numero_turno = ${turnoAlMover(sql, sql`a.sede`, llegada, tz)},
        ultimo_cambio_desde = null, ultimo_cambio_por = null, ultimo_cambio_en = null,
        actualizado_en = now()
      where a.id = ${id} and a.estado = ${estado} and a.ultimo_cambio_desde is not null
        and (${quien.admin}::boolean or (a.ultimo_cambio_por = ${quien.por}
          and a.ultimo_cambio_en > now() - make_interval(mins => ${MINUTOS_DESHACER})))
      returning a.*
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('atencion', id, 'estado', estado,
        'deshecho', ${estado}::text) as detalle from deshecha`,
    )})
    select ${columnasAtencion(sql, tz)} from deshecha a`
  return fila
}

/** Why an undo was refused: the atención's estado, its last change's author and whether it is recent. */
export async function cambioDeshacible(
  sql: Sql,
  id: number,
): Promise<
  { estado: Estado; desde: Estado | null; por: number | null; enPlazo: boolean | null } | undefined
> {
  const [fila] = await sql<
    { estado: Estado; desde: Estado | null; por: number | null; enPlazo: boolean | null }[]
  >`
    select estado, ultimo_cambio_desde as desde, ultimo_cambio_por as por,
      ultimo_cambio_en > now() - make_interval(mins => ${MINUTOS_DESHACER}) as en_plazo
    from atenciones where id = ${id}`
  return fila
}

/** Corrected values of the registered data; `llegada` is a clinic-local date and time. */
export interface CorreccionFila {
  sede?: Sede
  modalidad?: Modalidad
  salaId?: number | null
  estudios?: string[]
  prioridad?: Prioridad
  procedencia?: Procedencia
  llegada?: { fecha: string; hora: string }
  solicitanteId?: number | null
}

/**
 * Writes the corrections with their audit record (`evento`, whose detail is `detalle`: each field
 * before and after) in one statement. The caller holds the row (obtenerAtencion with `bloquear`).
 */
export async function corregirAtencion(
  sql: Sql,
  id: number,
  c: CorreccionFila,
  detalle: Record<string, unknown>,
  tz: string,
  evento: Evento,
): Promise<AtencionFila | undefined> {
  const sets: postgres.Fragment[] = [sql`actualizado_en = now()`]
  if (c.sede !== undefined) sets.push(sql`sede = ${c.sede}`)
  if (c.modalidad !== undefined) sets.push(sql`modalidad = ${c.modalidad}`)
  if (c.salaId !== undefined) sets.push(sql`sala_id = ${c.salaId}`)
  if (c.estudios !== undefined) sets.push(sql`estudios = ${c.estudios}::text[]`)
  if (c.prioridad !== undefined) sets.push(sql`prioridad = ${c.prioridad}`)
  if (c.procedencia !== undefined) sets.push(sql`procedencia = ${c.procedencia}`)
  if (c.solicitanteId !== undefined) sets.push(sql`solicitante_id = ${c.solicitanteId}`)
  const llegada =
    c.llegada && sql`(${c.llegada.fecha}::date + ${c.llegada.hora}::time) at time zone ${tz}`
  if (llegada) sets.push(sql`llegada = ${llegada}`)
  // A new sede or day takes a new turno (turno-ticket.ts).
  if (c.sede !== undefined || llegada)
    sets.push(
      sql`numero_turno = ${turnoAlMover(sql, c.sede ?? sql`a.sede`, llegada || sql`a.llegada`, tz)}`,
    )
  const asignaciones = sets.reduce((todas, s) => sql`${todas}, ${s}`)
  const [fila] = await sql<AtencionFila[]>`
    with corregida as (
      update atenciones a set ${asignaciones} where a.id = ${id} returning a.*
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, ${sql.json(detalle as postgres.JSONValue)}::jsonb as detalle from corregida`,
    )})
    select ${columnasAtencion(sql, tz)} from corregida a`
  return fila
}
