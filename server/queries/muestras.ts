// The samples of a LAB atención (migration 0060): the tubes its studies need, read with their audit
// record, their labels' data, and the conditional changes of reception and rejection. The rules
// that decide when each applies are server/laboratorio/muestras.ts's.
import {
  codigoMuestra,
  type EstadoMuestra,
  type MotivoRechazo,
  type Muestra,
} from '../../shared/muestras.js'
import type { Estado, TipoDocumento } from '../../shared/catalogos.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import type { Sql } from '../db.js'
import { insercionEventos, type Evento } from './auditoria.js'

/** A sample's row: the answer's fields, with the ids and instants as read. */
export interface MuestraFila extends Omit<
  Muestra,
  'codigo' | 'creadaEn' | 'recibidaEn' | 'rechazadaEn' | 'reemplazaA'
> {
  creadaEn: Date
  recibidaEn: Date | null
  rechazadaEn: Date | null
  reemplazaId: number | null
}

export const aMuestra = ({ reemplazaId, ...f }: MuestraFila): Muestra => ({
  ...f,
  codigo: codigoMuestra(f.id),
  creadaEn: f.creadaEn.toISOString(),
  recibidaEn: f.recibidaEn?.toISOString() ?? null,
  rechazadaEn: f.rechazadaEn?.toISOString() ?? null,
  reemplazaA: reemplazaId === null ? null : codigoMuestra(reemplazaId),
})

/** Sample row `m` as MuestraFila, with the names of who received or rejected it. */
const columnas = (sql: Sql) => sql`
  m.id, m.atencion_id, m.recipiente, m.muestra, m.estudios, m.estado, m.creada_en, m.recibida_en,
  (select u.nombre from usuarios u where u.id = m.recibida_por) as recibida_por,
  m.rechazada_en, (select u.nombre from usuarios u where u.id = m.rechazada_por) as rechazada_por,
  m.motivo_rechazo, m.nota_rechazo, m.reemplaza_id`

/** What the rules need of an atención. */
export interface AtencionMuestras {
  id: number
  pacienteId: number
  modalidad: string
  estado: Estado
}

/**
 * The atención; `bloquear` (inside a transaction) holds it in share mode, so its estado does not
 * change until the transaction ends while another desk may hold it the same way.
 */
export async function atencionDeMuestras(
  sql: Sql,
  id: number,
  { bloquear = false } = {},
): Promise<AtencionMuestras | undefined> {
  const [a] = await sql<AtencionMuestras[]>`
    select id, paciente_id, modalidad, estado from atenciones where id = ${id}
    ${bloquear ? sql`for share` : sql``}`
  return a
}

/** Every sample of the atención, rejected ones too, in the order they were taken. */
export function muestrasDeAtencion(sql: Sql, atencionId: number): Promise<MuestraFila[]> {
  return sql<MuestraFila[]>`
    select ${columnas(sql)} from muestras m where m.atencion_id = ${atencionId} order by m.id`
}

/** The same, read with its audit record (`evento`, on the atención's patient) in one statement. */
export function leerMuestrasDeAtencion(
  sql: Sql,
  a: AtencionMuestras,
  evento: Evento,
): Promise<MuestraFila[]> {
  return sql<MuestraFila[]>`
    with filas as (select ${columnas(sql)} from muestras m where m.atencion_id = ${a.id}),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select ${a.pacienteId}::bigint as paciente_id, jsonb_build_object('atencion', ${a.id}::int,
        'muestras', (select count(*) from filas)) as detalle`,
    )})
    select * from filas order by id`
}

/**
 * Inserts one pending sample for each recipiente the atención's LAB studies need that has no live
 * one yet, holding the names drawn into it in the atención's order; of two desks at once, the
 * unique index muestras_vigente_key lets one write each. Returns the new samples' ids.
 */
export async function insertarMuestrasPedidas(
  sql: Sql,
  atencionId: number,
  por: number,
): Promise<number[]> {
  const filas = await sql<{ id: number }[]>`
    with pedidos as (
      select s.nombre, min(s.orden) as orden
      from atenciones a, unnest(a.estudios) with ordinality as s (nombre, orden)
      where a.id = ${atencionId}
      group by s.nombre
    ), pedidas as (
      select x.recipiente, (array_agg(x.muestra order by p.orden))[1] as muestra,
        array_agg(p.nombre order by p.orden) as estudios, min(p.orden) as orden
      from pedidos p
        join estudios e on e.modalidad = ${MODALIDAD_LABORATORIO} and e.nombre = p.nombre
        join examenes_laboratorio x on x.estudio_id = e.id
      group by x.recipiente
    )
    insert into muestras (atencion_id, recipiente, muestra, estudios, creada_por)
    select ${atencionId}, recipiente, muestra, estudios, ${por} from pedidas order by orden
    on conflict (atencion_id, recipiente) where estado <> 'rechazada' do nothing
    returning id`
  return filas.map((f) => f.id).sort((a, b) => a - b)
}

/**
 * A sample with its atención, both rows held until the transaction ends: the atención as an update
 * of its estado holds it, so a desk registering its samples at once (which holds it in share mode)
 * waits for this transaction or this one for it, never each for the other.
 */
export interface MuestraBloqueada {
  id: number
  atencionId: number
  recipiente: string
  muestra: string
  estudios: string[]
  estado: EstadoMuestra
  recibidaEn: Date | null
  pacienteId: number
  atencionEstado: Estado
}

export async function bloquearMuestra(sql: Sql, id: number): Promise<MuestraBloqueada | undefined> {
  const [m] = await sql<MuestraBloqueada[]>`
    select m.id, m.atencion_id, m.recipiente, m.muestra, m.estudios, m.estado, m.recibida_en,
      a.paciente_id, a.estado as atencion_estado
    from muestras m join atenciones a on a.id = m.atencion_id
    where m.id = ${id}
    for no key update of a for update of m`
  return m
}

/** Receives the sample if it is still pending, by `por`; its id, or undefined (nothing changed). */
export async function recibir(sql: Sql, id: number, por: number): Promise<number | undefined> {
  const [m] = await sql<{ id: number }[]>`
    update muestras set estado = 'recibida', recibida_por = ${por}, recibida_en = now()
    where id = ${id} and estado = 'pendiente'
    returning id`
  return m?.id
}

/** Whether a validated result exists for an analito of the exams drawn into sample `m`. */
export async function tieneValidados(sql: Sql, m: MuestraBloqueada): Promise<boolean> {
  const [r] = await sql<{ hay: boolean }[]>`
    select exists (
      select 1 from resultados r
        join examen_analitos ea on ea.analito_id = r.analito_id
        join estudios e on e.id = ea.estudio_id
      where r.atencion_id = ${m.atencionId} and r.estado = 'validado'
        and e.modalidad = ${MODALIDAD_LABORATORIO} and e.nombre = any(${m.estudios}::text[])
    ) as hay`
  return r!.hay
}

/**
 * Marks the (held) sample rejected and inserts the pending one that replaces it, with the same
 * recipiente, muestra and estudios; the new one's id. A received one drops its reception (the
 * table holds recibida_en only while estado is 'recibida'); the audit trail keeps who received it.
 */
export async function rechazarYReemplazar(
  sql: Sql,
  m: MuestraBloqueada,
  rechazo: { motivo: MotivoRechazo; nota: string | null; por: number },
): Promise<number> {
  await sql`
    update muestras set estado = 'rechazada', rechazada_por = ${rechazo.por},
      rechazada_en = now(), motivo_rechazo = ${rechazo.motivo}, nota_rechazo = ${rechazo.nota},
      recibida_por = null, recibida_en = null
    where id = ${m.id}`
  const [nueva] = await sql<{ id: number }[]>`
    insert into muestras (atencion_id, recipiente, muestra, estudios, creada_por, reemplaza_id)
    values (${m.atencionId}, ${m.recipiente}, ${m.muestra}, ${m.estudios}::text[], ${rechazo.por},
      ${m.id})
    returning id`
  return nueva!.id
}

export async function muestraPorId(sql: Sql, id: number): Promise<MuestraFila | undefined> {
  const [m] = await sql<MuestraFila[]>`select ${columnas(sql)} from muestras m where m.id = ${id}`
  return m
}

/** What each label of the atención's live samples prints, as read (the patient's fields apart). */
export interface EtiquetaFila {
  id: number
  recipiente: string
  estudios: string[]
  /** 'YYYY-MM-DD', the day it was registered at the clinic. */
  fecha: string
  tipoDocumento: TipoDocumento
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
}

/**
 * The live samples of a LAB atención with its patient's name and document, read with the audit
 * record of their printing (`evento`) in one statement; none (and no record) when there are none.
 */
export function leerEtiquetas(
  sql: Sql,
  a: AtencionMuestras,
  tz: string,
  detalle: Record<string, string>,
  evento: Evento,
): Promise<EtiquetaFila[]> {
  return sql<EtiquetaFila[]>`
    with vivas as (
      select m.id, m.recipiente, m.estudios,
        to_char(m.creada_en at time zone ${tz}, 'YYYY-MM-DD') as fecha
      from muestras m where m.atencion_id = ${a.id} and m.estado <> 'rechazada'
    ), registro as (${insercionEventos(
      sql,
      evento,
      sql`select ${a.pacienteId}::bigint as paciente_id,
          ${sql.json(detalle)}::jsonb || jsonb_build_object('atencion', ${a.id}::int,
            'muestras', jsonb_agg(v.id order by v.id)) as detalle
        from vivas v having count(*) > 0`,
    )})
    select v.id, v.recipiente, v.estudios, v.fecha, p.tipo_documento, p.documento,
      p.primer_nombre, p.segundo_nombre, p.primer_apellido, p.segundo_apellido
    from vivas v join pacientes p on p.id = ${a.pacienteId}
    order by v.id`
}
