// The laboratory's day (GET /laboratorio/lista): the LAB atenciones that arrived on a clinic day,
// emergencies and urgent ones first, then by arrival, each with its samples by estado, how many of
// its exams' analitos are typed and validated, and its critical values still to be called back.
// Read and recorded by one statement; the day's atenciones come from the modality-and-arrival
// index, each one's samples from their index by atención and its results' counts from
// laboratorio_resumen (migration 0066), one row per atención; how many analitos it has, from the
// catalogue this server holds.
import type { Prioridad } from '../../shared/catalogos.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import type { FilaListaLaboratorio } from '../../shared/resultados.js'
import type { CatalogoLab } from '../catalogos.js'
import type { Sql } from '../db.js'
import { cuantosAnalitos } from '../laboratorio/examenes.js'
import { lecturaTrozo, type Evento } from './auditoria.js'
import type { Clave } from './clave.js'
import { paginaDelDia, type DiaLaboratorio } from './laboratorio-dia.js'
import { consulta, t } from './trozo.js'

/** The most patients one day's read is counted with. */
const LIMITE_LECTURA = 100_000

interface FilaBd {
  atencionId: number
  pacienteId: number
  tipoDocumento: string
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
  sede: string
  estado: string
  prioridad: Prioridad
  llegada: Date
  estudios: string[]
  conResultado: number[]
  pendientes: number
  recibidas: number
  rechazadas: number
  ingresados: number
  validados: number
  criticosPendientes: number
  /** The page's sort key: arrival as exact UTC text, then the priority's rank and the id. */
  clave: string
  rango: number
}

/** The key the next page starts after (server/http/paginas.ts). */
export const claveLista = (f: Pick<FilaBd, 'clave' | 'rango' | 'atencionId'>): Clave => [
  f.clave,
  f.rango,
  f.atencionId,
]

/**
 * The day `fecha` ('YYYY-MM-DD' at the clinic, `tz`), in `sede` when given. Programado, Cancelado
 * and No se presentó are left out: no sample is drawn for them. An analito counts once however many
 * of the atención's exams report it; an inactive one only where the atención has a result of it, as
 * the entry grid shows it. Typed and validated are read from each analito's current version.
 */
export async function listaLaboratorio(
  sql: Sql,
  lab: CatalogoLab,
  f: DiaLaboratorio,
  evento: Evento,
): Promise<(FilaListaLaboratorio & { clave: Clave })[]> {
  const filas = await consulta<FilaBd[]>(
    sql,
    t`
    with
    -- One page of the day (and one row more, to know whether another follows): only its rows
    -- are counted below.
    dia as materialized (${paginaDelDia(f)}),
    -- Critical values not yet called back are few in the whole clinic: read from their own
    -- partial index, not looked for among each atención's results.
    criticos as (
      select r.atencion_id, count(*)::int as n
      from hallazgos_criticos h join resultados r on r.id = h.resultado_id
      where h.comunicado_en is null and h.resultado_id is not null
      group by r.atencion_id
    ),
    filas as (
      select d.id as atencion_id, d.paciente_id, p.tipo_documento, p.documento, p.primer_nombre,
        p.segundo_nombre, p.primer_apellido, p.segundo_apellido, d.sede, d.estado, d.prioridad,
        d.llegada, d.estudios, d.rango, d.clave, m.pendientes, m.recibidas, m.rechazadas,
        coalesce(s.analitos, '{}') as con_resultado, coalesce(s.ingresados, 0) as ingresados,
        coalesce(s.validados, 0) as validados, coalesce(c.n, 0) as criticos_pendientes
      from dia d join pacientes p on p.id = d.paciente_id
        cross join lateral (
          select count(*) filter (where m.estado = 'pendiente')::int as pendientes,
            count(*) filter (where m.estado = 'recibida')::int as recibidas,
            count(*) filter (where m.estado = 'rechazada')::int as rechazadas
          from muestras m where m.atencion_id = d.id
        ) m
        left join laboratorio_resumen s on s.atencion_id = d.id
        left join criticos c on c.atencion_id = d.id
    ),
    registro as (${lecturaTrozo(sql, evento, 'filas', LIMITE_LECTURA)})
    select * from filas order by rango, llegada, atencion_id`,
  )
  return filas.map((r) => ({
    atencionId: r.atencionId,
    pacienteId: r.pacienteId,
    paciente: nombreCompleto(r),
    documento: `${r.tipoDocumento} ${r.documento}`,
    sede: r.sede,
    estado: r.estado,
    prioridad: r.prioridad,
    llegada: r.llegada.toISOString(),
    estudios: r.estudios,
    muestras: { pendientes: r.pendientes, recibidas: r.recibidas, rechazadas: r.rechazadas },
    analitos: {
      // The rows its entry grid shows.
      total: cuantosAnalitos(lab, r),
      ingresados: r.ingresados,
      validados: r.validados,
    },
    criticosPendientes: r.criticosPendientes,
    clave: claveLista(r),
  }))
}
