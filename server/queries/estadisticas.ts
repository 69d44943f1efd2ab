// The dashboard's numbers, with "today" and "this year" in the clinic's time zone.
import { ESTADOS_NO_REALIZADOS } from '../../shared/catalogos.js'
import type { CampoNombre } from '../../shared/paciente-datos.js'
import { insercionLectura, type Evento } from './auditoria.js'
import type { Sql } from '../db.js'
import { TOTAL_MAXIMO } from './informes.js'
import type { PacienteFila } from './pacientes.js'

export interface Tarjetas {
  totalPacientes: number
  citasPendientes: number
  estudiosHoy: number
  alertas: number
}

/** `hoy` is the clinic-local date ('YYYY-MM-DD'). */
export async function tarjetas(sql: Sql, hoy: string, tz: string): Promise<Tarjetas> {
  const [fila] = await sql<Tarjetas[]>`
    select
      -- Merged records are not people of their own (0017's partial index counts them).
      (select count(*)::int from pacientes)
        - (select count(*)::int from pacientes where fusionado_en is not null) as total_pacientes,
      -- Citas not yet arrived: a cita's llegada is its booked start until it arrives (then now()),
      -- so today's range of llegada holds every cita booked for today.
      coalesce(sum(case when a.estado = 'Programado' and a.turno is not null
        and lower(a.turno) >= (${hoy}::date)::timestamp at time zone ${tz}
        and lower(a.turno) < (${hoy}::date + 1)::timestamp at time zone ${tz}
        then 1 else 0 end), 0)::int as citas_pendientes,
      -- A cancelled or missed atención's studies are not done.
      coalesce(sum(case when a.estado = any(${[...ESTADOS_NO_REALIZADOS]}::text[]) then 0
        else cardinality(a.estudios) end), 0)::int as estudios_hoy,
      -- PRIORIDADES_ALERTA and ESTADOS_ABIERTOS as literals, so the partial index matches. Up to
      -- today's end: an urgent cita of a coming day waits for nobody yet.
      (select count(*)::int from atenciones x
        where x.prioridad in ('Urgente', 'Emergencia') and x.estado in ('Programado', 'En espera', 'En proceso')
          and x.llegada < (${hoy}::date + 1)::timestamp at time zone ${tz}
      ) as alertas
    from atenciones a
    where a.llegada >= (${hoy}::date)::timestamp at time zone ${tz}
      and a.llegada < (${hoy}::date + 1)::timestamp at time zone ${tz}`
  return fila!
}

/** Atenciones per clinic-local month of `anio`, from the hourly counts the triggers keep. */
export async function atencionesPorMes(
  sql: Sql,
  anio: number,
  tz: string,
): Promise<{ mes: number; total: number }[]> {
  return sql<{ mes: number; total: number }[]>`
    select extract(month from h.hora at time zone ${tz})::int as mes, sum(h.total)::int as total
    from atenciones_por_hora h
    where h.hora >= make_date(${anio}, 1, 1)::timestamp at time zone ${tz}
      and h.hora < make_date(${anio + 1}, 1, 1)::timestamp at time zone ${tz}
    group by 1
    order by 1`
}

/** The latest registered patients, with the read's audit record (`evento`) in the same statement. */
export async function ultimosPacientes(
  sql: Sql,
  limite: number,
  tz: string,
  evento: Evento,
): Promise<
  (Pick<PacienteFila, 'id' | CampoNombre | 'documento' | 'fechaNacimiento'> & {
    fechaRegistro: string
  })[]
> {
  return sql`
    with ultimos as (
      select p.id, p.primer_nombre, p.segundo_nombre, p.primer_apellido, p.segundo_apellido, p.documento,
        p.fecha_nacimiento, p.creado_en, to_char(p.creado_en at time zone ${tz}, 'YYYY-MM-DD') as fecha_registro
      from pacientes p
      where p.fusionado_en is null
      order by p.creado_en desc, p.id desc
      limit ${limite}
    ), registro as (${insercionLectura(sql, evento, 'ultimos', limite)})
    select id, primer_nombre, segundo_nombre, primer_apellido, segundo_apellido, documento, fecha_nacimiento, fecha_registro
    from ultimos
    order by creado_en desc, id desc`
}

/**
 * Turnaround time of the clinic-local month from `inicio` to `fin` ('YYYY-MM-DD', `fin` excluded):
 * per modality, the median hours from Completado to the final signature of each atención's
 * original informe. completado_en is kept only on those (server/informes/firmar.ts), and 0057's
 * index holds exactly them by their signature's instant.
 */
export async function tiemposDeInforme(
  sql: Sql,
  inicio: string,
  fin: string,
  tz: string,
): Promise<{ modalidad: string; etiqueta: string; informes: number; medianaHoras: number }[]> {
  return sql`
    select a.modalidad, coalesce(m.etiqueta, a.modalidad) as etiqueta, count(*)::int as informes,
      (percentile_cont(0.5) within group (
        order by extract(epoch from i.firmado_en - i.completado_en)) / 3600)::float8 as mediana_horas
    from informes i join atenciones a on a.id = i.atencion_id
      left join modalidades m on m.valor = a.modalidad
    where i.completado_en is not null
      and i.firmado_en >= (${inicio}::date)::timestamp at time zone ${tz}
      and i.firmado_en < (${fin}::date)::timestamp at time zone ${tz}
    group by a.modalidad, m.etiqueta, m.orden
    order by m.orden, a.modalidad`
}

/**
 * Studies waiting for their informe, as «Por informar» selects them (up to TOTAL_MAXIMO, as its own page counts):
 * the predicate as literals, so 0053's partial index answers it.
 */
export async function porInformarTotal(sql: Sql): Promise<number> {
  const [fila] = await sql<{ total: number }[]>`
    select count(*)::int as total from (
      select 1 from atenciones a where a.estado = 'Completado' and a.modalidad <> 'LAB'
      limit ${TOTAL_MAXIMO}
    ) c`
  return fila!.total
}
