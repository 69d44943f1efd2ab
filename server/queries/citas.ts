// Citas (migration 0025): an atención with a sala and a time range. Booking and rescheduling write
// the row and its audit record in one statement; the exclusion constraint refuses an overlap, which
// the route turns into its Spanish 409.
import type postgres from 'postgres'
import type { Estado, Modalidad, Prioridad, Procedencia } from '../../shared/catalogos.js'
import type { Sql } from '../db.js'
import { columnasAtencion, type AtencionFila } from './atenciones.js'
import { insercionEventos, insercionLectura, type Evento } from './auditoria.js'
import { turnoAlMover, turnoAlRegistrar } from './turno-ticket.js'

/**
 * Whether a write ran into another live cita of the sala: the exclusion constraint's violation, or
 * the deadlock two writers of overlapping ranges can fall into, each waiting for the other's row
 * (PostgreSQL ends one of them; the other holds the slot).
 */
export const esSolape = (err: unknown): boolean => {
  const code = (err as postgres.PostgresError | undefined)?.code
  return code === '23P01' || code === '40P01'
}

/**
 * Clinic-local 'YYYY-MM-DDTHH:MM' values as instants, by PostgreSQL's time zone rules (a time a
 * clock skips comes back moved: the caller compares), and the database's now.
 */
export async function instantesLocales(
  sql: Sql,
  locales: readonly string[],
  tz: string,
): Promise<{ instantes: Date[]; ahora: Date }> {
  const filas = await sql<{ instante: Date; ahora: Date }[]>`
    select u.x::timestamp at time zone ${tz} as instante, now() as ahora
    from unnest(${locales as string[]}::text[]) with ordinality u (x, n)
    order by u.n`
  return { instantes: filas.map((f) => f.instante), ahora: filas[0]?.ahora ?? new Date() }
}

export interface CitaDiaFila {
  id: number
  salaId: number
  pacienteId: number
  estudios: string[]
  estado: Estado
  prioridad: Prioridad
  inicio: Date
  fin: Date
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
}

/**
 * The citas of `salas` that start on the clinic-local day `fecha`, cancelled and missed ones
 * included, by sala and start: one range of atenciones_agenda_idx per sala. The read's audit
 * record (`evento`, with how many citas it served) is written by the same statement.
 */
export function citasDelDia(
  sql: Sql,
  salas: readonly number[],
  fecha: string,
  tz: string,
  evento?: Evento,
): Promise<CitaDiaFila[]> {
  return sql<CitaDiaFila[]>`
    with filas as (
      select a.id, a.sala_id, a.paciente_id, a.estudios, a.estado, a.prioridad,
        lower(a.turno) as inicio, upper(a.turno) as fin,
        p.primer_nombre, p.segundo_nombre, p.primer_apellido, p.segundo_apellido
      from atenciones a
      join pacientes p on p.id = a.paciente_id
      where a.sala_id = any(${salas as number[]}::int[]) and a.turno is not null
        and lower(a.turno) >= (${fecha}::date)::timestamp at time zone ${tz}
        and lower(a.turno) < (${fecha}::date + 1)::timestamp at time zone ${tz}
    ) ${evento ? sql`, registro as (${insercionLectura(sql, evento, 'filas', 2_147_483_647)})` : sql``}
    select * from filas order by sala_id, inicio, id`
}

/** The live cita of the sala that overlaps [inicio, fin), if one is there now. */
export async function citaQueOcupa(
  sql: Sql,
  salaId: number,
  inicio: Date,
  fin: Date,
  excepto: number | null = null,
): Promise<{ inicio: Date; fin: Date } | undefined> {
  const [fila] = await sql<{ inicio: Date; fin: Date }[]>`
    select lower(turno) as inicio, upper(turno) as fin from atenciones
    where sala_id = ${salaId} and turno && tstzrange(${inicio}, ${fin}, '[)')
      and turno is not null and estado not in ('Cancelado', 'No se presentó')
      and id is distinct from ${excepto}
    order by lower(turno)
    limit 1`
  return fila
}

export interface NuevaCita {
  pacienteId: number
  salaId: number
  sede: string
  modalidad: Modalidad
  estudios: string[]
  prioridad: Prioridad
  procedencia: Procedencia
  inicio: Date
  fin: Date
  creadoPor: number | null
}

/**
 * Books the cita — an atención Programado whose llegada is its start — with its audit record
 * (`evento`, detail with the clinic-local times `detalle`) in one statement. 'sinPaciente' or
 * 'solape' (and no record) when the patient does not exist or a live cita overlaps. ON CONFLICT
 * DO NOTHING first waits for a booking of the slot still in flight and then yields to it: plain
 * inserts of one slot at once can deadlock, each waiting for the other's row.
 */
export async function insertarCita(
  sql: Sql,
  n: NuevaCita,
  detalle: Record<string, unknown>,
  tz: string,
  evento: Evento,
): Promise<AtencionFila | 'sinPaciente' | 'solape'> {
  const [fila] = await sql<AtencionFila[]>`
    with nueva as (
      insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad,
        llegada, creado_por, sala_id, turno, numero_turno)
      select p.id, ${n.sede}, ${n.modalidad}, ${n.estudios}::text[], 'Programado', ${n.procedencia},
        ${n.prioridad}, ${n.inicio}, ${n.creadoPor}, ${n.salaId}, tstzrange(${n.inicio}, ${n.fin}, '[)'),
        ${turnoAlRegistrar(sql, n.sede, n.inicio, null, tz)}
      from pacientes p where p.id = ${n.pacienteId}
      on conflict do nothing
      returning *
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('atencion', id) || ${sql.json(detalle as postgres.JSONValue)}::jsonb as detalle from nueva`,
    )})
    select ${columnasAtencion(sql, tz)} from nueva a`
  if (fila) return fila
  const [paciente] = await sql`select 1 from pacientes where id = ${n.pacienteId}`
  return paciente ? 'solape' : 'sinPaciente'
}

/**
 * Moves a cita that is still Programado to `salaId` (its sede and modality follow the sala) and
 * [inicio, fin), with its audit record in the same statement; undefined when it is no longer
 * Programado. Throws 23P01 (esSolape) on an overlap.
 */
export async function reprogramarCita(
  sql: Sql,
  id: number,
  c: { salaId: number; sede: string; modalidad: Modalidad; inicio: Date; fin: Date },
  detalle: Record<string, unknown>,
  tz: string,
  evento: Evento,
): Promise<AtencionFila | undefined> {
  const [fila] = await sql<AtencionFila[]>`
    with movida as (
      update atenciones a set sala_id = ${c.salaId}, sede = ${c.sede}, modalidad = ${c.modalidad},
        turno = tstzrange(${c.inicio}, ${c.fin}, '[)'), llegada = ${c.inicio}, actualizado_en = now(),
        numero_turno = ${turnoAlMover(sql, c.sede, c.inicio, tz)}
      where a.id = ${id} and a.estado = 'Programado' and a.turno is not null
      returning a.*
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, ${sql.json(detalle as postgres.JSONValue)}::jsonb as detalle from movida`,
    )})
    select ${columnasAtencion(sql, tz)} from movida a`
  return fila
}

export interface Reprogramacion {
  /** Who moved it and when. */
  usuarioId: number | null
  enPlazo: boolean
  /** The audit record's detalle: clinic-local sala and times before and after the move. */
  antes: { sala: number; inicio: string; fin?: string }
  despues: { sala: number; inicio: string; fin: string }
}

/**
 * The cita's last move, if that is the last thing done to its time: undefined when it was never
 * moved or its last move was already undone. Read from the audit trail (one range of
 * auditoria_paciente_idx), which keeps every move with what it replaced.
 */
export async function ultimaReprogramacion(
  sql: Sql,
  pacienteId: number,
  id: number,
  minutos: number,
): Promise<Reprogramacion | undefined> {
  const [fila] = await sql<
    { accion: string; usuarioId: number | null; enPlazo: boolean; detalle: Reprogramacion }[]
  >`
    select accion, usuario_id, en > now() - make_interval(mins => ${minutos}) as en_plazo, detalle
    from auditoria
    where paciente_id = ${pacienteId}
      and accion in ('cita.reprogramada', 'cita.reprogramacion_deshecha')
      and detalle->>'atencion' = ${String(id)}
    order by id desc
    limit 1`
  if (!fila || fila.accion !== 'cita.reprogramada') return undefined
  return {
    usuarioId: fila.usuarioId,
    enPlazo: fila.enPlazo,
    antes: fila.detalle.antes,
    despues: fila.detalle.despues,
  }
}

export interface ProximaCitaFila {
  id: number
  sede: string
  sala: string
  estudios: string[]
  estado: Estado
  inicio: Date
  fin: Date
}

/**
 * The patient's citas from the clinic-local day `hoy` on, by start, cancelled and missed ones
 * left out; undefined when there is no such patient.
 */
export async function proximasCitas(
  sql: Sql,
  pacienteId: number,
  hoy: string,
  tz: string,
  limite: number,
  evento: Evento,
): Promise<ProximaCitaFila[] | undefined> {
  // An absorbed record's id reads the survivor's citas, as its page does.
  const [paciente] = await sql<{ id: number }[]>`
    select coalesce(fusionado_en, id) as id from pacientes where id = ${pacienteId}`
  if (!paciente) return undefined
  return sql<ProximaCitaFila[]>`
    with filas as (
      select a.id, a.sede, s.nombre as sala, a.estudios, a.estado,
        lower(a.turno) as inicio, upper(a.turno) as fin
      from atenciones a
      join salas s on s.id = a.sala_id
      where a.paciente_id = ${paciente.id} and a.turno is not null
        and lower(a.turno) >= (${hoy}::date)::timestamp at time zone ${tz}
        and a.estado not in ('Cancelado', 'No se presentó')
      order by lower(a.turno), a.id
      limit ${limite}
    ), registro as (${insercionLectura(sql, { ...evento, pacienteId: paciente.id }, 'filas', limite)})
    select * from filas order by inicio, id`
}
