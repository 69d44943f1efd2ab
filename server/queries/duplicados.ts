// The probable duplicates list and its dismissals (docs/datos.md#fusión-de-registros), and how
// its lists name a record.
import type { CampoNombre, PacienteDatos } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'
import { insercionEventos, insercionLectura, type Evento, type Quien } from './auditoria.js'

/** A record as the lists name it, built by the statement (names; nombreCompleto in the server). */
export interface RegistroFila extends Pick<
  PacienteDatos,
  'tipoDocumento' | 'documento' | CampoNombre | 'fechaNacimiento'
> {
  id: number
  creadoEn: string
  atenciones: number
}

export const registro = (sql: Sql, t: string) => sql`json_build_object(
  'id', ${sql(`${t}.id`)}, 'tipoDocumento', ${sql(`${t}.tipo_documento`)},
  'documento', ${sql(`${t}.documento`)}, 'primerNombre', ${sql(`${t}.primer_nombre`)},
  'segundoNombre', ${sql(`${t}.segundo_nombre`)}, 'primerApellido', ${sql(`${t}.primer_apellido`)},
  'segundoApellido', ${sql(`${t}.segundo_apellido`)}, 'fechaNacimiento', ${sql(`${t}.fecha_nacimiento`)},
  'creadoEn', to_char(${sql(`${t}.creado_en`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'atenciones', (select count(*) from atenciones x where x.paciente_id = ${sql(`${t}.id`)}))`

/** The keyset of the duplicates list: gravedad, then the pair's ids. */
export type ClavePar = [number, number, number]

export interface ParFila {
  gravedad: number
  a: RegistroFila
  b: RegistroFila
}

/**
 * Pending pairs worst first after `despues`, `limite` at most (one more than the page), with the
 * read's audit record. The pairs table keeps them found; each pair is checked again here on the
 * records as they are now (not merged, still alike). An index scan of duplicados_pendientes_idx in
 * order and two primary-key probes a pair, whatever the number of patients. Without `evento` (the
 * bench's plans) the bare read.
 */
export async function listarDuplicados(
  sql: Sql,
  limite: number,
  despues: ClavePar | null,
  evento?: Evento,
): Promise<ParFila[]> {
  const desde = despues
    ? sql`and (d.gravedad, d.paciente_a, d.paciente_b) > (${despues[0]}::smallint, ${despues[1]}::int, ${despues[2]}::int)`
    : sql``
  return sql<ParFila[]>`
    with pagina as (
      select d.gravedad, d.paciente_a, d.paciente_b, ${registro(sql, 'a')} as a, ${registro(sql, 'b')} as b
      from duplicados d
      join pacientes a on a.id = d.paciente_a
      join pacientes b on b.id = d.paciente_b
      where d.descartado_en is null ${desde}
        and a.fusionado_en is null and b.fusionado_en is null
        and duplicado_gravedad(a, b) is not null
      order by d.gravedad, d.paciente_a, d.paciente_b
      limit ${limite}
    ) ${evento ? sql`, registro as (${insercionLectura(sql, evento, 'pagina', limite - 1)})` : sql``}
    select gravedad, a, b from pagina order by gravedad, paciente_a, paciente_b`
}

/** Dismisses a listed pair ("No es duplicado") with its audit record; false when not listed. */
export async function descartarDuplicado(
  sql: Sql,
  x: number,
  y: number,
  quien: Quien,
): Promise<boolean> {
  const [a, b] = x < y ? [x, y] : [y, x]
  const filas = await sql`
    with descartado as (
      update duplicados set descartado_en = coalesce(descartado_en, now()),
        descartado_por = coalesce(descartado_por, ${quien.usuarioId})
      where paciente_a = ${a} and paciente_b = ${b}
      returning paciente_a, paciente_b
    ), registro as (${insercionEventos(
      sql,
      { ...quien, accion: 'duplicado.descartado' },
      sql`select unnest(array[paciente_a, paciente_b])::bigint as paciente_id,
        jsonb_build_object('pacienteA', paciente_a, 'pacienteB', paciente_b) as detalle from descartado`,
    )})
    select 1 from descartado`
  return filas.length > 0
}
