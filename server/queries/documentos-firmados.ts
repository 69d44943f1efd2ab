// A patient's signed documents, newest first: each final informe with its PDF (originals, adendas
// and corrections, with when a correction replaced it) and each frozen result sheet (with when a
// later version replaced it), with their atención's médico solicitante. What the patient's own
// page lists (/resultados) and what the desk can send word of (Correos): one definition for both.
import type postgres from 'postgres'
import { MENSAJES_VERIFICACION as V } from '../../shared/verificacion.js'
import type { Sql } from '../db.js'

export interface DocumentoFirmado {
  tipo: 'informe' | 'resultados'
  id: number
  /** As /v/ names it: «Informe de Eco (US)», «Resultados de laboratorio». */
  titulo: string
  version: number
  parcial: boolean
  emitidoEn: Date
  reemplazadoEn: Date | null
  /** The atención's médico solicitante: the desk can send it to them. */
  solicitante: { nombre: string; correo: string | null } | null
}

interface Fila extends Omit<DocumentoFirmado, 'titulo' | 'solicitante'> {
  modalidad: string | null
  tipoInforme: 'original' | 'adenda' | 'correccion' | null
  solicitanteNombre: string | null
  solicitanteCorreo: string | null
}

const TITULO = { original: V.informe, adenda: V.adenda, correccion: V.correccion } as const

/** The statement, to run alone or among others of a transaction; its rows go through `titulados`. */
export const documentosFirmadosSql = (
  sql: Sql | postgres.TransactionSql,
  pacienteId: number,
): postgres.PendingQuery<Fila[]> =>
  (sql as Sql)<Fila[]>`
    select 'informe' as tipo, i.id, m.etiqueta as modalidad, i.tipo as tipo_informe, i.version,
      false as parcial, i.firmado_en as emitido_en,
      (select min(r.firmado_en) from informes r
        where r.base_id = i.id and r.tipo = 'correccion' and r.estado = 'final') as reemplazado_en,
      ms.apellidos || ', ' || ms.nombres as solicitante_nombre, ms.correo as solicitante_correo
    from atenciones a join informes i on i.atencion_id = a.id
      join modalidades m on m.valor = a.modalidad
      left join medicos_solicitantes ms on ms.id = a.solicitante_id
    where a.paciente_id = ${pacienteId} and i.estado = 'final' and i.pdf is not null
    union all
    select 'resultados', h.id, null, null, h.version, h.parcial, h.creado_en,
      (select min(n.creado_en) from hojas_resultados n
        where n.atencion_id = h.atencion_id and n.version > h.version),
      ms.apellidos || ', ' || ms.nombres, ms.correo
    from atenciones a join hojas_resultados h on h.atencion_id = a.id
      left join medicos_solicitantes ms on ms.id = a.solicitante_id
    where a.paciente_id = ${pacienteId}
    order by emitido_en desc, id desc`

/** The rows of documentosFirmadosSql with each one's title. */
export const titulados = (filas: readonly Fila[]): DocumentoFirmado[] =>
  filas.map(({ modalidad, tipoInforme, solicitanteNombre, solicitanteCorreo, ...d }) => ({
    ...d,
    solicitante: solicitanteNombre
      ? { nombre: solicitanteNombre, correo: solicitanteCorreo }
      : null,
    titulo:
      d.tipo === 'resultados' ? V.resultados : TITULO[tipoInforme ?? 'original'](modalidad ?? ''),
  }))

/** One signed document of the patient: its atención and when it was signed; or none. */
export async function documentoDePaciente(
  sql: Sql,
  pacienteId: number,
  documento: DocumentoFirmado['tipo'],
  documentoId: number,
): Promise<{ atencionId: number; firmadoEn: Date } | undefined> {
  const [doc] =
    documento === 'informe'
      ? await sql<{ atencionId: number; firmadoEn: Date }[]>`
          select i.atencion_id, i.firmado_en from informes i
            join atenciones a on a.id = i.atencion_id
          where i.id = ${documentoId} and a.paciente_id = ${pacienteId}
            and i.estado = 'final' and i.pdf is not null`
      : await sql<{ atencionId: number; firmadoEn: Date }[]>`
          select h.atencion_id, h.creado_en as firmado_en from hojas_resultados h
            join atenciones a on a.id = h.atencion_id
          where h.id = ${documentoId} and a.paciente_id = ${pacienteId}`
  return doc
}

/** The rows of documentosFirmadosSql as the desk's answers carry them (shared/correos.ts). */
export const documentosParaRespuesta = (filas: readonly Fila[]) =>
  titulados(filas).map((d) => ({
    ...d,
    emitidoEn: d.emitidoEn.toISOString(),
    reemplazadoEn: d.reemplazadoEn?.toISOString() ?? null,
  }))
