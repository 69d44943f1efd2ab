// An admin's changes to the laboratory's catalogue (migration 0059): an analito's fields, and its
// reference ranges replaced as a set. Each runs under the analito's row lock with its audit record
// in one transaction, so two admins saving at once leave one whole set, the last one saved.
// Results keep the limits they were read against (migration 0060): nothing here touches them.
import type postgres from 'postgres'
import type { Analito, RangoReferencia, TipoAnalito } from '../../shared/laboratorio.js'
import type { AnalitoEntrada } from '../../shared/laboratorio-config.js'
import { inTransaction, type Sql } from '../db.js'
import { insercionEvento, type Evento } from './auditoria.js'
import { analitoJson } from './laboratorio.js'

/** The analito as GET /laboratorio/analitos has it, read in `tx`. */
async function leerAnalito(tx: Sql, id: number): Promise<Analito> {
  const [fila] = await tx<{ analito: Analito }[]>`
    select ${analitoJson(tx)} as analito from analitos a where a.id = ${id}`
  return fila!.analito
}

/** Locks the analito's row; undefined when there is none. */
async function bloquear(tx: Sql, id: number) {
  const [fila] = await tx<{ codigo: string; tipo: TipoAnalito }[]>`
    select codigo, tipo from analitos where id = ${id} for update`
  return fila
}

/**
 * Applies `cambio` to the analito, unless `problema` (given its type) refuses it; the audit event
 * is built from its code. undefined: no such analito.
 */
export const cambiarAnalito = (
  sql: Sql,
  id: number,
  cambio: AnalitoEntrada,
  problema: (tipo: TipoAnalito) => void,
  evento: (codigo: string) => Evento,
): Promise<Analito | undefined> =>
  inTransaction(sql, async (tx) => {
    const actual = await bloquear(tx, id)
    if (!actual) return undefined
    problema(actual.tipo)
    await tx`
      update analitos set nombre = ${cambio.nombre}, loinc = ${cambio.loinc},
        unidad = ${cambio.unidad}, decimales = ${cambio.decimales}, activo = ${cambio.activo},
        delta_porcentaje = ${cambio.deltaPorcentaje}
      where id = ${id}`
    await tx`${insercionEvento(tx, evento(actual.codigo))}`
    return leerAnalito(tx, id)
  })

/**
 * Replaces the analito's ranges with `rangos`, unless `problema` refuses them for its type; the
 * event is built from its code and the set it had. undefined: no such analito.
 */
export const reemplazarRangos = (
  sql: Sql,
  id: number,
  rangos: readonly RangoReferencia[],
  problema: (tipo: TipoAnalito) => void,
  evento: (codigo: string, anteriores: RangoReferencia[]) => Evento,
): Promise<Analito | undefined> =>
  inTransaction(sql, async (tx) => {
    const actual = await bloquear(tx, id)
    if (!actual) return undefined
    problema(actual.tipo)
    const anteriores = (await leerAnalito(tx, id)).rangos
    await tx`delete from rangos_referencia where analito_id = ${id}`
    await tx`
      insert into rangos_referencia (analito_id, sexo, edad_desde_dias, edad_hasta_dias,
        normal_min, normal_max, critico_min, critico_max)
      select ${id}, r."sexo", r."edadDesdeDias", r."edadHastaDias", r."normalMin", r."normalMax",
        r."criticoMin", r."criticoMax"
      from jsonb_to_recordset(${tx.json(rangos as unknown as postgres.JSONValue)}) as r ("sexo" text,
        "edadDesdeDias" integer, "edadHastaDias" integer, "normalMin" numeric,
        "normalMax" numeric, "criticoMin" numeric, "criticoMax" numeric)`
    await tx`${insercionEvento(tx, evento(actual.codigo, anteriores))}`
    return leerAnalito(tx, id)
  })
