// Merging two records of one person, undoing it, and the merges list
// (docs/datos.md#fusión-de-registros). A merge and its undo are one transaction each, with their
// audit records; both lock the two patient rows (in id order) first, so of two merges touching a
// record one waits for the other and then finds it merged.
import type postgres from 'postgres'
import type { FiltrosBusqueda } from '../../shared/busqueda.js'
import type { ErrorCampo } from '../../shared/contract.js'
import { CAMPOS_FUSION, MENSAJES_FUSION, type FusionEntrada } from '../../shared/fusiones.js'
import { CAMPOS } from '../../shared/paciente-campos.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import { inTransaction, type Sql } from '../db.js'
import { insercionEventos, insercionLectura, type Evento, type Quien } from './auditoria.js'
import { registro, type RegistroFila } from './duplicados.js'

type FilaBloqueada = PacienteDatos & {
  id: number
  fusionadoEn: number | null
  madreId: number | null
}

export type ResultadoFusion =
  | { id: number }
  | { error: 'noEncontrado' }
  | { error: 'yaFusionado'; id: number; en: number }
  | { error: 'conservaOtros'; id: number }
  | { error: 'invalido'; errores: ErrorCampo[] }

/** The two rows, locked in id order (the order every merge and undo locks them in). */
async function bloquear(tx: Sql, ids: number[]): Promise<FilaBloqueada[]> {
  return tx<FilaBloqueada[]>`
    select id, fusionado_en, madre_id, ${tx(CAMPOS)}
    from pacientes where id = any(${ids}::int[]) order by id for update`
}

/** The audit record of one event per patient of the merge, from one statement. */
function registroPorPaciente(
  tx: Sql,
  quien: Quien,
  accion: Evento['accion'],
  ids: number[],
  detalle: Record<string, unknown>,
): postgres.Fragment {
  return insercionEventos(
    tx,
    { ...quien, accion },
    tx`select unnest(${ids}::int[])::bigint as paciente_id, ${tx.json(detalle as postgres.JSONValue)}::jsonb as detalle`,
  )
}

/**
 * Merges `absorber` into `conservar`: the chosen fields take the absorbed record's values, the
 * atenciones move, the absorbed record points at the survivor and leaves pacientes_sin_atencion.
 * `validar` checks the survivor's resulting fields (the same rules as a registration).
 */
export function fusionar(
  sql: Sql,
  e: FusionEntrada,
  validar: (datos: PacienteDatos & { madreId: number | null }) => ErrorCampo[],
  quien: Quien,
): Promise<ResultadoFusion> {
  return inTransaction(sql, async (tx) => {
    const filas = await bloquear(tx, [e.conservar, e.absorber])
    const conservado = filas.find((f) => f.id === e.conservar)
    const absorbido = filas.find((f) => f.id === e.absorber)
    if (!conservado || !absorbido) return { error: 'noEncontrado' }
    for (const f of [absorbido, conservado])
      if (f.fusionadoEn !== null) return { error: 'yaFusionado', id: f.id, en: f.fusionadoEn }
    const [otras] = await tx`
      select 1 from fusiones where conservado_id = ${absorbido.id} and deshecha_en is null limit 1`
    if (otras) return { error: 'conservaOtros', id: absorbido.id }

    if (conservado.madreId === absorbido.id || absorbido.madreId === conservado.id)
      return {
        error: 'invalido',
        errores: [{ campo: 'absorber', mensaje: MENSAJES_FUSION.madreEHijo }],
      }

    const tomados = CAMPOS_FUSION.filter((c) => e.campos?.[c] === 'absorber')
    const resultado: PacienteDatos = { ...conservado }
    for (const c of tomados) (resultado as Record<string, unknown>)[c] = absorbido[c]
    // A newborn's record merged into one without a mother (the same child's, by its DNI) brings her.
    const madreTomada = conservado.madreId === null && absorbido.madreId !== null
    const errores = validar({ ...resultado, madreId: conservado.madreId ?? absorbido.madreId })
    if (errores.length > 0) return { error: 'invalido', errores }

    const [antes] = await tx<{ fila: unknown }[]>`
      select to_jsonb(p) as fila from pacientes p where p.id = ${conservado.id}`
    if (tomados.length > 0) {
      const asignaciones = tomados
        .map((c) => tx`${tx(c)} = a.${tx(c)}`)
        .reduce((acc, s) => tx`${acc}, ${s}`)
      await tx`update pacientes s set ${asignaciones} from pacientes a
        where s.id = ${conservado.id} and a.id = ${absorbido.id}`
    }
    if (madreTomada)
      await tx`update pacientes set madre_id = ${absorbido.madreId} where id = ${conservado.id}`
    const movidas = await tx<{ id: number }[]>`
      update atenciones set paciente_id = ${conservado.id} where paciente_id = ${absorbido.id}
      returning id`
    await tx`update pacientes set fusionado_en = ${conservado.id} where id = ${absorbido.id}`
    // Past every version the absorbed record served: an edit opened on it before the merge, sent
    // through its id (which now reads the survivor), gets 412 (0030).
    await tx`update pacientes set version = (select version from pacientes where id = ${absorbido.id})
      where id = ${conservado.id}`
    // The absorbed record is nobody in the search; the survivor has atenciones now, if it had none.
    await tx`delete from pacientes_sin_atencion
      where paciente_id = ${absorbido.id} or (paciente_id = ${conservado.id} and ${movidas.length > 0})`
    const campos = Object.fromEntries(
      [...tomados, ...(madreTomada ? ['madreId'] : [])].map((c) => [c, 'absorber']),
    )
    const ids = movidas.map((m) => m.id).sort((a, b) => a - b)
    const [fusion] = await tx<{ id: number }[]>`
      insert into fusiones (conservado_id, absorbido_id, campos, absorbido, conservado_antes,
        conservado_despues, atenciones, hecha_por)
      select ${conservado.id}, ${absorbido.id}, ${tx.json(campos)}::jsonb,
        (select to_jsonb(a) from pacientes a where a.id = ${absorbido.id}),
        ${tx.json(antes!.fila as postgres.JSONValue)}::jsonb,
        (select to_jsonb(s) from pacientes s where s.id = ${conservado.id}),
        ${ids}::int[], ${quien.usuarioId}
      returning id`
    const detalle = {
      fusion: fusion!.id,
      conservado: conservado.id,
      absorbido: absorbido.id,
      campos: tomados,
      atenciones: ids.length,
    }
    await tx`${registroPorPaciente(tx, quien, 'paciente.fusionado', [conservado.id, absorbido.id], detalle)}`
    return { id: fusion!.id }
  })
}

export type ResultadoDeshacer =
  { ok: true } | { error: 'noEncontrada' } | { error: 'yaDeshecha' } | { error: 'conservadoCambio' }

interface FusionFila {
  id: number
  conservadoId: number
  absorbidoId: number
  campos: Record<string, string>
  atenciones: number[]
  deshechaEn: Date | null
  sinCambios: boolean
}

/**
 * Undoes a merge: the absorbed record is itself again with the atenciones the merge moved, the
 * survivor gets back the values it had, and both are in pacientes_sin_atencion exactly when they
 * have no atención. Refused when the survivor changed since the merge: restoring it would lose
 * that change.
 */
export function deshacerFusion(sql: Sql, id: number, quien: Quien): Promise<ResultadoDeshacer> {
  return inTransaction(sql, async (tx) => {
    const [existe] = await tx<{ conservadoId: number; absorbidoId: number }[]>`
      select conservado_id, absorbido_id from fusiones where id = ${id}`
    if (!existe) return { error: 'noEncontrada' }
    // The patients first, in id order like a merge, then the merge's own row.
    await bloquear(tx, [existe.conservadoId, existe.absorbidoId])
    const [f] = await tx<FusionFila[]>`
      select f.id, f.conservado_id, f.absorbido_id, f.campos, f.atenciones, f.deshecha_en,
        (select to_jsonb(s) from pacientes s where s.id = f.conservado_id) = f.conservado_despues
          as sin_cambios
      from fusiones f where f.id = ${id} for update`
    if (!f) return { error: 'noEncontrada' }
    if (f.deshechaEn) return { error: 'yaDeshecha' }
    if (!f.sinCambios) return { error: 'conservadoCambio' }

    const ambos = [f.conservadoId, f.absorbidoId]
    await tx`update pacientes set fusionado_en = null where id = ${f.absorbidoId}`
    await tx`update atenciones set paciente_id = ${f.absorbidoId}
      where id = any(${f.atenciones}::int[]) and paciente_id = ${f.conservadoId}`
    if (f.campos.madreId === 'absorber')
      await tx`update pacientes set madre_id = null where id = ${f.conservadoId}`
    const campos = CAMPOS_FUSION.filter((c) => f.campos[c] === 'absorber')
    if (campos.length > 0) {
      await tx`update pacientes p set (${tx(campos)}) = (
          select ${tx(campos.map((c) => `r.${c}`))}
          from fusiones f, jsonb_populate_record(null::pacientes, f.conservado_antes) r
          where f.id = ${id})
        where p.id = ${f.conservadoId}`
    }
    await tx`insert into pacientes_sin_atencion (paciente_id, creado_en, tipo_documento, documento,
        primer_nombre_norm, segundo_nombre_norm, primer_apellido_norm, segundo_apellido_norm)
      select p.id, p.creado_en, p.tipo_documento, p.documento, p.primer_nombre_norm,
        p.segundo_nombre_norm, p.primer_apellido_norm, p.segundo_apellido_norm
      from pacientes p
      where p.id = any(${ambos}::int[]) and not exists (select 1 from atenciones a where a.paciente_id = p.id)
      on conflict do nothing`
    await tx`delete from pacientes_sin_atencion s
      where s.paciente_id = any(${ambos}::int[])
        and exists (select 1 from atenciones a where a.paciente_id = s.paciente_id)`
    // Past every version the survivor served while the absorbed id read it: an edit opened then
    // gets 412 on the record that is itself again (0030).
    await tx`update pacientes set version = (select version from pacientes where id = ${f.conservadoId})
      where id = ${f.absorbidoId}`
    await tx`update fusiones set deshecha_en = now(), deshecha_por = ${quien.usuarioId} where id = ${id}`
    const detalle = { fusion: id, conservado: f.conservadoId, absorbido: f.absorbidoId }
    await tx`${registroPorPaciente(tx, quien, 'paciente.fusion_deshecha', ambos, detalle)}`
    return { ok: true }
  })
}

/**
 * The survivor's document filters when `f.documento` is exactly a merged record's document (of
 * `f.tipoDocumento`, when given): the absorbed document still finds the person. Else `f`.
 */
export async function conDocumentoFusionado(
  sql: Sql,
  f: FiltrosBusqueda,
): Promise<FiltrosBusqueda> {
  if (!f.documento) return f
  const [fila] = await sql<Pick<PacienteDatos, 'tipoDocumento' | 'documento'>[]>`
    select s.tipo_documento, s.documento
    from pacientes a join pacientes s on s.id = a.fusionado_en
    where a.fusionado_en is not null and a.documento = ${f.documento}
      ${f.tipoDocumento ? sql`and a.tipo_documento = ${f.tipoDocumento}` : sql``}
    order by a.id
    limit 1`
  return fila ? { ...f, tipoDocumento: fila.tipoDocumento, documento: fila.documento } : f
}

export interface FusionListaFila {
  id: number
  conservado: RegistroFila
  absorbido: RegistroFila
  campos: Record<string, string>
  atenciones: number[]
  hechaPor: string | null
  hechaEn: Date
  deshechaPor: string | null
  deshechaEn: Date | null
}

/** Merges newest first, before the id `antesDe`, with the read's audit record. */
export async function listarFusiones(
  sql: Sql,
  limite: number,
  antesDe: number | null,
  evento: Evento,
): Promise<FusionListaFila[]> {
  return sql<FusionListaFila[]>`
    with pagina as (
      select f.id, ${registro(sql, 'c')} as conservado, ${registro(sql, 'a')} as absorbido, f.campos,
        f.atenciones, h.usuario as hecha_por, f.hecha_en, d.usuario as deshecha_por, f.deshecha_en
      from fusiones f
      join pacientes c on c.id = f.conservado_id
      join pacientes a on a.id = f.absorbido_id
      left join usuarios h on h.id = f.hecha_por
      left join usuarios d on d.id = f.deshecha_por
      where ${antesDe === null ? sql`true` : sql`f.id < ${antesDe}`}
      order by f.id desc
      limit ${limite}
    ), registro as (${insercionLectura(sql, evento, 'pagina', limite - 1)})
    select * from pagina order by id desc`
}
