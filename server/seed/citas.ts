// Demo and bench data: citas booked over the coming weeks into every active sala's opening hours,
// so the agenda has a real day to show and booking runs into a full book; the demo starts today,
// with the slots still ahead, so a newcomer's agenda is not empty. One statement: each sala's
// day is cut into slots of its modality's usual length and a share of them taken by random
// patients; a slot some earlier cita overlaps is skipped (the exclusion constraint, DO NOTHING),
// and so is a day a feriado closes.
import { hoyEn } from '../../shared/edad.js'
import type { Sql } from '../db.js'
import { sembrarFeriados } from '../queries/feriados.js'

/** Slot length per modality, minutes: each holds any one study of it (migration 0022's durations). */
const PASO_MINUTOS = { RX: 15, Eco: 30, MRI: 45, LAB: 10 } as const

export interface OpcionesCitas {
  tz: string
  /** Weeks ahead, from tomorrow (or from today). */
  semanas?: number
  /** Share of the slots booked. */
  ocupacion?: number
  /** Today's slots not yet begun too. */
  desdeHoy?: boolean
  /** The clinic's now: only later slots are booked. */
  ahora?: Date
}

/** Books the citas; answers how many. */
export async function agendarCitas(
  sql: Sql,
  { tz, semanas = 4, ocupacion = 0.6, desdeHoy = false, ahora = new Date() }: OpcionesCitas,
): Promise<number> {
  const [rango] = await sql<{ min: number | null; max: number | null }[]>`
    select min(id)::int as min, max(id)::int as max from pacientes`
  if (rango?.min == null || rango.max == null) return 0
  // The law's feriados of the weeks booked, as the app writes them.
  const anio = Number(hoyEn(tz, ahora).slice(0, 4))
  await sembrarFeriados(sql, anio)
  await sembrarFeriados(sql, anio + 1)
  const filas = await sql`
    with pasos (modalidad, minutos) as (
      select * from unnest(${Object.keys(PASO_MINUTOS)}::text[], ${Object.values(PASO_MINUTOS)}::int[])
    ), turnos as (
      select s.id as sala_id, s.sede, s.modalidad, t.inicio,
        -- A study of the modality that fits the slot, chosen at random.
        (select e from estudios e
          where e.modalidad = s.modalidad and e.activo and e.duracion_minutos <= p.minutos
          order by random() limit 1) as estudio
      from salas s
      join pasos p on p.modalidad = s.modalidad
      cross join lateral jsonb_to_recordset(s.horario) h (dia int, abre text, cierra text)
      cross join lateral generate_series(
        (${ahora}::timestamptz at time zone ${tz})::date + ${desdeHoy ? 0 : 1}::int,
        (${ahora}::timestamptz at time zone ${tz})::date + 7 * ${semanas}, interval '1 day'
      ) d (dia)
      cross join lateral generate_series(
        (d.dia::date + h.abre::time) at time zone ${tz},
        (d.dia::date + h.cierra::time) at time zone ${tz} - make_interval(mins => p.minutos),
        make_interval(mins => p.minutos)
      ) t (inicio)
      where s.activa and extract(isodow from d.dia) = h.dia and random() < ${ocupacion}
        and t.inicio > ${ahora}::timestamptz
        -- A feriado closes the sede: no cita that day.
        and not exists (select 1 from feriados f where f.fecha = d.dia::date
          and (f.sede is null or f.sede = s.sede) and not f.atiende)
    ), elegidas as (
      -- A row IS NOT NULL only when every field is: a study without preparación would not be.
      select t.*, ${rango.min}::int + floor(random() * ${rango.max - rango.min + 1})::int as al_azar
      from turnos t where (t.estudio).id is not null
    )
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad,
      llegada, sala_id, turno)
    select (select p.id from pacientes p where p.id >= e.al_azar order by p.id limit 1),
      e.sede, e.modalidad, array[(e.estudio).nombre], 'Programado', 'Ambulatorio',
      case when random() < 0.1 then 'Urgente' else 'Rutina' end, e.inicio, e.sala_id,
      tstzrange(e.inicio, e.inicio + make_interval(mins => (e.estudio).duracion_minutos), '[)')
    from elegidas e
    order by e.inicio
    on conflict do nothing
    returning id`
  return filas.length
}
