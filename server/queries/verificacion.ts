// A printed document's verification (docs/api.md#verificar-un-documento): the signed informe or
// the result sheet a code names, read with only what the answer may say, and its audit record
// written by the same statement, found or not.
import type { Sql } from '../db.js'
import { insercionEventos } from './auditoria.js'

export interface DocumentoPorCodigo {
  tipo: 'informe' | 'resultados'
  /** An informe's modalidad as the clinic labels it; null for a result sheet. */
  modalidad: string | null
  /** original, adenda or correccion for an informe; null for a result sheet. */
  tipoInforme: 'original' | 'adenda' | 'correccion' | null
  version: number
  parcial: boolean
  emitidoEn: Date
  sha256: string
  reemplazadoEn: Date | null
  clinica: string
}

/**
 * The final informe or the result sheet with `codigo` (a stored, well-formed code), or null. The
 * audit record is anonymous, from `direccion`, on the document's patient when there is one.
 */
export async function documentoPorCodigo(
  sql: Sql,
  codigo: string,
  direccion: string | null,
): Promise<DocumentoPorCodigo | null> {
  const [fila] = await sql<(DocumentoPorCodigo & { id: number })[]>`
    with doc as (
      select 'informe' as tipo, i.id, a.paciente_id, m.etiqueta as modalidad,
        i.tipo as tipo_informe, i.version, false as parcial, i.firmado_en as emitido_en,
        i.pdf_sha256 as sha256,
        (select min(r.firmado_en) from informes r
          where r.base_id = i.id and r.tipo = 'correccion' and r.estado = 'final') as reemplazado_en
      from informes i join atenciones a on a.id = i.atencion_id
        join modalidades m on m.valor = a.modalidad
      where i.codigo = ${codigo} and i.estado = 'final'
      union all
      select 'resultados', h.id, a.paciente_id, null, null, h.version, h.parcial, h.creado_en,
        h.pdf_sha256,
        (select min(n.creado_en) from hojas_resultados n
          where n.atencion_id = h.atencion_id and n.version > h.version)
      from hojas_resultados h join atenciones a on a.id = h.atencion_id
      where h.codigo = ${codigo}
    ),
    evento as (${insercionEventos(
      sql,
      { accion: 'documento.verificado', usuarioId: null, usuario: null, direccion },
      sql`
        select paciente_id, jsonb_build_object('codigo', ${codigo}::text, 'documento', tipo,
          'id', id, 'version', version) as detalle
        from doc
        union all
        select null, jsonb_build_object('codigo', ${codigo}::text, 'encontrado', false)
        where not exists (select from doc)`,
    )})
    select doc.tipo, doc.id, doc.modalidad, doc.tipo_informe, doc.version, doc.parcial,
      doc.emitido_en, doc.sha256, doc.reemplazado_en, c.nombre as clinica
    from doc cross join clinica c`
  return fila ?? null
}
