// The search's page as one statement builds it: the rows of the branches' keys with their
// columns, as one JSON value.
import type postgres from 'postgres'
import type { BusquedaFila } from '../../shared/busqueda.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'

/**
 * A row of the page as the statement builds it: the answer's own columns, the patient's birth date
 * (its age is computed in the server), the estudios' names, and the row's key.
 */
export interface BusquedaFilaBd
  extends
    Omit<BusquedaFila, 'nombreCompleto' | 'tipoEdad' | 'edad' | 'estudios' | 'interrumpida'>,
    Pick<PacienteDatos, 'fechaNacimiento'> {
  estudios: string[] | null
  /** null for a patient without atenciones. */
  interrumpida: boolean | null
  clave: string
  tipo: number
  claveId: number
}

/**
 * Each field of a row and the expression that reads it, over the page's keys `x`, the patient `p`
 * and the atención `a` (none for a patient without atenciones): the one list of a row's columns.
 */
const columnas = (sql: Sql, tz: string): Record<keyof BusquedaFilaBd, postgres.Fragment> => ({
  id: sql`x.id`,
  atencionId: sql`x.atencion_id`,
  cita: sql`a.turno is not null`,
  tipoDocumento: sql`p.tipo_documento`,
  documento: sql`p.documento`,
  primerNombre: sql`p.primer_nombre`,
  segundoNombre: sql`p.segundo_nombre`,
  primerApellido: sql`p.primer_apellido`,
  segundoApellido: sql`p.segundo_apellido`,
  fechaNacimiento: sql`p.fecha_nacimiento`,
  estudios: sql`a.estudios`,
  modalidad: sql`a.modalidad`,
  sede: sql`a.sede`,
  estado: sql`a.estado`,
  procedencia: sql`a.procedencia`,
  prioridad: sql`a.prioridad`,
  fechaLlegada: sql`to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD')`,
  horaLlegada: sql`to_char(a.llegada at time zone ${tz}, 'HH24:MI')`,
  clave: sql`to_char(x.instante at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  tipo: sql`x.tipo`,
  claveId: sql`x.clave_id`,
  // Waiting again because its equipment reported the study interrupted (docs/dicom.md#mpps).
  interrumpida: sql`a.estado = 'En espera' and (select m.estado from mpps m
    where m.atencion_id = a.id order by m.actualizado_en desc limit 1) = 'DISCONTINUED'`,
})

/**
 * The page's rows, the keys of `claves` newest first with their columns, as one JSON array: the
 * server parses one value instead of twenty a row.
 */
export function filasDe(
  sql: Sql,
  claves: postgres.Fragment,
  n: number,
  tz: string,
): postgres.Fragment {
  const pares = Object.entries(columnas(sql, tz))
    .map(([nombre, valor]) => sql`${sql.unsafe(`'${nombre}'`)}, ${valor}`)
    .reduce((todos, par) => sql`${todos}, ${par}`)
  return sql`
    select coalesce(json_agg(json_build_object(${pares})
      order by x.instante desc, x.tipo desc, x.clave_id desc), '[]')::text as filas
    from (
      select * from (${claves}) r
      order by r.instante desc, r.tipo desc, r.clave_id desc
      limit ${n}
    ) x
    join pacientes p on p.id = x.id
    left join atenciones a on a.id = x.atencion_id`
}

export const leerFilas = (filas: string): BusquedaFilaBd[] => JSON.parse(filas) as BusquedaFilaBd[]
