// One analito across a day's LAB atenciones (GET /laboratorio/analitos/:id/resultados): those whose
// exams include it, by priority then arrival, each with its patient, whether its sample arrived,
// its current result, the patient's previous value and the atención's ETag. Read and recorded by
// one statement; the day's atenciones come from the modality-and-arrival index.
import type { Prioridad, Sexo } from '../../shared/catalogos.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import type { Sql } from '../db.js'
import { lecturaTrozo, type Evento } from './auditoria.js'
import type { Clave } from './clave.js'
import { paginaDelDia, type DiaLaboratorio } from './laboratorio-dia.js'
import {
  anteriorSql,
  etagSql,
  RESULTADO_DESDE,
  RESULTADO_VISTA_COLUMNAS,
  type AnteriorFila,
  type ResultadoVista,
} from './resultados.js'
import { consulta, crudo, t } from './trozo.js'

/** A row as row_to_json gives it: its timestamps as text. */
type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K]
}

/** The most patients one day's read is counted with. */
const LIMITE_LECTURA = 100_000

export interface PorAnalitoFila {
  atencionId: number
  pacienteId: number
  tipoDocumento: string
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
  sexo: Sexo
  fechaNacimiento: string
  prioridad: Prioridad
  llegada: Date
  muestraRecibida: boolean
  etag: string
  /** Where the next page starts (server/http/paginas.ts): arrival, the priority's rank, the id. */
  clave: Clave
  resultado: ResultadoVista | null
  anterior: Omit<AnteriorFila, 'analitoId'> | null
}

/**
 * The day `fecha` ('YYYY-MM-DD' at the clinic, `tz`) of analito `analitoId`, in `sede` when given.
 * Programado, Cancelado and No se presentó are left out: nothing is typed for them.
 */
export async function porAnalito(
  sql: Sql,
  analitoId: number,
  f: DiaLaboratorio,
  evento: Evento,
): Promise<PorAnalitoFila[]> {
  const filas = await consulta<
    (Omit<PorAnalitoFila, 'resultado' | 'anterior' | 'clave'> & {
      clave: string
      rango: number
      resultado: Json<ResultadoVista> | null
      anterior: Json<Omit<AnteriorFila, 'analitoId'>> | null
    })[]
  >(
    sql,
    t`
    with examenes as materialized (
      select coalesce(array_agg(e.nombre), '{}') as nombres
      from examen_analitos ea join estudios e on e.id = ea.estudio_id
      where ea.analito_id = ${analitoId} and e.modalidad = ${MODALIDAD_LABORATORIO}
    ),
    -- One page of the day's atenciones that ask for it (and one row more, to know whether
    -- another follows): only its rows get their patient, sample and ETag below.
    dia as materialized (
      ${paginaDelDia(f, crudo('and a.estudios && (select nombres from examenes)'))}
    ),
    filas as (
      select d.id as atencion_id, d.paciente_id, p.tipo_documento, p.documento, p.primer_nombre,
        p.segundo_nombre, p.primer_apellido, p.segundo_apellido, p.sexo,
        to_char(p.fecha_nacimiento, 'YYYY-MM-DD') as fecha_nacimiento, d.prioridad, d.llegada,
        d.rango, d.clave,
        exists (select 1 from muestras m where m.atencion_id = d.id and m.estado = 'recibida'
          and m.estudios && (select nombres from examenes)) as muestra_recibida,
        ${etagSql(crudo('d.id'))} as etag
      from dia d join pacientes p on p.id = d.paciente_id
    ),
    registro as (${lecturaTrozo(sql, evento, 'filas', LIMITE_LECTURA)})
    -- Each row's current result of the analito and the patient's previous value, in the same
    -- statement: one round trip for the page.
    select f.*,
      (select row_to_json(x) from (
        select ${crudo(RESULTADO_VISTA_COLUMNAS)} from ${crudo(RESULTADO_DESDE)}
        where r.analito_id = ${analitoId} and r.atencion_id = f.atencion_id
        order by r.version desc limit 1) x) as resultado,
      (select row_to_json(y) from (${anteriorSql(t`${analitoId}::int`, crudo('f.paciente_id'), crudo('f.llegada'), crudo('f.atencion_id'))}) y)
        as anterior
    from filas f order by f.rango, f.llegada, f.atencion_id`,
  )
  // Each field by name: a rest-and-spread copy of these rows cost more than the rest of the map
  // (docs/presupuestos.md#laboratorio).
  return filas.map((f) => {
    const r = f.resultado
    const p = f.anterior
    return {
      atencionId: f.atencionId,
      pacienteId: f.pacienteId,
      tipoDocumento: f.tipoDocumento,
      documento: f.documento,
      primerNombre: f.primerNombre,
      segundoNombre: f.segundoNombre,
      primerApellido: f.primerApellido,
      segundoApellido: f.segundoApellido,
      sexo: f.sexo,
      fechaNacimiento: f.fechaNacimiento,
      prioridad: f.prioridad,
      llegada: f.llegada,
      muestraRecibida: f.muestraRecibida,
      etag: f.etag,
      clave: [f.clave, f.rango, f.atencionId] as Clave,
      resultado: r && {
        id: r.id,
        version: r.version,
        motivo: r.motivo,
        valorNumero: r.valorNumero,
        valorTexto: r.valorTexto,
        bandera: r.bandera,
        estado: r.estado,
        ingresadoNombre: r.ingresadoNombre,
        ingresadoEn: new Date(r.ingresadoEn),
        validadoEn: r.validadoEn === null ? null : new Date(r.validadoEn),
        validadorNombre: r.validadorNombre,
        validadorColegiatura: r.validadorColegiatura,
        importado: r.importado,
        hallazgoId: r.hallazgoId,
        comunicadoEn: r.comunicadoEn === null ? null : new Date(r.comunicadoEn),
      },
      anterior: p && {
        atencionId: p.atencionId,
        valorNumero: p.valorNumero,
        valorTexto: p.valorTexto,
        validadoEn: new Date(p.validadoEn),
      },
    }
  })
}
