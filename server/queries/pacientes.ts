// Patients: registration, the list, one patient, possible duplicates, the holder of a document.
import type { AccionAuditoria } from '../../shared/auditoria.js'
import type { CampoNombre, Paciente, PacienteDatos } from '../../shared/paciente-datos.js'
import { ACCIONES_HISTORIAL } from '../../shared/pacientes.js'
import type { CampoPaciente } from '../../shared/paciente-campos.js'
import type postgres from 'postgres'
import { insercionEventos, insercionLectura, type Evento } from './auditoria.js'
import type { Sql } from '../db.js'
import { instanteDe, type Clave } from './clave.js'
import { asignacionesCampos, columnasCampos, objetoCampos, valoresCampos } from './campos-sql.js'

/** A patient's row: its fields, with the instants as the driver reads them. */
export interface PacienteFila
  extends PacienteDatos, Pick<Paciente, 'id' | 'politicaVersion' | 'madreId'> {
  politicaAceptadaEn: Date
  creadoEn: Date
  /** Bumped by the database on every update; the ETag (http/version.ts). */
  version: number
}

/** Every field (paciente-campos.ts) and what the database keeps beside them. */
const columnas = (sql: Sql) => sql`
  p.id, ${columnasCampos(sql, 'p')}, p.madre_id, p.politica_aceptada_en,
  p.politica_version, p.creado_en, p.version`

/** Who registers and from where, for the audit record written with the patient. */
export interface Registrante {
  usuarioId: number | null
  usuario: string | null
  direccion: string | null
}

const REGISTRADO: AccionAuditoria = 'paciente.registrado'

/**
 * Inserts the patient and its audit record in one statement; null (and no record) when the
 * document is already registered (the unique key decides). One statement is one commit, one WAL
 * flush and one round trip: what limits registrations per second, more than any CPU.
 */
export async function insertarPaciente(
  sql: Sql,
  d: PacienteDatos,
  politicaVersion: string,
  quien: Registrante,
  madreId: number | null = null,
): Promise<PacienteFila | null> {
  const [fila] = await sql<PacienteFila[]>`
    with nuevo as (
      insert into pacientes as p (
        ${columnasCampos(sql)}, madre_id, politica_aceptada_en, politica_version, creado_por
      ) values (
        ${valoresCampos(sql, d)}, ${madreId}, now(), ${politicaVersion}, ${quien.usuarioId}
      )
      on conflict (tipo_documento, documento) do nothing
      returning ${columnas(sql)}
    ), auditado as (${insercionEventos(
      sql,
      { ...quien, accion: REGISTRADO },
      sql`select id as paciente_id, null::jsonb as detalle from nuevo`,
    )})
    select * from nuevo`
  return fila ?? null
}

/**
 * The id of the patient holding this document (the survivor, for an absorbed record's). A 409
 * that names it tells who holds the document: with `evento`, the same statement records that read
 * on the patient found.
 */
export async function idPorDocumento(
  sql: Sql,
  tipo: string,
  documento: string,
  evento?: Evento,
): Promise<number | undefined> {
  const registro = evento
    ? sql`, registro as (${insercionEventos(sql, evento, sql`select id as paciente_id, ${sql.json((evento.detalle ?? {}) as postgres.JSONValue)}::jsonb as detalle from encontrado`)})`
    : sql``
  const [fila] = await sql<{ id: number }[]>`
    with encontrado as (
      select coalesce(fusionado_en, id) as id from pacientes
      where tipo_documento = ${tipo} and documento = ${documento}
    ) ${registro}
    select id from encontrado`
  return fila?.id
}

/**
 * The patient, with the read's audit record (`evento`) written by the same statement; no record
 * when the patient does not exist. A merged record's id reads the record it was merged into
 * (docs/datos.md#fusión-de-registros). Without `evento` (the bench's plans) the bare read.
 */
export async function obtenerPaciente(
  sql: Sql,
  id: number,
  evento?: Evento,
): Promise<PacienteFila | undefined> {
  const detalle = evento?.detalle ? sql.json(evento.detalle as postgres.JSONValue) : null
  const registro = evento
    ? sql`, registro as (${insercionEventos(sql, evento, sql`select id as paciente_id, ${detalle}::jsonb as detalle from paciente`)})`
    : sql``
  const [fila] = await sql<PacienteFila[]>`
    with paciente as (
      select ${columnas(sql)} from pacientes p
      where p.id = (select coalesce(q.fusionado_en, q.id) from pacientes q where q.id = ${id})
    ) ${registro}
    select * from paciente`
  return fila
}

/** A newborn's row as its mother's page names it. */
export type HijoFila = Pick<
  PacienteFila,
  'id' | 'tipoDocumento' | 'documento' | CampoNombre | 'fechaNacimiento'
>

/** How many of a mother's newborns her page names: the newest. */
export const HIJOS_MAXIMO = 20

/**
 * The newborns linked to this mother's record (by the partial index of 0048), newest first, each
 * read recorded on the child's record by the same statement. A child linked to a record of hers
 * merged since keeps that id (docs/datos.md#recién-nacidos) and is not listed here.
 */
export function hijosDe(sql: Sql, madreId: number, evento: Evento): Promise<HijoFila[]> {
  const detalle = sql.json({ ...evento.detalle, hijoDe: madreId } as postgres.JSONValue)
  return sql<HijoFila[]>`
    with hijos as (
      select p.id, p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre,
        p.primer_apellido, p.segundo_apellido, p.fecha_nacimiento
      from pacientes p
      where p.madre_id = ${madreId} and p.fusionado_en is null
      order by p.fecha_nacimiento desc, p.id desc
      limit ${HIJOS_MAXIMO}
    ), registro as (${insercionEventos(sql, evento, sql`select id as paciente_id, ${detalle}::jsonb as detalle from hijos`)})
    select * from hijos`
}

/** The `registro` CTE of a read that serves the rows of the CTE `filas`; none without `evento`. */
const registroLectura = (sql: Sql, evento: Evento | undefined, filas: string, servidos: number) =>
  evento ? sql`, registro as (${insercionLectura(sql, evento, filas, servidos)})` : sql``

export interface PacienteListaFila extends PacienteFila {
  modalidades: string[]
  clave: string
}

/**
 * Newest registration first, after the cursor's (creado_en, id), with the page's audit record
 * (`evento`) in the same statement. `limite` counts the one row read past the page.
 */
export async function listarPacientes(
  sql: Sql,
  limite: number,
  despues: Clave | null,
  evento?: Evento,
): Promise<PacienteListaFila[]> {
  return sql<PacienteListaFila[]>`
    with pagina as (
      select ${columnas(sql)},
        -- Each modality once, in the clinic's order.
        array(select m.valor from modalidades m join (
          select distinct a.modalidad from atenciones a where a.paciente_id = p.id
        ) u on u.modalidad = m.valor order by m.orden, m.valor) as modalidades,
        to_char(p.creado_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as clave
      from pacientes p
      where ${despues ? sql`(p.creado_en, p.id) < (${instanteDe(sql, despues)}, ${despues[1] ?? 0})` : sql`true`}
        and p.fusionado_en is null
      order by p.creado_en desc, p.id desc
      limit ${limite}
    ) ${registroLectura(sql, evento, 'pagina', limite - 1)}
    select * from pagina order by creado_en desc, id desc`
}

export type DuplicadoFiltro = Pick<PacienteDatos, CampoNombre | 'fechaNacimiento'>

const DUPLICADOS_MAXIMO = 20

/**
 * Same names (accent- and case-insensitive) and birth date; a blank second name matches any. The
 * check's audit record (`evento`) is written by the same statement.
 */
export async function posiblesDuplicados(
  sql: Sql,
  f: DuplicadoFiltro,
  evento?: Evento,
): Promise<PacienteFila[]> {
  const segundo = (columna: postgres.Fragment, valor: string | null) =>
    valor ? sql`and (${columna} is null or ${columna} = normalizar(${valor}))` : sql``
  return sql<PacienteFila[]>`
    with candidatos as (
      select ${columnas(sql)} from pacientes p
      where p.primer_apellido_norm = normalizar(${f.primerApellido})
        and p.primer_nombre_norm = normalizar(${f.primerNombre})
        and p.fecha_nacimiento = ${f.fechaNacimiento}
        and p.fusionado_en is null
        ${segundo(sql`p.segundo_nombre_norm`, f.segundoNombre)}
        ${segundo(sql`p.segundo_apellido_norm`, f.segundoApellido)}
      order by p.id
      limit ${DUPLICADOS_MAXIMO}
    ) ${registroLectura(sql, evento, 'candidatos', DUPLICADOS_MAXIMO)}
    select * from candidatos order by id`
}

/**
 * The patient holding this document (the unique key: one row at most), with the check's audit
 * record (`evento`) in the same statement. An absorbed record's document answers the record it was
 * merged into, as a registration's 409 does (docs/datos.md#fusión-de-registros).
 */
export async function pacientePorDocumento(
  sql: Sql,
  tipo: string,
  documento: string,
  evento?: Evento,
): Promise<PacienteFila[]> {
  return sql<PacienteFila[]>`
    with encontrado as (
      select ${columnas(sql)} from pacientes p
      where p.id = (
        select coalesce(q.fusionado_en, q.id) from pacientes q
        where q.tipo_documento = ${tipo} and q.documento = ${documento}
      )
    ) ${registroLectura(sql, evento, 'encontrado', 1)}
    select * from encontrado`
}

const MODIFICADO: AccionAuditoria = 'paciente.modificado'

/**
 * Writes the corrected fields only if the patient is still at `version`, with the audit record of
 * what changed in the same statement: each changed field's value before (read by this statement)
 * and after, and the new version. Undefined (and no record) when the patient does not exist or
 * another change got there first, or when a merge absorbed it meanwhile (an absorbed record never
 * changes). A document another patient holds fails on the unique key.
 */
export async function actualizarPaciente(
  sql: Sql,
  id: number,
  version: number,
  d: PacienteDatos,
  quien: Registrante,
): Promise<PacienteFila | undefined> {
  const [fila] = await sql<PacienteFila[]>`
    with antes as (
      select ${objetoCampos(sql, 'p')} as valores from pacientes p where p.id = ${id}
    ), cambiado as (
      update pacientes as p set ${asignacionesCampos(sql, d)}
      from antes
      where p.id = ${id} and p.version = ${version}
      returning ${columnas(sql)}, antes.valores as antes, ${objetoCampos(sql, 'p')} as despues
    ), auditado as (${insercionEventos(
      sql,
      { ...quien, accion: MODIFICADO },
      sql`
        select c.id as paciente_id, jsonb_build_object(
          'version', c.version,
          'cambios', coalesce((
            select jsonb_object_agg(k, jsonb_build_object('antes', c.antes -> k, 'despues', c.despues -> k))
            from jsonb_object_keys(c.despues) k
            where c.antes -> k is distinct from c.despues -> k
          ), '{}'::jsonb)
        ) as detalle
        from cambiado c`,
    )})
    select * from cambiado`
  return fila
}

export interface HistorialFila {
  id: string
  en: Date
  usuario: string | null
  accion: (typeof ACCIONES_HISTORIAL)[number]
  detalle: {
    version?: number
    cambios?: Partial<Record<CampoPaciente, { antes: string | null; despues: string | null }>>
  } | null
}

/**
 * The patient's registration and changes, newest first, before the event `antesDe`, with the
 * read's audit record (`evento`) in the same statement. Undefined (and no record) when the patient
 * does not exist. `limite` counts the one row read past the page.
 */
export async function historialPaciente(
  sql: Sql,
  id: number,
  limite: number,
  antesDe: number | null,
  evento: Evento,
): Promise<HistorialFila[] | undefined> {
  const filas = await sql<(Partial<HistorialFila> & { existe: number })[]>`
    with paciente as (select p.id from pacientes p where p.id = ${id}),
    registro as (${insercionEventos(sql, evento, sql`select id as paciente_id, null::jsonb as detalle from paciente`)})
    select p.id as existe, h.id, h.en, h.usuario, h.accion, h.detalle
    from paciente p left join lateral (
      select a.id, a.en, a.usuario, a.accion, a.detalle from auditoria a
      where a.paciente_id = p.id
        -- Written out, as the partial index auditoria_cambios_paciente_idx says them (0015): a
        -- parameter would not let a generic plan prove the index applies.
        and a.accion in ('paciente.registrado', 'paciente.modificado')
        ${antesDe === null ? sql`` : sql`and a.id < ${antesDe}`}
      order by a.id desc
      limit ${limite}
    ) h on true`
  if (filas.length === 0) return undefined
  return filas.filter((f) => f.id != null) as HistorialFila[]
}
