// An atención's ticket (docs/producto.md#ticket-de-atención): the atención, its patient and its
// turno, read and recorded ('ticket.consultado') by one statement.
import type { Atencion } from '../../shared/atenciones.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'
import { insercionEventos, type Evento } from './auditoria.js'
import { resumenSolicitante } from './medicos-solicitantes.js'

export interface TicketFila
  extends
    Pick<
      Atencion,
      'sede' | 'modalidad' | 'estado' | 'prioridad' | 'fechaLlegada' | 'horaLlegada' | 'solicitante'
    >,
    Pick<
      PacienteDatos,
      | 'tipoDocumento'
      | 'documento'
      | 'primerNombre'
      | 'segundoNombre'
      | 'primerApellido'
      | 'segundoApellido'
      | 'fechaNacimiento'
    > {
  id: number
  pacienteId: number
  estudios: string[]
  turno: number
  /** Its sala's name, where it has one. */
  sala: string | null
  /** Every atención of its visit, itself included, in order of registration. */
  visita: {
    id: number
    modalidad: Atencion['modalidad']
    estudios: string[]
    sala: string | null
  }[]
}

/**
 * The ticket of atención `id`, or undefined (and no event) when there is none. The turno is the
 * one its visit's first atención took (migration 0079). One registered before numbers were kept
 * has none, and its ticket counts as it always did: the sede's unnumbered visits of the same clinic
 * day registered up to it (0005's index on sede and arrival narrows them to that day), where an
 * atención that came alone is a visit of its own (its id) and those registered together are one
 * (minus their visita number, so the two kinds of key never meet).
 */
export async function leerTicket(
  sql: Sql,
  id: number,
  tz: string,
  evento: Evento,
): Promise<TicketFila | undefined> {
  const [fila] = await sql<TicketFila[]>`
    with a as (
      select a.*, coalesce(
          (select min(v.id) from atenciones v where v.visita = a.visita), a.id) as primera
      from atenciones a where a.id = ${id}
    ),
    t as (
      select a.id, a.paciente_id, a.sede, a.modalidad, a.estudios, a.estado, a.prioridad,
        to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD') as fecha_llegada,
        to_char(a.llegada at time zone ${tz}, 'HH24:MI') as hora_llegada,
        p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre, p.primer_apellido,
        p.segundo_apellido, p.fecha_nacimiento,
        s.nombre as sala,
        ${resumenSolicitante(sql, sql`a.solicitante_id`)} as solicitante,
        (select coalesce(h.numero_turno, (select count(distinct coalesce(-b.visita, b.id))
            from atenciones b where b.sede = h.sede and b.numero_turno is null
              and b.llegada >= date_trunc('day', h.llegada at time zone ${tz}) at time zone ${tz}
              and b.llegada < (date_trunc('day', h.llegada at time zone ${tz}) + interval '1 day') at time zone ${tz}
              and (b.creado_en, b.id) <= (h.creado_en, h.id)))
          from atenciones h where h.id = a.primera)::int as turno,
        -- An atención that came alone is its own visit.
        (select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'modalidad', v.modalidad,
            'estudios', to_jsonb(v.estudios), 'sala', vs.nombre) order by v.id),
            jsonb_build_array(jsonb_build_object('id', a.id, 'modalidad', a.modalidad,
              'estudios', to_jsonb(a.estudios), 'sala', s.nombre)))
          from atenciones v left join salas vs on vs.id = v.sala_id
          where v.visita = a.visita) as visita
      from a join pacientes p on p.id = a.paciente_id
        left join salas s on s.id = a.sala_id
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('atencion', id) as detalle from t`,
    )})
    select * from t`
  return fila
}
