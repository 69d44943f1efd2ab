// The search's page as one statement builds it: the rows of the branches' keys with their
// columns, as one JSON value.
import type { BusquedaFila } from '../../shared/busqueda.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import { crudo, t, type Trozo } from './trozo.js'

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
 * Each field of a row and the expression that reads it, over the page's keys `x`, the patient `p`,
 * the atención `a` (none for a patient without atenciones) and the clinic's zone `z.tz`: the one
 * list of a row's columns. Plain text joined once, not a fragment per column built per request.
 */
const COLUMNAS: Record<keyof BusquedaFilaBd, string> = {
  id: 'x.id',
  atencionId: 'x.atencion_id',
  cita: 'a.turno is not null',
  tipoDocumento: 'p.tipo_documento',
  documento: 'p.documento',
  primerNombre: 'p.primer_nombre',
  segundoNombre: 'p.segundo_nombre',
  primerApellido: 'p.primer_apellido',
  segundoApellido: 'p.segundo_apellido',
  fechaNacimiento: 'p.fecha_nacimiento',
  estudios: 'a.estudios',
  modalidad: 'a.modalidad',
  sede: 'a.sede',
  estado: 'a.estado',
  procedencia: 'a.procedencia',
  prioridad: 'a.prioridad',
  fechaLlegada: "to_char(a.llegada at time zone z.tz, 'YYYY-MM-DD')",
  horaLlegada: "to_char(a.llegada at time zone z.tz, 'HH24:MI')",
  clave: `to_char(x.instante at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  tipo: 'x.tipo',
  claveId: 'x.clave_id',
  // Waiting again because its equipment reported the study interrupted (docs/dicom.md#mpps).
  // Its last step, whether it names the atención first or among its other procedures.
  interrumpida: `a.estado = 'En espera' and (select m.estado from mpps m
    where m.atencion_id = a.id
      or m.uid = any(array(select x.uid from mpps_atenciones x where x.atencion_id = a.id))
    order by m.actualizado_en desc limit 1) = 'DISCONTINUED'`,
}
const OBJETO_FILA = crudo(
  `json_build_object(${Object.entries(COLUMNAS)
    .map(([nombre, valor]) => `'${nombre}', ${valor}`)
    .join(', ')})`,
)
const ORDEN_CLAVES = crudo('x.instante desc, x.tipo desc, x.clave_id desc')

/**
 * The page's rows, the keys of `claves` newest first with their columns, as one JSON array: the
 * server parses one value instead of twenty a row.
 */
export function filasDe(claves: Trozo, n: number, tz: string): Trozo {
  return filasEnOrden(
    t`(
      select * from (${claves}) r
      order by r.instante desc, r.tipo desc, r.clave_id desc
      limit ${n}
    )`,
    ORDEN_CLAVES,
    tz,
  )
}

/** The rows of the keys `x` (a subquery already cut to its page) in `orden`, as one JSON array. */
export function filasEnOrden(x: Trozo, orden: Trozo, tz: string): Trozo {
  return t`
    select coalesce(json_agg(${OBJETO_FILA} order by ${orden}), '[]')::text as filas
    from ${x} x
    cross join (select ${tz}::text as tz) z
    join pacientes p on p.id = x.id
    left join atenciones a on a.id = x.atencion_id`
}

export const leerFilas = (filas: string): BusquedaFilaBd[] => JSON.parse(filas) as BusquedaFilaBd[]
