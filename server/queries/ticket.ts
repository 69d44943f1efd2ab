// An atención's ticket (docs/producto.md#ticket-de-atención): the atención, its patient and its
// turno, read and recorded ('ticket.consultado') by one statement.
import type { Atencion } from '../../shared/atenciones.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'
import { insercionEventos, type Evento } from './auditoria.js'

export interface TicketFila
  extends
    Pick<Atencion, 'sede' | 'modalidad' | 'estado' | 'prioridad' | 'fechaLlegada' | 'horaLlegada'>,
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
}

/**
 * The ticket of atención `id`, or undefined (and no event) when there is none. The turno counts
 * the sede's atenciones of the same clinic day registered up to this one (0005's index on sede
 * and arrival narrows them to that day).
 */
export async function leerTicket(
  sql: Sql,
  id: number,
  tz: string,
  evento: Evento,
): Promise<TicketFila | undefined> {
  const [fila] = await sql<TicketFila[]>`
    with t as (
      select a.id, a.paciente_id, a.sede, a.modalidad, a.estudios, a.estado, a.prioridad,
        to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD') as fecha_llegada,
        to_char(a.llegada at time zone ${tz}, 'HH24:MI') as hora_llegada,
        p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre, p.primer_apellido,
        p.segundo_apellido, p.fecha_nacimiento,
        (select s.nombre from salas s where s.id = a.sala_id) as sala,
        (select count(*) from atenciones b
          where b.sede = a.sede
            and b.llegada >= date_trunc('day', a.llegada at time zone ${tz}) at time zone ${tz}
            and b.llegada < (date_trunc('day', a.llegada at time zone ${tz}) + interval '1 day') at time zone ${tz}
            and (b.creado_en, b.id) <= (a.creado_en, a.id))::int as turno
      from atenciones a join pacientes p on p.id = a.paciente_id
      where a.id = ${id}
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select paciente_id, jsonb_build_object('atencion', id) as detalle from t`,
    )})
    select * from t`
  return fila
}
