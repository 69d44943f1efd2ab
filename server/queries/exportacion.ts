// The worklist export (docs/api.md#exportar-la-lista-de-trabajo): every row the search's filters
// match, newest first, as the search lists them (an atención with its patient; a patient with no
// atención once, unless a visit filter is given). Read through a cursor: the server holds one
// batch at a time, however many rows there are.
import type { BusquedaFila, FiltrosBusqueda } from '../../shared/busqueda.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import { sinReserva, type ClienteBusqueda, type Database } from '../db.js'
import { registrarConRecuento, type Evento } from './auditoria.js'
import {
  condicionesPaciente,
  condicionesVisita,
  tieneFiltroVisita,
  y,
} from './busqueda-condiciones.js'
import { planPorValores } from './busqueda.js'
import { consulta, t, type Trozo } from './trozo.js'

/** A row as read: the search row's own fields, the birth date (its age is computed here) and the estudios' names. */
export interface FilaExportacion
  extends
    Omit<BusquedaFila, 'nombreCompleto' | 'tipoEdad' | 'edad' | 'estudios'>,
    Pick<PacienteDatos, 'fechaNacimiento'> {
  estudios: string[] | null
}

/** Rows a cursor batch brings: a few hundred KB of CSV, sent before the next one is read. */
export const FILAS_POR_LOTE = 1000

/**
 * The matching rows, unordered: both branches of the search, the patient filters on the patient
 * row (its trigram and document indexes), the visit filters on the atención.
 */
function filas(f: FiltrosBusqueda, tz: string): Trozo {
  const paciente = condicionesPaciente(f, 'p')
  const columnas = t`p.id, p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre,
    p.primer_apellido, p.segundo_apellido, p.fecha_nacimiento`
  const atenciones = t`
    select ${columnas}, a.id as atencion_id, a.estudios, a.modalidad, a.sede, a.estado,
      a.procedencia, a.prioridad,
      to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD') as fecha_llegada,
      to_char(a.llegada at time zone ${tz}, 'HH24:MI') as hora_llegada,
      a.llegada as instante, 1 as tipo, a.id as clave_id
    from atenciones a join pacientes p on p.id = a.paciente_id
    where ${y([...paciente, ...condicionesVisita(f, tz)])}`
  if (tieneFiltroVisita(f)) return atenciones
  // A patient with no atención yet (0009's table; a merged record is never in it).
  return t`${atenciones}
    union all
    select ${columnas}, null::integer, null::text[], null, null, null, null, null, null, null,
      s.creado_en, 0, s.paciente_id
    from pacientes_sin_atencion s join pacientes p on p.id = s.paciente_id
    where ${y(paciente)}`
}

/** The client statements with these filters run on: the search's own rule (planPorValores). */
const clienteDe = async (
  db: Pick<Database, 'sql' | 'busqueda'>,
  f: FiltrosBusqueda,
): Promise<ClienteBusqueda> => (planPorValores(f) ? db.busqueda() : sinReserva(db.sql))

/**
 * Records the export before a row of it leaves: one statement counts the rows and patients the
 * filters match and writes the event with those counts, and it commits on its own. If the event
 * cannot be written, no row is read for the file.
 */
export async function registrarExportacion(
  db: Pick<Database, 'sql' | 'busqueda'>,
  f: FiltrosBusqueda,
  tz: string,
  evento: Evento,
): Promise<{ pacientes: number; filas: number }> {
  const { sql, soltar } = await clienteDe(db, f)
  try {
    const { detalle } = await registrarConRecuento<'pacientes' | 'filas'>(
      sql,
      evento,
      sql`jsonb_build_object('pacientes', count(distinct x.id), 'filas', count(*))`,
      consulta(sql, t`(${filas(f, tz)}) x`),
    )
    return { pacientes: detalle.pacientes, filas: detalle.filas }
  } finally {
    await soltar()
  }
}

/** The rows newest first (as the search orders them), FILAS_POR_LOTE at a time. */
export async function* leerExportacion(
  db: Pick<Database, 'sql' | 'busqueda'>,
  f: FiltrosBusqueda,
  tz: string,
): AsyncGenerator<FilaExportacion[]> {
  const { sql, soltar } = await clienteDe(db, f)
  try {
    yield* consulta<FilaExportacion[]>(
      sql,
      t`
      select id, atencion_id, tipo_documento, documento, primer_nombre, segundo_nombre,
        primer_apellido, segundo_apellido, fecha_nacimiento, estudios, modalidad, sede, estado,
        procedencia, prioridad, fecha_llegada, hora_llegada
      from (${filas(f, tz)}) x
      order by instante desc, tipo desc, clave_id desc`,
    ).cursor(FILAS_POR_LOTE)
  } finally {
    await soltar()
  }
}
