// A patient's informes, for their page, and what the editor shows beside a study (its priors,
// phrases and viewer link). Each read of the patient's reports is recorded by the statement that
// reads them.
import type {
  ContextoInforme,
  InformePrevio,
  InformesAtencion,
} from '../../shared/informes-paciente.js'
import { PREVIOS_MAXIMO } from '../../shared/informes-paciente.js'
import { textoDe, type ContenidoInforme, type Informe } from '../../shared/informes.js'
import { urlVisor } from '../../shared/plantillas.js'
import type { Sql } from '../db.js'
import { insercionEventos, type Evento } from './auditoria.js'
import { numeroInforme, REEMPLAZADO_POR } from './informes.js'

interface VersionFila {
  atencionId: number
  llegada: Date
  sede: string
  modalidad: string
  estudios: string[]
  id: number
  version: number
  tipo: Informe['tipo']
  estado: Informe['estado']
  motivo: string | null
  firmanteNombre: string | null
  firmadoEn: Date | null
  reemplazadoPor: number | null
  importado: boolean
}

/**
 * Every atención of the patient with an informe, the latest first, each with its versions;
 * undefined when there is no such patient. An absorbed record's id reads the survivor's.
 */
export async function informesDePaciente(
  sql: Sql,
  pacienteId: number,
  evento: Evento,
): Promise<InformesAtencion[] | undefined> {
  const [paciente] = await sql<{ id: number }[]>`
    select coalesce(fusionado_en, id) as id from pacientes where id = ${pacienteId}`
  if (!paciente) return undefined
  const filas = await sql<VersionFila[]>`
    with filas as (
      select a.id as atencion_id, a.llegada, a.sede, a.modalidad, a.estudios, i.id, i.version,
        i.tipo, i.estado, i.motivo, i.firmante_nombre, i.firmado_en, i.importado,
        ${sql.unsafe(REEMPLAZADO_POR)} as reemplazado_por
      from atenciones a join informes i on i.atencion_id = a.id
      where a.paciente_id = ${paciente.id}
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select ${paciente.id}::bigint as paciente_id,
        jsonb_build_object('informes', (select count(*) from filas)) as detalle`,
    )})
    select * from filas order by llegada desc, atencion_id desc, version`
  const porAtencion = new Map<number, InformesAtencion>()
  for (const f of filas) {
    let a = porAtencion.get(f.atencionId)
    if (!a) {
      a = {
        atencionId: f.atencionId,
        llegada: f.llegada.toISOString(),
        sede: f.sede,
        modalidad: f.modalidad,
        estudios: f.estudios,
        versiones: [],
      }
      porAtencion.set(f.atencionId, a)
    }
    a.versiones.push({
      id: f.id,
      numero: numeroInforme(f.id),
      version: f.version,
      tipo: f.tipo,
      estado: f.estado,
      motivo: f.motivo,
      firmante: f.firmanteNombre,
      firmadoEn: f.firmadoEn?.toISOString() ?? null,
      reemplazadoPor: f.reemplazadoPor,
      importado: f.importado,
    })
  }
  return [...porAtencion.values()]
}

interface PrevioFila {
  informeId: number
  atencionId: number
  llegada: Date
  modalidad: string
  estudios: string[]
  tipo: Informe['tipo']
  firmanteNombre: string
  firmadoEn: Date
  importado: boolean
  contenido: ContenidoInforme
}

/**
 * What the editor shows beside informe `id`: the patient's other signed reports still in force
 * (same modality first, then the latest; read and recorded on the patient), the phrases of the
 * study's studies and the clinic's, and the study in the clinic's viewer. Undefined when there is
 * no such informe.
 */
export async function contextoInforme(
  sql: Sql,
  id: number,
  evento: Evento,
): Promise<ContextoInforme | undefined> {
  const [estudio] = await sql<
    {
      atencionId: number
      pacienteId: number
      modalidad: string
      estudios: string[]
      studyInstanceUid: string | null
      visorUrl: string | null
    }[]
  >`
    select a.id as atencion_id, a.paciente_id, a.modalidad, a.estudios, a.study_instance_uid,
      (select visor_url from clinica) as visor_url
    from informes i join atenciones a on a.id = i.atencion_id where i.id = ${id}`
  if (!estudio) return undefined
  const [previos, frases] = await Promise.all([
    sql<PrevioFila[]>`
      with filas as (
        select i.id as informe_id, a.id as atencion_id, a.llegada, a.modalidad, a.estudios, i.tipo,
          i.firmante_nombre, i.firmado_en, i.importado, i.contenido
        from atenciones a join informes i on i.atencion_id = a.id and i.estado = 'final'
        where a.paciente_id = ${estudio.pacienteId} and a.id <> ${estudio.atencionId}
          and ${sql.unsafe(REEMPLAZADO_POR)} is null
        order by a.modalidad = ${estudio.modalidad} desc, i.firmado_en desc, i.id desc
        limit ${PREVIOS_MAXIMO}
      ),
      registro as (${insercionEventos(
        sql,
        evento,
        sql`select ${estudio.pacienteId}::bigint as paciente_id,
          jsonb_build_object('informe', ${id}::int, 'previos', (select count(*) from filas)) as detalle`,
      )})
      select * from filas order by modalidad = ${estudio.modalidad} desc, firmado_en desc, informe_id desc`,
    sql<{ atajo: string; texto: string }[]>`
      select distinct on (f.atajo) f.atajo, f.texto
      from frases_informe f
      where f.estudio_id is null or f.estudio_id in (
        select e.id from estudios e
        where e.modalidad = ${estudio.modalidad} and e.nombre = any (${estudio.estudios}::text[]))
      order by f.atajo, f.estudio_id nulls last`,
  ])
  return {
    previos: previos.map((p): InformePrevio => ({
      informeId: p.informeId,
      numero: numeroInforme(p.informeId),
      atencionId: p.atencionId,
      llegada: p.llegada.toISOString(),
      modalidad: p.modalidad,
      estudios: p.estudios,
      tipo: p.tipo,
      firmante: p.firmanteNombre,
      firmadoEn: p.firmadoEn.toISOString(),
      importado: p.importado,
      conclusion: textoDe(p.tipo === 'adenda' ? p.contenido.adenda : p.contenido.conclusion),
    })),
    frases,
    visor:
      estudio.visorUrl &&
      urlVisor(estudio.visorUrl, {
        studyInstanceUid: estudio.studyInstanceUid,
        accessionNumber: String(estudio.atencionId),
      }),
  }
}
