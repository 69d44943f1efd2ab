// MPPS steps kept without an atención (migration 0026's table mpps) and their reconciliation: a
// person names the atención a step belongs to, which then takes the step's estado, or sets the step
// aside. The estado an MPPS state leads to is defined once, here, for the DICOM server too.
import type { Estado } from '../../shared/catalogos.js'
import { origenes } from '../../shared/estado-atencion.js'
import type { EstadoMpps } from '../../shared/mpps.js'
import type { Sql } from '../db.js'
import { cambiarEstado, type AtencionFila } from './atenciones.js'
import { insercionEvento, type Evento } from './auditoria.js'

/** Where each MPPS state takes an atención; from which estados is the machine's (shared/estado-atencion.ts). */
export const HACIA_MPPS: Record<EstadoMpps, Estado> = {
  'IN PROGRESS': 'En proceso',
  COMPLETED: 'Completado',
  // The patient is still waiting: the study was stopped, not done (docs/dicom.md#mpps).
  DISCONTINUED: 'En espera',
}

/**
 * Moves atención `id` as step state `mpps` says, with its audit record (`evento`); undefined when
 * its estado is not one the equipment may move it from, which leaves it as it is: a step never
 * moves one back from Completado or Informado, nor out of Cancelado or No se presentó.
 */
export function aplicarMpps(
  sql: Sql,
  id: number,
  mpps: EstadoMpps,
  tz: string,
  evento: Evento,
): Promise<AtencionFila | undefined> {
  const estado = HACIA_MPPS[mpps]
  const desde = origenes(estado, 'equipo')
  return cambiarEstado(sql, id, { estado, desde, motivo: null, por: null }, tz, evento)
}

export interface MppsFila {
  uid: string
  estado: EstadoMpps
  salaId: number
  salaNombre: string
  salaSede: string
  salaModalidad: string
  salaAeTitle: string | null
  atencionId: number | null
  conciliadoEn: Date | null
  datos: Record<string, unknown>
  motivo: string | null
  recibidoEn: Date
}

const columnas = (sql: Sql) => sql`
  m.uid, m.estado, m.sala_id, s.nombre as sala_nombre, s.sede as sala_sede,
  s.modalidad as sala_modalidad, s.ae_title as sala_ae_title, m.atencion_id, m.conciliado_en,
  m.datos, m.motivo, m.recibido_en`

/** How many steps wait for a person. */
export async function totalMppsPendientes(sql: Sql): Promise<number> {
  const [cuenta] = await sql<{ n: number }[]>`
    select count(*)::int as n from mpps where atencion_id is null and conciliado_en is null`
  return cuenta?.n ?? 0
}

/** The oldest `limite` steps waiting for a person, and how many wait. */
export async function mppsPendientes(
  sql: Sql,
  limite: number,
): Promise<{ total: number; pasos: MppsFila[] }> {
  const [pasos, total] = await Promise.all([
    sql<MppsFila[]>`
      select ${columnas(sql)} from mpps m join salas s on s.id = m.sala_id
      where m.atencion_id is null and m.conciliado_en is null
      order by m.recibido_en, m.uid limit ${limite}`,
    totalMppsPendientes(sql),
  ])
  return { total, pasos }
}

/** Step `uid`, held until the transaction ends. */
export async function mppsParaConciliar(sql: Sql, uid: string): Promise<MppsFila | undefined> {
  const [fila] = await sql<MppsFila[]>`
    select ${columnas(sql)} from mpps m join salas s on s.id = m.sala_id
    where m.uid = ${uid} for update of m`
  return fila
}

/** Marks step `uid` reconciled by `por`, linked to `atencionId` (null: set aside), with its record. */
export async function marcarConciliado(
  sql: Sql,
  uid: string,
  atencionId: number | null,
  por: number | null,
  evento: Evento,
): Promise<void> {
  await sql`
    with marcado as (
      update mpps set atencion_id = ${atencionId}, conciliado_por = ${por}, conciliado_en = now(),
        actualizado_en = now()
      where uid = ${uid}
      returning uid
    ), registro as (${insercionEvento(sql, evento)})
    select 1 from marcado`
}
