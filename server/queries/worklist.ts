// The Modality Worklist read (docs/dicom.md): the published atenciones that match a query's
// filters, and its audit — one event per patient served — in the same statement.
import type postgres from 'postgres'
import type { FiltrosWorklist, Patron } from '../dicom/consulta.js'
import type { FilaWorklist } from '../dicom/item.js'
import type { Sql } from '../db.js'
import type { Evento } from './auditoria.js'
import { insercionEventos } from './auditoria.js'

/** The scheduled start: the cita's, or the arrival of one registered at the desk (0026's indexes). */
const inicioDe = (sql: Sql) => sql`coalesce(lower(a.turno), a.llegada)`

/** Items one answer holds at most; a wider query is refused and asked to narrow (PS3.4 C.4.1.1.4). */
export const MAXIMO_ITEMS = 2000

function comparar(sql: Sql, columna: postgres.Fragment, p: Patron): postgres.Fragment {
  return 'igual' in p ? sql`${columna} = ${p.igual}` : sql`${columna} like ${p.como}`
}

/** The atención's modality's usual DICOM code (its first), as SQL over `m`, its modality's row. */
const codigoUsual = (sql: Sql) => sql`m.codigos_dicom[1]`

/** Every DICOM code a modality of the catalogue has: what a query's Modality may match. */
export async function codigosDicom(sql: Sql): Promise<string[]> {
  const filas = await sql<{ codigo: string }[]>`
    select distinct unnest(codigos_dicom) as codigo from modalidades order by 1`
  return filas.map((f) => f.codigo)
}

/**
 * The stations an item is scheduled on, as `e` (arrays in sala id order): its sala when that sala
 * has an AE title; otherwise — a walk-in with no sala, or a sala no equipment reads — every active
 * sala of its sede and modality that has one, so the item reaches whichever room takes the patient.
 */
const estaciones = (sql: Sql) => sql`
  left join lateral (
    select coalesce(array_agg(x.ae_title order by x.id), '{}') as ae_titles,
      coalesce(array_agg(x.nombre order by x.id), '{}') as nombres,
      coalesce(array_agg(coalesce(x.modalidad_dicom, ${codigoUsual(sql)}) order by x.id), '{}')
        as codigos
    from salas x
    where x.ae_title is not null and case when s.ae_title is not null then x.id = s.id
      else x.sede = a.sede and x.modalidad = a.modalidad and x.activa end
  ) e on true`

/**
 * The filters as conditions over `a` (atenciones), `m` (its modality), `p` (pacientes), `s` (salas),
 * `e` (estaciones) and `ms` (its médico solicitante, if any).
 */
export function condicionesWorklist(sql: Sql, f: FiltrosWorklist, tz: string): postgres.Fragment[] {
  const inicio = inicioDe(sql)
  const c: postgres.Fragment[] = []
  if (f.ninguno) c.push(sql`false`)
  if (f.codigos) {
    c.push(sql`m.codigos_dicom && ${f.codigos}::text[]`)
    c.push(sql`(e.codigos && ${f.codigos}::text[]
      or (cardinality(e.codigos) = 0 and ${codigoUsual(sql)} = any(${f.codigos}::text[])))`)
  }
  if (f.aeTitles) {
    const alguno = f.aeTitles
      .map((p) => comparar(sql, sql`t`, p))
      .reduce((a, b) => sql`${a} or ${b}`)
    c.push(sql`exists (select 1 from unnest(e.ae_titles) t where ${alguno})`)
  }
  if (f.desde) c.push(sql`${inicio} >= (${f.desde}::date)::timestamp at time zone ${tz}`)
  if (f.hasta) c.push(sql`${inicio} < (${f.hasta}::date + 1)::timestamp at time zone ${tz}`)
  if (f.horaDesde) c.push(sql`(${inicio} at time zone ${tz})::time >= ${f.horaDesde}::time`)
  if (f.horaHasta) c.push(sql`(${inicio} at time zone ${tz})::time <= ${f.horaHasta}::time`)
  if (f.nombre) {
    // The pattern goes through the same normalizar() as the stored names: case and accents aside.
    const nombre = sql`concat_ws(' ', p.primer_apellido_norm, nullif(p.segundo_apellido_norm, ''))
      || '^' || concat_ws(' ', p.primer_nombre_norm, nullif(p.segundo_nombre_norm, ''))`
    c.push(
      'igual' in f.nombre
        ? sql`${nombre} = normalizar(${f.nombre.igual})`
        : sql`${nombre} like normalizar(${f.nombre.como})`,
    )
  }
  if (f.solicitante) {
    // An item without a solicitante has an empty name, which a value asked for never matches.
    const nombre = sql`normalizar(ms.apellidos) || '^' || normalizar(ms.nombres)`
    c.push(
      'igual' in f.solicitante
        ? sql`${nombre} = normalizar(${f.solicitante.igual})`
        : sql`${nombre} like normalizar(${f.solicitante.como})`,
    )
  }
  if (f.documento) c.push(comparar(sql, sql`p.documento`, f.documento))
  if (f.tiposDocumento) c.push(sql`p.tipo_documento = any(${f.tiposDocumento}::text[])`)
  if (f.ids) c.push(sql`a.id = any(${f.ids}::int[])`)
  for (const como of f.idsComo ?? []) c.push(sql`a.id::text like ${como}`)
  if (f.studyUids) c.push(sql`a.study_instance_uid = any(${f.studyUids}::text[])`)
  if (f.nacimientoDesde) c.push(sql`p.fecha_nacimiento >= ${f.nacimientoDesde}::date`)
  if (f.nacimientoHasta) c.push(sql`p.fecha_nacimiento <= ${f.nacimientoHasta}::date`)
  if (f.sexo) c.push(sql`p.sexo = ${{ M: 'Masculino', F: 'Femenino', O: 'Otro' }[f.sexo]}`)
  return c
}

/**
 * The matching items in their scheduled order, at most MAXIMO_ITEMS + 1 (one more says the
 * query is too wide). The statement records the read: one event per patient served with the
 * atenciones of theirs it sent, or one event with no patient when none was (or the query was
 * refused).
 */
export async function leerWorklist(
  sql: Sql,
  f: FiltrosWorklist,
  tz: string,
  evento: Evento,
): Promise<FilaWorklist[]> {
  const inicio = inicioDe(sql)
  const condiciones = condicionesWorklist(sql, f, tz).reduce(
    (todas, c) => sql`${todas} and ${c}`,
    // A modality with DICOM codes publishes its atenciones; one with none (LAB) publishes nothing.
    // The UID every item carries is named as migration 0051's indexes name it, to read them.
    sql`a.estado in ('Programado', 'En espera') and a.study_instance_uid is not null
      and cardinality(m.codigos_dicom) > 0`,
  )
  const detalle = sql.json((evento.detalle ?? {}) as postgres.JSONValue)
  return sql<FilaWorklist[]>`
    with items as (
      select a.id, a.paciente_id, a.modalidad, a.estudios, a.estado, a.prioridad,
        a.study_instance_uid, a.sede,
        to_char(${inicio} at time zone ${tz}, 'YYYYMMDD') as fecha,
        to_char(${inicio} at time zone ${tz}, 'HH24MISS') as hora,
        e.ae_titles, e.nombres as estaciones, e.codigos, ${codigoUsual(sql)} as codigo_usual,
        coalesce((
          select json_agg(json_build_object('codigo', c.codigo, 'nombre', c.nombre) order by u.n)
          from unnest(a.estudios) with ordinality u(nombre, n)
          join estudios c on c.modalidad = a.modalidad and c.nombre = u.nombre), '[]')
          as codigos_estudios,
        p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre, p.primer_apellido,
        p.segundo_apellido, to_char(p.fecha_nacimiento, 'YYYYMMDD') as nacimiento, p.sexo,
        ms.apellidos as solicitante_apellidos, ms.nombres as solicitante_nombres,
        ${inicio} as orden
      from atenciones a
      join modalidades m on m.valor = a.modalidad
      join pacientes p on p.id = a.paciente_id
      left join salas s on s.id = a.sala_id
      left join medicos_solicitantes ms on ms.id = a.solicitante_id
      ${estaciones(sql)}
      where ${condiciones}
      order by ${inicio}, a.id
      limit ${MAXIMO_ITEMS + 1}
    ), servidos as (
      select paciente_id, array_agg(id order by id) as atenciones from items
      where (select count(*) from items) <= ${MAXIMO_ITEMS}
      group by paciente_id
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`
        select paciente_id, ${detalle}::jsonb || jsonb_build_object('atenciones', atenciones) as detalle
        from servidos
        union all
        select null, ${detalle}::jsonb || jsonb_build_object('items',
          case when (select count(*) from items) > ${MAXIMO_ITEMS} then 'demasiados' else '0' end)
        where not exists (select 1 from servidos)`,
    )})
    select id, paciente_id, modalidad, estudios, estado, prioridad, study_instance_uid, sede, fecha,
      hora, ae_titles, estaciones, codigos, codigo_usual, codigos_estudios, tipo_documento, documento,
      primer_nombre, segundo_nombre, primer_apellido, segundo_apellido, nacimiento, sexo,
      solicitante_apellidos, solicitante_nombres
    from items order by orden, id`
}
