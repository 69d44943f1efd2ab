// Bulk loading of generated patients and atenciones: one statement per column-array batch
// (unnest), never one request per row. Document numbers continue after the largest already stored.
import { POLITICA_PRIVACIDAD_VERSION, type TipoDocumento } from '../../shared/catalogos.js'
import { CAMPOS, campo } from '../../shared/paciente-campos.js'
import type { Sql } from '../db.js'
import { crearAleatorio, semillaNueva, type Aleatorio } from './aleatorio.js'
import {
  CONTADORES_INICIALES,
  Documentos,
  generarAtenciones,
  generarPaciente,
  type AtencionSemilla,
  type Contadores,
  type PacienteSemilla,
} from './generadores.js'
import type { CatalogoSemilla } from './laboratorio.js'
import { insertarLaboratorio, leerCatalogoSemilla } from './laboratorio-carga.js'
import { crearVentana, type Ventana } from './ventana.js'

export interface OpcionesCarga {
  pacientes: number
  tz: string
  /** Same seed, same people (the dates move with `ahora`). */
  semilla?: number
  /** Patients per statement. */
  lote?: number
  /** Batches in flight at once (1 on the embedded home: it has one connection). */
  paralelo?: number
  ahora?: Date
  alAvanzar?: (avance: { pacientes: number; atenciones: number }) => void
}

export interface ResultadoCarga extends Hecho {
  semilla: number
}

/** Rows a batch wrote. */
interface Hecho {
  pacientes: number
  atenciones: number
  muestras: number
  resultados: number
}

/** The last generated-style number of each document type already stored. */
export async function ultimosDocumentos(sql: Sql): Promise<Contadores> {
  const [f] = await sql<
    { dni: string | null; ruc: string | null; cedula: string | null; pasaporte: string | null }[]
  >`
    select
      max(documento::bigint) filter (where tipo_documento = 'dni' and documento ~ '^[0-9]{8}$') as dni,
      max(substr(documento, 3, 8)::bigint) filter (where tipo_documento = 'ruc' and documento ~ '^10[0-9]{9}$') as ruc,
      max(documento::bigint) filter (where tipo_documento = 'cedula' and documento ~ '^[0-9]{10}$') as cedula,
      max(documento collate "C") filter (where tipo_documento = 'pasaporte' and documento ~ '^[A-Z]{2}[0-9]{7}$') as pasaporte
    from pacientes`
  const pp = f?.pasaporte
  const pasaporte = pp
    ? ((pp.charCodeAt(0) - 65) * 26 + (pp.charCodeAt(1) - 65)) * 10_000_000 + Number(pp.slice(2))
    : CONTADORES_INICIALES.pasaporte
  return {
    dni: Math.max(Number(f?.dni ?? 0), CONTADORES_INICIALES.dni),
    ruc: Math.max(Number(f?.ruc ?? 0), CONTADORES_INICIALES.ruc),
    cedula: Math.max(Number(f?.cedula ?? 0), CONTADORES_INICIALES.cedula),
    pasaporte,
  }
}

const columna = <T, K extends keyof T>(filas: readonly T[], k: K): T[K][] => filas.map((f) => f[k])
const instantes = (fechas: readonly Date[]) => fechas.map((d) => d.toISOString())

/** Inserts the patients; answers the stored ones (a document taken meanwhile is skipped). */
async function insertarPacientes(sql: Sql, ps: readonly PacienteSemilla[]) {
  // One array per field (paciente-campos.ts), typed as its column.
  const arreglos = CAMPOS.map(
    (c) => sql`${columna(ps, c)}::${sql.unsafe(campo(c).regla === 'fecha' ? 'date' : 'text')}[]`,
  ).reduce((todos, a) => sql`${todos}, ${a}`)
  return sql<{ id: number; tipoDocumento: TipoDocumento; documento: string }[]>`
    insert into pacientes (${sql(CAMPOS)}, creado_en, politica_version, politica_aceptada_en)
    select t.*, ${POLITICA_PRIVACIDAD_VERSION}, t.creado
    from unnest(${arreglos}, ${instantes(columna(ps, 'creadoEn'))}::timestamptz[])
      as t (${sql(CAMPOS)}, creado)
    on conflict (tipo_documento, documento) do nothing
    returning id, tipo_documento, documento`
}

export async function insertarAtenciones(sql: Sql, as: readonly AtencionSemilla[]): Promise<void> {
  if (as.length === 0) return
  const c = <K extends keyof AtencionSemilla>(k: K) => columna(as, k)
  // A ragged text[][] cannot be unnested, so each list travels joined ('|' is in no catalogue name).
  const estudios = as.map((a) => a.estudios.join('|'))
  await sql`
    insert into atenciones (
      paciente_id, sede, modalidad, sala_id, estudios, estado, procedencia, prioridad, llegada, creado_en,
      actualizado_en
    )
    -- Registered at the desk: the first sala of the sede and modality, as if one were chosen.
    select t.paciente_id, t.sede, t.modalidad,
      (select s.id from salas s where s.sede = t.sede and s.modalidad = t.modalidad order by s.id limit 1),
      string_to_array(t.estudios, '|'), t.estado, t.procedencia, t.prioridad, t.llegada, t.creado_en,
      t.actualizado_en
    from unnest(
      ${c('pacienteId')}::int[], ${c('sede')}::text[], ${c('modalidad')}::text[], ${estudios}::text[],
      ${c('estado')}::text[], ${c('procedencia')}::text[], ${c('prioridad')}::text[],
      ${instantes(c('llegada'))}::timestamptz[], ${instantes(c('creadoEn'))}::timestamptz[],
      ${instantes(c('actualizadoEn'))}::timestamptz[]
    ) as t (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada, creado_en, actualizado_en)`
}

/** Who signed the seed's reports: médicos of the clinic's previous system, not accounts here. */
const RADIOLOGOS = [
  ['Dra. Carmen Rojas Villanueva', 'CMP 31245 RNE 18022'],
  ['Dr. Julio Cárdenas Paz', 'CMP 28810 RNE 15430'],
  ['Dra. Rosa Mendoza Aguilar', 'CMP 40112 RNE 22791'],
  ['Dr. Luis Huerta Salinas', 'CMP 36754 RNE 21877'],
] as const

/**
 * The report of each imaging atención of `pacientes` that is Informado: the template of its first
 * study, signed by one of RADIOLOGOS when the atención last changed, as a report brought from the
 * clinic's previous system (migration 0058: its text and signer, no PDF of ours). The laboratory's
 * results are validated, not reported.
 */
export async function insertarInformes(sql: Sql, pacientes: readonly number[]): Promise<void> {
  if (pacientes.length === 0) return
  await sql`
    insert into informes (atencion_id, version, tipo, estado, contenido, firmante_nombre,
      firmante_colegiatura, firmado_en, completado_en, importado, creado_en, actualizado_en)
    select a.id, 1, 'original', 'final',
      coalesce((select p.contenido from estudios e
        join plantillas_informe p on p.estudio_id = e.id
        where e.modalidad = a.modalidad and e.nombre = a.estudios[1]), '{}'::jsonb),
      (${RADIOLOGOS.map((m) => m[0])}::text[])[a.id % ${RADIOLOGOS.length} + 1],
      (${RADIOLOGOS.map((m) => m[1])}::text[])[a.id % ${RADIOLOGOS.length} + 1],
      a.actualizado_en,
      -- Completed a quarter of the way from arrival to the report.
      a.llegada + (a.actualizado_en - a.llegada) / 4,
      true, a.actualizado_en, a.actualizado_en
    from atenciones a
    where a.paciente_id = any (${pacientes}::int[]) and a.estado = 'Informado'
      and a.modalidad <> 'LAB'`
}

/**
 * Stores the patients and generates and stores the atenciones of those stored, the informes and
 * the laboratory's work of those done; inside a transaction.
 */
export async function guardarLote(
  tx: Sql,
  ps: readonly PacienteSemilla[],
  r: Aleatorio,
  ventana: Ventana,
  catalogo?: CatalogoSemilla,
): Promise<Hecho> {
  // In index order (registration time, arrival time): a batch then touches few index pages.
  const orden = [...ps].sort((a, b) => a.creadoEn.getTime() - b.creadoEn.getTime())
  const guardados = await insertarPacientes(tx, orden)
  const ids = new Map(guardados.map((g) => [`${g.tipoDocumento}:${g.documento}`, g.id]))
  const atenciones: AtencionSemilla[] = []
  for (const p of orden) {
    const id = ids.get(`${p.tipoDocumento}:${p.documento}`)
    if (id !== undefined)
      atenciones.push(
        ...generarAtenciones(
          r,
          { id, departamento: p.departamento, creadoEn: p.creadoEn },
          ventana,
        ),
      )
  }
  await insertarAtenciones(
    tx,
    atenciones.sort((a, b) => a.llegada.getTime() - b.llegada.getTime()),
  )
  const pacientes = guardados.map((g) => g.id)
  await insertarInformes(tx, pacientes)
  const lab = await insertarLaboratorio(
    tx,
    pacientes,
    r,
    ventana,
    catalogo ?? (await leerCatalogoSemilla(tx)),
  )
  return { pacientes: guardados.length, atenciones: atenciones.length, ...lab }
}

/** Loads `pacientes` generated patients with about three atenciones each, batch by batch. */
export async function cargarDatos(sql: Sql, o: OpcionesCarga): Promise<ResultadoCarga> {
  const semilla = o.semilla ?? semillaNueva()
  const r = crearAleatorio(semilla)
  const ventana = crearVentana(o.tz, o.ahora)
  const docs = new Documentos(await ultimosDocumentos(sql), o.pacientes)
  const lote = Math.max(1, o.lote ?? 5000)
  const paralelo = Math.max(1, o.paralelo ?? 1)
  const total: Hecho = { pacientes: 0, atenciones: 0, muestras: 0, resultados: 0 }
  const catalogo = await leerCatalogoSemilla(sql)

  // Each batch draws its atenciones from its own generator, so batches in flight stay reproducible.
  const cargarLote = (ps: PacienteSemilla[], indice: number) =>
    sql.begin(async (tx) => {
      const ra = crearAleatorio((semilla + Math.imul(indice + 1, 0x9e3779b9)) >>> 0)
      const hecho = await guardarLote(tx as unknown as Sql, ps, ra, ventana, catalogo)
      total.pacientes += hecho.pacientes
      total.atenciones += hecho.atenciones
      total.muestras += hecho.muestras
      total.resultados += hecho.resultados
      o.alAvanzar?.({ pacientes: total.pacientes, atenciones: total.atenciones })
    })

  const enCurso = new Set<Promise<unknown>>()
  let error: unknown
  for (
    let hechos = 0, indice = 0;
    hechos < o.pacientes && error === undefined;
    hechos += lote, indice++
  ) {
    const ps = Array.from({ length: Math.min(lote, o.pacientes - hechos) }, () =>
      generarPaciente(r, docs, ventana),
    )
    const p: Promise<unknown> = cargarLote(ps, indice).then(
      () => enCurso.delete(p),
      (err: unknown) => {
        error ??= err
        enCurso.delete(p)
      },
    )
    enCurso.add(p)
    if (enCurso.size >= paralelo) await Promise.race(enCurso)
  }
  await Promise.all(enCurso)
  if (error !== undefined) throw error
  // Fresh statistics, so the first searches after a large load are planned for its real size.
  await sql`analyze pacientes, atenciones, pacientes_sin_atencion, informes, muestras, resultados`
  return { ...total, semilla }
}
