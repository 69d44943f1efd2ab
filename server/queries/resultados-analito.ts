// One analito across a day's LAB atenciones (GET /laboratorio/analitos/:id/resultados): those whose
// exams include it, by priority then arrival, each with its patient, whether its sample arrived,
// its current result, the patient's previous value and the atención's ETag. Read and recorded by
// one statement; the day's atenciones come from the modality-and-arrival index.
import type { Prioridad, Sexo } from '../../shared/catalogos.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import type { Sql } from '../db.js'
import { insercionLectura, type Evento } from './auditoria.js'
import type { Clave } from './clave.js'
import { paginaDelDia, type DiaLaboratorio } from './laboratorio-dia.js'
import {
  anteriorSql,
  etagSql,
  RESULTADO_COLUMNAS,
  RESULTADO_DESDE,
  type AnteriorFila,
  type ResultadoFila,
} from './resultados.js'

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
  resultado: ResultadoFila | null
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
  const filas = await sql<
    (Omit<PorAnalitoFila, 'resultado' | 'anterior' | 'clave'> & {
      clave: string
      rango: number
    })[]
  >`
    with examenes as materialized (
      select coalesce(array_agg(e.nombre), '{}') as nombres
      from examen_analitos ea join estudios e on e.id = ea.estudio_id
      where ea.analito_id = ${analitoId} and e.modalidad = ${MODALIDAD_LABORATORIO}
    ),
    -- One page of the day's atenciones that ask for it (and one row more, to know whether
    -- another follows): only its rows get their patient, sample and ETag below.
    dia as materialized (
      ${paginaDelDia(sql, f, sql`and a.estudios && (select nombres from examenes)`)}
    ),
    filas as (
      select d.id as atencion_id, d.paciente_id, p.tipo_documento, p.documento, p.primer_nombre,
        p.segundo_nombre, p.primer_apellido, p.segundo_apellido, p.sexo,
        to_char(p.fecha_nacimiento, 'YYYY-MM-DD') as fecha_nacimiento, d.prioridad, d.llegada,
        d.rango, d.clave,
        exists (select 1 from muestras m where m.atencion_id = d.id and m.estado = 'recibida'
          and m.estudios && (select nombres from examenes)) as muestra_recibida,
        ${etagSql(sql, sql`d.id`)} as etag
      from dia d join pacientes p on p.id = d.paciente_id
    ),
    registro as (${insercionLectura(sql, evento, 'filas', LIMITE_LECTURA)})
    select * from filas order by rango, llegada, atencion_id`
  if (filas.length === 0) return []
  const atenciones = filas.map(({ clave, rango, ...a }) => ({
    ...a,
    clave: [clave, rango, a.atencionId] as Clave,
  }))
  const ids = atenciones.map((a) => a.atencionId)
  const [resultados, anteriores] = await Promise.all([
    sql<ResultadoFila[]>`
      select distinct on (r.atencion_id) ${sql.unsafe(RESULTADO_COLUMNAS)}
      from ${sql.unsafe(RESULTADO_DESDE)}
      where r.analito_id = ${analitoId} and r.atencion_id = any(${ids}::int[])
      order by r.atencion_id, r.version desc`,
    sql<(Omit<AnteriorFila, 'analitoId'> & { de: number })[]>`
      select x.de, p.*
      from unnest(${ids}::int[], ${atenciones.map((a) => a.pacienteId)}::int[],
        ${atenciones.map((a) => a.llegada.toISOString())}::timestamptz[]) x (de, paciente_id, llegada)
      cross join lateral (${anteriorSql(sql, sql`${analitoId}::int`, sql`x.paciente_id`, sql`x.llegada`, sql`x.de`)}) p`,
  ])
  const porAtencion = new Map(resultados.map((r) => [r.atencionId, r]))
  const previos = new Map(anteriores.map(({ de, ...p }) => [de, p]))
  return atenciones.map((a) => ({
    ...a,
    resultado: porAtencion.get(a.atencionId) ?? null,
    anterior: previos.get(a.atencionId) ?? null,
  }))
}
