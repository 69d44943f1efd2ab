// Informes in the database (migration 0053): the queue «Por informar», each version with who holds
// and who signed it, and the conditional statements that save, take and release a draft. Each
// read of an informe is recorded by the statement that reads it; signing is server/informes/firmar.ts.
import type { Informe, FiltrosInformes, PorInformar } from '../../shared/informes.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import type { Prioridad } from '../../shared/catalogos.js'
import type postgres from 'postgres'
import type { Sql } from '../db.js'
import { insercionEvento, insercionEventos, type Evento } from './auditoria.js'

/** N.º de informe as the document prints it. */
export const numeroInforme = (id: number): string => String(id).padStart(6, '0')

/** The study an informe reports and its patient, as both the informe and the queue read them. */
interface EstudioFila {
  atencionId: number
  pacienteId: number
  tipoDocumento: string
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
  sede: string
  modalidad: string
  estudios: string[]
  prioridad: Prioridad
}

export interface InformeFila extends EstudioFila {
  id: number
  version: number
  tipo: Informe['tipo']
  baseId: number | null
  motivo: string | null
  estado: Informe['estado']
  contenido: Informe['contenido']
  revision: number
  tomadoPor: number | null
  tomadoUsuario: string | null
  tomadoNombre: string | null
  tomadoEn: Date | null
  preliminarPor: number | null
  preliminarNombre: string | null
  preliminarColegiatura: string | null
  preliminarEn: Date | null
  firmanteNombre: string | null
  firmanteColegiatura: string | null
  firmadoEn: Date | null
  hallazgoCritico: boolean
  importado: boolean
  pdfSha256: string | null
  codigo: string | null
  reemplazadoPor: number | null
  creadoEn: Date
  actualizadoEn: Date
}

/** The signed corrección that replaced a final version, as SQL over `informes i` (null: none). */
export const REEMPLAZADO_POR = `(select r.id from informes r where r.base_id = i.id
  and r.tipo = 'correccion' and r.estado = 'final')`

/** Every column of InformeFila, from `informes i` (the PDF's bytes are read only by leerPdf). */
const COLUMNAS = `i.id, i.atencion_id, a.paciente_id, p.tipo_documento, p.documento,
  p.primer_nombre, p.segundo_nombre, p.primer_apellido, p.segundo_apellido, a.sede, a.modalidad,
  a.estudios, a.prioridad, i.version, i.tipo, i.base_id, i.motivo,
  i.estado, i.contenido, i.revision, i.tomado_por, tu.usuario as tomado_usuario,
  tu.nombre as tomado_nombre, i.tomado_en, i.preliminar_por, pu.nombre as preliminar_nombre,
  pu.colegiatura as preliminar_colegiatura, i.preliminar_en, i.firmante_nombre,
  i.firmante_colegiatura, i.firmado_en, i.hallazgo_critico, i.importado, i.pdf_sha256, i.codigo,
  ${REEMPLAZADO_POR} as reemplazado_por,
  i.creado_en, i.actualizado_en`
const DESDE = `informes i join atenciones a on a.id = i.atencion_id
  join pacientes p on p.id = a.paciente_id
  left join usuarios tu on tu.id = i.tomado_por
  left join usuarios pu on pu.id = i.preliminar_por`

const iso = (d: Date | null) => d?.toISOString() ?? null

export function aInforme(f: InformeFila): Informe {
  return {
    id: f.id,
    numero: numeroInforme(f.id),
    atencionId: f.atencionId,
    estudio: {
      pacienteId: f.pacienteId,
      paciente: nombreCompleto(f),
      documento: `${f.tipoDocumento} ${f.documento}`,
      sede: f.sede,
      modalidad: f.modalidad,
      estudios: f.estudios,
      prioridad: f.prioridad,
    },
    version: f.version,
    tipo: f.tipo,
    baseId: f.baseId,
    motivo: f.motivo,
    estado: f.estado,
    reemplazadoPor: f.reemplazadoPor,
    contenido: f.contenido,
    revision: f.revision,
    tomadoPor:
      f.tomadoUsuario && f.tomadoNombre
        ? { usuario: f.tomadoUsuario, nombre: f.tomadoNombre }
        : null,
    tomadoEn: iso(f.tomadoEn),
    preliminar:
      f.preliminarEn && f.preliminarNombre
        ? {
            nombre: f.preliminarNombre,
            colegiatura: f.preliminarColegiatura ?? '',
            en: f.preliminarEn.toISOString(),
          }
        : null,
    firma:
      f.firmadoEn && f.firmanteNombre && f.firmanteColegiatura
        ? {
            nombre: f.firmanteNombre,
            colegiatura: f.firmanteColegiatura,
            en: f.firmadoEn.toISOString(),
          }
        : null,
    hallazgoCritico: f.hallazgoCritico,
    importado: f.importado,
    sha256: f.pdfSha256,
    codigo: f.codigo,
    creadoEn: f.creadoEn.toISOString(),
    actualizadoEn: f.actualizadoEn.toISOString(),
  }
}

/** One version, without recording a read (the routes' own checks). */
export async function informePorId(sql: Sql, id: number): Promise<InformeFila | undefined> {
  const [fila] = await sql<InformeFila[]>`
    select ${sql.unsafe(COLUMNAS)} from ${sql.unsafe(DESDE)} where i.id = ${id}`
  return fila
}

/** One version, read and recorded (`evento`, on its patient) by one statement. */
export async function leerInforme(
  sql: Sql,
  id: number,
  evento: Evento,
): Promise<InformeFila | undefined> {
  const [fila] = await sql<InformeFila[]>`
    with f as (select ${sql.unsafe(COLUMNAS)} from ${sql.unsafe(DESDE)} where i.id = ${id}),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('informe', id) as detalle from f`,
    )})
    select * from f`
  return fila
}

/**
 * Every version of an atención's informe, the original first, read and recorded (on the
 * atención's patient, whether it has versions yet or not).
 */
export async function informesDeAtencion(
  sql: Sql,
  atencionId: number,
  evento: Evento,
): Promise<InformeFila[]> {
  return sql<InformeFila[]>`
    with f as (
      select ${sql.unsafe(COLUMNAS)} from ${sql.unsafe(DESDE)} where i.atencion_id = ${atencionId}
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('atencion', id) as detalle
        from atenciones where id = ${atencionId}`,
    )})
    select * from f order by version`
}

interface AtencionParaInforme {
  id: number
  pacienteId: number
  estado: string
  modalidad: string
}

export async function atencionParaInforme(
  sql: Sql,
  id: number,
): Promise<AtencionParaInforme | undefined> {
  const [fila] = await sql<AtencionParaInforme[]>`
    select id, paciente_id, estado, modalidad from atenciones where id = ${id}`
  return fila
}

/**
 * The open draft of an atención, created with `contenido` (its studies' templates) and taken by
 * `por` when there is none: `creado` says which. The unique index on open versions makes two at
 * once create one.
 */
export async function abrirBorrador(
  sql: Sql,
  atencionId: number,
  contenido: Informe['contenido'],
  por: number,
  evento: Evento,
): Promise<{ fila: InformeFila; creado: boolean }> {
  const [creada] = await sql<{ id: number }[]>`
    with nueva as (
      insert into informes (atencion_id, version, tipo, contenido, tomado_por, tomado_en, creado_por)
      select ${atencionId}, coalesce(max(version), 0) + 1, 'original',
        ${sql.json(contenido as never)}, ${por}, now(), ${por}
      from informes where atencion_id = ${atencionId}
      having count(*) = 0
      on conflict (atencion_id) where estado <> 'final' do nothing
      returning id
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select a.paciente_id, jsonb_build_object('informe', n.id) as detalle
        from nueva n join atenciones a on a.id = ${atencionId}`,
    )})
    select id from nueva`
  const [abierta] = await sql<{ id: number }[]>`
    select id from informes where atencion_id = ${atencionId} and estado <> 'final'`
  const id = creada?.id ?? abierta?.id
  const fila = id === undefined ? undefined : await informePorId(sql, id)
  if (!fila) throw new Error(`La atención ${atencionId} no tiene informe en curso`)
  return { fila, creado: creada !== undefined }
}

/** A new version (adenda or corrección) of final version `base`, taken by `por`; undefined when one is open. */
export async function nuevaVersion(
  sql: Sql,
  base: InformeFila,
  tipo: 'adenda' | 'correccion',
  motivo: string,
  por: number,
  evento: Evento,
): Promise<InformeFila | undefined> {
  const [nueva] = await sql<{ id: number }[]>`
    with nueva as (
      insert into informes (atencion_id, version, tipo, base_id, motivo, contenido, tomado_por,
        tomado_en, creado_por)
      select ${base.atencionId}, max(version) + 1, ${tipo}, ${base.id}, ${motivo},
        ${tipo === 'correccion' ? sql.json(base.contenido as never) : sql.json({})}, ${por}, now(), ${por}
      from informes where atencion_id = ${base.atencionId}
      on conflict (atencion_id) where estado <> 'final' do nothing
      returning id
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select ${base.pacienteId}::bigint as paciente_id,
        jsonb_build_object('informe', n.id, 'base', ${base.id}::int, 'motivo', ${motivo}::text) as detalle
        from nueva n`,
    )})
    select id from nueva`
  return nueva && informePorId(sql, nueva.id)
}

/**
 * A conditional change of one version (`cambio`: an UPDATE of informes) and its audit record on
 * the version's patient, in one statement: the version as the change left it, or undefined when
 * it changed nothing (the caller reads why). `conRevision` names the new revision in the record.
 */
async function cambiarVersion(
  sql: Sql,
  cambio: postgres.Fragment,
  evento: Evento,
  conRevision = false,
): Promise<InformeFila | undefined> {
  const detalle = conRevision
    ? sql`jsonb_build_object('informe', c.id, 'revision', c.revision)`
    : sql`jsonb_build_object('informe', c.id)`
  const [fila] = await sql<{ id: number }[]>`
    with cambiada as (${cambio} returning id, atencion_id, revision),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select a.paciente_id, ${detalle} as detalle
        from cambiada c join atenciones a on a.id = c.atencion_id`,
    )})
    select id from cambiada`
  return fila && informePorId(sql, fila.id)
}

/** Saves the draft's content when `por` holds it and its revision is one of `revisiones`. */
export const guardarBorrador = (
  sql: Sql,
  id: number,
  contenido: Informe['contenido'],
  por: number,
  revisiones: number[],
  evento: Evento,
): Promise<InformeFila | undefined> =>
  cambiarVersion(
    sql,
    sql`update informes set contenido = ${sql.json(contenido as never)}, revision = revision + 1,
        actualizado_en = now()
      where id = ${id} and estado = 'borrador' and tomado_por = ${por}
        and revision = any(${revisiones}::int[])`,
    evento,
    true,
  )

/** `por` takes a version nobody holds (or holds already). */
export const tomarInforme = (
  sql: Sql,
  id: number,
  por: number,
  evento: Evento,
): Promise<InformeFila | undefined> =>
  cambiarVersion(
    sql,
    sql`update informes set tomado_por = ${por},
        tomado_en = case when tomado_por = ${por} then tomado_en else now() end
      where id = ${id} and estado <> 'final' and (tomado_por is null or tomado_por = ${por})`,
    evento,
  )

/** Releases a version: its holder's own, or anyone's when `admin`. */
export const liberarInforme = (
  sql: Sql,
  id: number,
  quien: { por: number; admin: boolean },
  evento: Evento,
): Promise<InformeFila | undefined> =>
  cambiarVersion(
    sql,
    sql`update informes set tomado_por = null, tomado_en = null
      where id = ${id} and estado <> 'final' and tomado_por is not null
        and (${quien.admin}::boolean or tomado_por = ${quien.por})`,
    evento,
  )

/**
 * The signed PDF's bytes, read and recorded; undefined for an unknown id, 'importado' for a report
 * signed in another system, null before it is final.
 */
export async function leerPdf(
  sql: Sql,
  id: number,
  evento: Evento,
): Promise<{ pdf: Buffer; sha256: string; numero: string } | 'importado' | null | undefined> {
  const [fila] = await sql<{ pdf: Buffer | null; sha256: string | null; importado: boolean }[]>`
    with f as (
      select i.id, i.pdf, i.pdf_sha256, i.importado, a.paciente_id from informes i
      join atenciones a on a.id = i.atencion_id where i.id = ${id}
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('informe', id) as detalle from f where pdf is not null`,
    )})
    select pdf, pdf_sha256 as sha256, importado from f`
  if (!fila) return undefined
  if (fila.importado) return 'importado'
  if (!fila.pdf || !fila.sha256) return null
  return { pdf: fila.pdf, sha256: fila.sha256, numero: numeroInforme(id) }
}

/** The queue is counted up to this many: past it, the screen says «1000 o más». */
export const TOTAL_MAXIMO = 1000

interface PorInformarFila extends EstudioFila {
  completadoEn: Date
  informeId: number | null
  informeEstado: Informe['estado'] | null
  tomadoUsuario: string | null
  tomadoNombre: string | null
  total: number
}

/**
 * «Por informar»: completed studies but the laboratory's, emergencies and urgent ones first, then
 * the longest waiting (0053's index), with the version in writing and who holds it. Read and
 * recorded by one statement.
 */
export async function porInformar(
  sql: Sql,
  f: Omit<FiltrosInformes, 'limite'>,
  limite: number,
  ahora: Date,
  evento: Evento,
): Promise<{ estudios: PorInformar[]; total: number }> {
  // 0053's partial index, in its own order: the page is read from it and stops at the limit.
  const pendiente = sql`a.estado = 'Completado' and a.modalidad <> ${MODALIDAD_LABORATORIO}
    ${f.sede ? sql`and a.sede = ${f.sede}` : sql``}
    ${f.modalidad ? sql`and a.modalidad = ${f.modalidad}` : sql``}
    ${
      f.medico
        ? sql`and a.id in (select i.atencion_id from informes i join usuarios u on u.id = i.tomado_por
            where u.usuario = ${f.medico} and i.estado <> 'final')`
        : sql``
    }`
  const orden = sql`(case a.prioridad when 'Emergencia' then 0 when 'Urgente' then 1 else 2 end),
    coalesce(a.ultimo_cambio_en, a.llegada), a.id`
  const filas = await sql<PorInformarFila[]>`
    with pagina as (
      select a.id, a.paciente_id, a.sede, a.modalidad, a.estudios, a.prioridad, a.ultimo_cambio_en,
        a.llegada, coalesce(a.ultimo_cambio_en, a.llegada) as completado_en
      from atenciones a where ${pendiente}
      order by ${orden}
      limit ${limite}
    ),
    registro as (${insercionEvento(sql, {
      ...evento,
      detalle: { ...evento.detalle, filtros: { ...f, limite } },
    })})
    select a.id as atencion_id, a.paciente_id, pa.tipo_documento, pa.documento, pa.primer_nombre,
      pa.segundo_nombre, pa.primer_apellido, pa.segundo_apellido, a.sede, a.modalidad, a.estudios,
      a.prioridad, a.completado_en, i.id as informe_id, i.estado as informe_estado,
      tu.usuario as tomado_usuario, tu.nombre as tomado_nombre,
      (select count(*) from (select 1 from atenciones a where ${pendiente} limit ${TOTAL_MAXIMO}) c)::int
        as total
    from pagina a join pacientes pa on pa.id = a.paciente_id
      left join informes i on i.atencion_id = a.id and i.estado <> 'final'
      left join usuarios tu on tu.id = i.tomado_por
    order by ${orden}`
  return {
    // An empty page is an empty queue: the limit is at least one.
    total: filas[0]?.total ?? 0,
    estudios: filas.map((r) => ({
      atencionId: r.atencionId,
      pacienteId: r.pacienteId,
      paciente: nombreCompleto(r),
      documento: `${r.tipoDocumento} ${r.documento}`,
      sede: r.sede,
      modalidad: r.modalidad,
      estudios: r.estudios,
      prioridad: r.prioridad,
      completadoEn: r.completadoEn.toISOString(),
      horasEsperando:
        Math.round(((ahora.getTime() - r.completadoEn.getTime()) / 3_600_000) * 10) / 10,
      informe:
        r.informeId !== null && r.informeEstado !== null
          ? {
              id: r.informeId,
              estado: r.informeEstado,
              tomadoPor:
                r.tomadoUsuario && r.tomadoNombre
                  ? { usuario: r.tomadoUsuario, nombre: r.tomadoNombre }
                  : null,
            }
          : null,
    })),
  }
}
