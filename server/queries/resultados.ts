// An atención's lab results in the database (migration 0060): the atención with its patient, its
// live samples and the analitos it has results of, every version of every result with its latest
// critical call-back, the patient's previous values and the latest frozen sheet. The ETag of an atención's
// results is made here, once, in SQL: the read, the per-analito grid and the If-Match check under
// the atención's lock all use the same expression.
import type { Prioridad, Sexo } from '../../shared/catalogos.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import type { Analito, Bandera } from '../../shared/laboratorio.js'
import type { EstadoMuestra } from '../../shared/muestras.js'
import type { EstadoResultado } from '../../shared/resultados.js'
import { enviar, type Sql } from '../db.js'
import { eventosTrozo, insercionEventos, type Evento } from './auditoria.js'
import { MODALIDAD_LAB } from './laboratorio-dia.js'
import { consulta, crudo, t, type Trozo } from './trozo.js'

/**
 * The ETag of atención `atencionId`'s results: the version laboratorio_resumen keeps of them, which
 * every statement that writes one of them moves up (migration 0066) and nothing moves down, so it
 * never comes back to an earlier value; one row, however many results the atención has.
 */
export const etagSql = (atencionId: Trozo | number): Trozo => t`
  ('"' || coalesce((select s.version from laboratorio_resumen s
    where s.atencion_id = ${atencionId}), 0) || '"')`

/** The atención's ETag now (inside a change's transaction, after its writes). */
export async function etagDe(sql: Sql, atencionId: number): Promise<string> {
  const [f] = await enviar(
    consulta<{ etag: string }[]>(sql, t`select ${etagSql(atencionId)} as etag`),
  )
  return f!.etag
}

export interface AtencionLab {
  id: number
  pacienteId: number
  tipoDocumento: string
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
  sexo: Sexo
  fechaNacimiento: string
  sede: string
  estado: string
  prioridad: Prioridad
  llegada: Date
  modalidad: string
  estudios: string[]
  procedencia: string
  /** The sede lets who typed a result validate it. */
  autovalidacion: boolean
  etag: string
  /** The analitos it has a result of (laboratorio_resumen). */
  conResultado: number[]
  /** Its samples not rejected, newest first. */
  muestrasVivas: { id: number; estado: EstadoMuestra; estudios: string[] }[]
}

/**
 * An atención with its patient, its results' ETag, the analitos it has results of and its live
 * samples; `bloquear` takes its row's lock first (a change holds it to its transaction's end),
 * `evento` records the read on its patient in the statement (a LAB atención's only: another serves
 * no results).
 */
export async function atencionLab(
  sql: Sql,
  id: number,
  o: { bloquear?: boolean; evento?: Evento } = {},
): Promise<AtencionLab | undefined> {
  // The lock first, in a statement of its own: what follows is read in a snapshot taken after it,
  // so a save that waited for it sees the results the one before it wrote. Sent with the rest in
  // one write (the statements run in order).
  const bloqueo = o.bloquear
    ? enviar(sql`select 1 from atenciones where id = ${id} for update`)
    : null
  const a = t`
    select a.id, a.paciente_id, p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre,
      p.primer_apellido, p.segundo_apellido, p.sexo, to_char(p.fecha_nacimiento, 'YYYY-MM-DD')
        as fecha_nacimiento, a.sede, a.estado, a.prioridad, a.llegada, a.modalidad, a.estudios,
      a.procedencia, coalesce(s.laboratorio_autovalidacion, false) as autovalidacion
    from atenciones a join pacientes p on p.id = a.paciente_id
      left join sedes s on s.nombre = a.sede
    where a.id = ${id}`
  const lectura = enviar(
    consulta<AtencionLab[]>(
      sql,
      t`
    with a as (${a}),
    registro as (${
      o.evento
        ? eventosTrozo(
            o.evento,
            t`select paciente_id, jsonb_build_object('atencion', id) as detalle from a
              where modalidad = ${MODALIDAD_LABORATORIO}`,
          )
        : crudo('select 1')
    })
    select a.*, ${etagSql(crudo('a.id'))} as etag,
      coalesce((select s.analitos from laboratorio_resumen s where s.atencion_id = a.id), '{}')
        as con_resultado,
      coalesce((select json_agg(json_build_object('id', m.id, 'estado', m.estado,
          'estudios', m.estudios) order by m.id desc)
        from muestras m where m.atencion_id = a.id and m.estado <> 'rechazada'), '[]') as muestras_vivas
    from a`,
    ),
  )
  const [, [fila]] = await Promise.all([bloqueo, lectura])
  return fila
}

export interface ExamenLab {
  estudioId: number
  nombre: string
  recipiente: string
  muestra: string
  analitos: { analito: Analito; seccion: string | null }[]
  /** Its live sample (not rejected): the one its values wait for. */
  muestraViva: { id: number; estado: EstadoMuestra } | null
}

export interface ResultadoFila {
  id: number
  atencionId: number
  analitoId: number
  version: number
  motivo: string | null
  valorNumero: number | null
  valorTexto: string | null
  unidad: string | null
  normalMin: number | null
  normalMax: number | null
  criticoMin: number | null
  criticoMax: number | null
  bandera: Bandera | null
  estado: EstadoResultado
  revision: number
  ingresadoPor: number | null
  ingresadoNombre: string | null
  ingresadoEn: Date
  validadoPor: number | null
  validadoEn: Date | null
  validadorNombre: string | null
  validadorColegiatura: string | null
  importado: boolean
  hallazgoId: number | null
  comunicadoEn: Date | null
}

/** Every column of ResultadoFila, from `resultados r` joined as RESULTADO_DESDE. */
export const RESULTADO_COLUMNAS = `r.id, r.atencion_id, r.analito_id, r.version, r.motivo,
  r.valor_numero::float8 as valor_numero, r.valor_texto, r.unidad,
  r.normal_min::float8 as normal_min, r.normal_max::float8 as normal_max,
  r.critico_min::float8 as critico_min, r.critico_max::float8 as critico_max, r.bandera, r.estado,
  r.revision, r.ingresado_por, iu.nombre as ingresado_nombre, r.ingresado_en, r.validado_por,
  r.validado_en, r.validador_nombre, r.validador_colegiatura, r.importado,
  h.id as hallazgo_id, h.comunicado_en`
/** What a result shows (Resultado in shared/resultados.ts): the per-analito grid reads only this. */
export type ResultadoVista = Pick<
  ResultadoFila,
  | 'id'
  | 'version'
  | 'motivo'
  | 'valorNumero'
  | 'valorTexto'
  | 'bandera'
  | 'estado'
  | 'ingresadoNombre'
  | 'ingresadoEn'
  | 'validadoEn'
  | 'validadorNombre'
  | 'validadorColegiatura'
  | 'importado'
  | 'hallazgoId'
  | 'comunicadoEn'
>
/** The columns of ResultadoVista, from RESULTADO_DESDE. */
export const RESULTADO_VISTA_COLUMNAS = `r.id, r.version, r.motivo,
  r.valor_numero::float8 as valor_numero, r.valor_texto, r.bandera, r.estado,
  iu.nombre as ingresado_nombre, r.ingresado_en, r.validado_en, r.validador_nombre,
  r.validador_colegiatura, r.importado, h.id as hallazgo_id, h.comunicado_en`
export const RESULTADO_DESDE = `resultados r left join usuarios iu on iu.id = r.ingresado_por
  left join lateral (
    select h.id, h.comunicado_en from hallazgos_criticos h where h.resultado_id = r.id
    order by h.id desc limit 1
  ) h on true`

/** Every version of every result of the atención, by analito and version. */
export function resultadosDe(sql: Sql, atencionId: number): Promise<ResultadoFila[]> {
  return consulta<ResultadoFila[]>(
    sql,
    t`
    select ${crudo(RESULTADO_COLUMNAS)} from ${crudo(RESULTADO_DESDE)}
    where r.atencion_id = ${atencionId}
    order by r.analito_id, r.version`,
  )
}

export interface AnteriorFila {
  analitoId: number
  atencionId: number
  valorNumero: number | null
  valorTexto: string | null
  validadoEn: Date
}

/**
 * Which result is a patient's previous value, one definition for both reads below: a validated
 * version with a value, of an atención of theirs (`pa`) other than `atencionId` that arrived before
 * `llegada`; the latest atención first, then its highest version (`orden`). Only a LAB atención
 * has results: the modality, in the patient's index, spares a lookup of results for each of their
 * imaging studies.
 */
const anteriorDonde = (
  pacienteId: Trozo | number,
  llegada: Trozo | Date,
  atencionId: Trozo | number,
): Trozo => t`
  pa.paciente_id = ${pacienteId} and pa.llegada < ${llegada} and pa.id <> ${atencionId}
    and pa.modalidad = ${MODALIDAD_LAB}
    and r.estado = 'validado' and (r.valor_numero is not null or r.valor_texto is not null)`
const ANTERIOR_ORDEN = crudo('pa.llegada desc, pa.id desc, r.version desc')

/**
 * The patient's previous value of each analito of atención `a`. One pass over the patient's
 * earlier atenciones (by arrival) and each one's results read whole by its unique key, the analitos
 * kept by a filter (`+ 0` keeps it one: as an index condition it would descend the index once per
 * analito): a twelfth of the pages one lookup per analito read.
 */
export function anterioresDe(
  sql: Sql,
  a: Pick<AtencionLab, 'id' | 'pacienteId' | 'llegada'>,
  analitoIds: number[],
): Promise<AnteriorFila[]> {
  return consulta<AnteriorFila[]>(
    sql,
    t`
    select distinct on (r.analito_id) r.analito_id, r.atencion_id,
      r.valor_numero::float8 as valor_numero, r.valor_texto, r.validado_en
    from atenciones pa join resultados r on r.atencion_id = pa.id
    where ${anteriorDonde(a.pacienteId, a.llegada, a.id)}
      and r.analito_id + 0 = any(${analitoIds}::int[])
    order by r.analito_id, ${ANTERIOR_ORDEN}`,
  )
}

/**
 * The previous value of one analito for a patient, as the per-analito grid reads it for each row:
 * for a single analito, each earlier atención's result is one lookup by its unique key.
 */
export const anteriorSql = (
  analitoId: Trozo,
  pacienteId: Trozo | number,
  llegada: Trozo | Date,
  atencionId: Trozo | number,
): Trozo => t`
  select r.atencion_id, r.valor_numero::float8 as valor_numero, r.valor_texto, r.validado_en
  from atenciones pa join resultados r on r.atencion_id = pa.id and r.analito_id = ${analitoId}
  where ${anteriorDonde(pacienteId, llegada, atencionId)}
  order by ${ANTERIOR_ORDEN}
  limit 1`

export interface HojaFila {
  version: number
  parcial: boolean
  codigo: string
  sha256: string
  creadoEn: Date
}

/** The atención's latest frozen sheet (without its bytes). */
export async function ultimaHoja(sql: Sql, atencionId: number): Promise<HojaFila | undefined> {
  const [h] = await enviar(sql<HojaFila[]>`
    select version, parcial, codigo, pdf_sha256 as sha256, creado_en from hojas_resultados
    where atencion_id = ${atencionId} order by version desc limit 1`)
  return h
}

/** Whether an account may validate results: its valida_resultados and colegiatura. */
export async function cuentaValidadora(
  sql: Sql,
  usuarioId: number,
): Promise<{ validaResultados: boolean; colegiatura: string | null }> {
  const [c] = await enviar(sql<{ validaResultados: boolean; colegiatura: string | null }[]>`
    select valida_resultados, colegiatura from usuarios where id = ${usuarioId}`)
  return c ?? { validaResultados: false, colegiatura: null }
}

/**
 * The latest sheet's bytes, read and recorded on the patient by one statement (only when there is
 * one to serve); `modalidad` is null for an unknown atención, `importado` says whether it has
 * results validated in the clinic's previous system.
 */
export async function leerHoja(
  sql: Sql,
  atencionId: number,
  evento: Evento,
): Promise<{
  hoja: { pdf: Buffer; sha256: string; version: number } | null
  importado: boolean
  modalidad: string | null
}> {
  const [fila] = await sql<
    {
      modalidad: string | null
      pdf: Buffer | null
      sha256: string | null
      version: number | null
      importado: boolean
    }[]
  >`
    with a as (select id, paciente_id, modalidad from atenciones where id = ${atencionId}),
    h as (
      select pdf, pdf_sha256, version from hojas_resultados where atencion_id = ${atencionId}
      order by version desc limit 1
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select a.paciente_id, jsonb_build_object('atencion', a.id, 'hoja', h.version) as detalle
        from a join h on true`,
    )})
    select a.modalidad, h.pdf, h.pdf_sha256 as sha256, h.version,
      exists (select 1 from resultados r where r.atencion_id = ${atencionId} and r.importado)
        as importado
    from (select 1) uno left join a on true left join h on true`
  const hoja =
    fila?.pdf && fila.sha256 && fila.version !== null
      ? { pdf: fila.pdf, sha256: fila.sha256, version: fila.version }
      : null
  return { hoja, importado: fila?.importado ?? false, modalidad: fila?.modalidad ?? null }
}
