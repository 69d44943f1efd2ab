// The laboratory's work the seed writes for its LAB atenciones, in bulk (one unnest per table):
// an Informado one has its samples received and every analito of its exams validated, brought
// from the clinic's previous system (importado); one En proceso or Completado has some samples
// received and some results typed, waiting for validation. Values come from laboratorio.ts.
import type { Estado, Sexo } from '../../shared/catalogos.js'
import type { Bandera } from '../../shared/laboratorio.js'
import type { Sql } from '../db.js'
import { catalogoLaboratorio } from '../queries/laboratorio.js'
import { crearAleatorio, type Aleatorio } from './aleatorio.js'
import { catalogoSemilla, valoresExamen, type CatalogoSemilla } from './laboratorio.js'
import { crearVentana, type Ventana } from './ventana.js'

export const leerCatalogoSemilla = async (sql: Sql): Promise<CatalogoSemilla> =>
  catalogoSemilla(await catalogoLaboratorio(sql))

/** Who validated the seed's results: lab professionals of the clinic's previous system. */
const VALIDADORES = [
  ['Lic. T.M. Rosa Quispe Huamán', 'CTMP 10482'],
  ['Lic. T.M. Jorge Mamani Apaza', 'CTMP 12345'],
  ['Dra. Patricia Salazar Núñez', 'CMP 35120 RNE 19844'],
  ['Lic. T.M. Miguel Torres Ccama', 'CTMP 8815'],
] as const

export interface HechoLaboratorio {
  muestras: number
  resultados: number
}

interface AtencionLab {
  id: number
  estudios: string[]
  estado: Estado
  llegada: Date
  actualizadoEn: Date
  sexo: Sexo
  fechaNacimiento: string
}

/** How likely, on an atención still open, a sample is received and an exam's values typed. */
const ABIERTA = {
  'En proceso': { recibida: 0.6, tipeado: 0.4 },
  Completado: { recibida: 1, tipeado: 0.7 },
} as const

const ms = (d: number) => new Date(d).toISOString()

/**
 * Writes the samples and results of the LAB atenciones of `pacientes` that have no sample yet;
 * inside the caller's transaction.
 */
export async function insertarLaboratorio(
  sql: Sql,
  pacientes: readonly number[],
  r: Aleatorio,
  v: Ventana,
  cat: CatalogoSemilla,
): Promise<HechoLaboratorio> {
  if (pacientes.length === 0 || cat.size === 0) return { muestras: 0, resultados: 0 }
  const atenciones = await sql<AtencionLab[]>`
    select a.id, a.estudios, a.estado, a.llegada, a.actualizado_en, p.sexo, p.fecha_nacimiento
    from atenciones a join pacientes p on p.id = a.paciente_id
    where a.paciente_id = any (${pacientes}::int[]) and a.modalidad = 'LAB'
      and a.estado in ('Informado', 'En proceso', 'Completado')
      and not exists (select 1 from muestras m where m.atencion_id = a.id and m.estado <> 'rechazada')
    order by a.llegada, a.id`
  const m = { atencion: [] as number[], recipiente: [] as string[], muestra: [] as string[] }
  const mEstudios: string[] = []
  const mCreada: string[] = []
  const mRecibida: (string | null)[] = []
  const res = {
    atencion: [] as number[],
    analito: [] as number[],
    numero: [] as (number | null)[],
    texto: [] as (string | null)[],
    nmin: [] as (number | null)[],
    nmax: [] as (number | null)[],
    cmin: [] as (number | null)[],
    cmax: [] as (number | null)[],
    bandera: [] as (Bandera | null)[],
    ingresado: [] as string[],
    validado: [] as (string | null)[],
  }
  let criticosAbiertos = false

  for (const a of atenciones) {
    const llegada = a.llegada.getTime()
    const validada = a.estado === 'Informado'
    const abierta = validada ? null : ABIERTA[a.estado as keyof typeof ABIERTA]
    // Received a tenth of the way to the validation (or to now), typed half-way.
    const fin = validada ? a.actualizadoEn.getTime() : Math.max(llegada, v.ahora)
    const recibidaEn = ms(llegada + (fin - llegada) / 10)
    const ingresadoEn = ms(llegada + (fin - llegada) / 2)
    const examenes = a.estudios.flatMap((n) => cat.get(n) ?? [])
    // One tube per recipiente, holding the atención's studies drawn into it, in its order.
    const recibidos = new Set<string>()
    for (const recipiente of new Set(examenes.map((e) => e.recipiente))) {
      const suyos = examenes.filter((e) => e.recipiente === recipiente)
      const recibida = validada || r.si(abierta!.recibida)
      if (recibida) recibidos.add(recipiente)
      m.atencion.push(a.id)
      m.recipiente.push(recipiente)
      m.muestra.push(suyos[0]!.muestra)
      mEstudios.push(suyos.map((e) => e.nombre).join('|'))
      mCreada.push(ms(llegada))
      mRecibida.push(recibida ? recibidaEn : null)
    }
    const fecha = v.fechaLocal(llegada)
    for (const e of examenes) {
      if (!recibidos.has(e.recipiente) || !(validada || r.si(abierta!.tipeado))) continue
      for (const x of valoresExamen(r, e, a, fecha)) {
        res.atencion.push(a.id)
        res.analito.push(x.analitoId)
        res.numero.push(x.numero)
        res.texto.push(x.texto)
        res.nmin.push(x.normalMin)
        res.nmax.push(x.normalMax)
        res.cmin.push(x.criticoMin)
        res.cmax.push(x.criticoMax)
        res.bandera.push(x.bandera)
        res.ingresado.push(ingresadoEn)
        res.validado.push(validada ? ms(fin) : null)
        if (!validada && (x.bandera === 'LL' || x.bandera === 'HH')) criticosAbiertos = true
      }
    }
  }

  if (m.atencion.length > 0)
    await sql`
      insert into muestras (atencion_id, recipiente, muestra, estudios, estado, creada_en,
        recibida_en, importada)
      select t.atencion_id, t.recipiente, t.muestra, string_to_array(t.estudios, '|'),
        case when t.recibida_en is null then 'pendiente' else 'recibida' end, t.creada_en,
        t.recibida_en, t.recibida_en is not null
      from unnest(${m.atencion}::int[], ${m.recipiente}::text[], ${m.muestra}::text[],
        ${mEstudios}::text[], ${mCreada}::timestamptz[], ${mRecibida}::timestamptz[])
        as t (atencion_id, recipiente, muestra, estudios, creada_en, recibida_en)`
  if (res.atencion.length > 0)
    await sql`
      insert into resultados (atencion_id, analito_id, valor_numero, valor_texto, unidad,
        normal_min, normal_max, critico_min, critico_max, bandera, estado, ingresado_en,
        validado_en, validador_nombre, validador_colegiatura, importado)
      select t.atencion_id, t.analito_id, t.numero, t.texto, a.unidad, t.nmin, t.nmax, t.cmin,
        t.cmax, t.bandera, case when t.validado_en is null then 'ingresado' else 'validado' end,
        t.ingresado_en, t.validado_en,
        case when t.validado_en is not null
          then (${VALIDADORES.map((x) => x[0])}::text[])[t.atencion_id % ${VALIDADORES.length} + 1] end,
        case when t.validado_en is not null
          then (${VALIDADORES.map((x) => x[1])}::text[])[t.atencion_id % ${VALIDADORES.length} + 1] end,
        t.validado_en is not null
      from unnest(${res.atencion}::int[], ${res.analito}::int[], ${res.numero}::numeric[],
        ${res.texto}::text[], ${res.nmin}::numeric[], ${res.nmax}::numeric[],
        ${res.cmin}::numeric[], ${res.cmax}::numeric[], ${res.bandera}::text[],
        ${res.ingresado}::timestamptz[], ${res.validado}::timestamptz[])
        as t (atencion_id, analito_id, numero, texto, nmin, nmax, cmin, cmax, bandera,
          ingresado_en, validado_en)
      join analitos a on a.id = t.analito_id`
  // A critical value typed and not validated waits for its call-back, as one typed in the grid.
  if (criticosAbiertos)
    await sql`
      insert into hallazgos_criticos (resultado_id, creado_en, valor_numero, valor_texto, bandera)
      select r.id, r.ingresado_en, r.valor_numero, r.valor_texto, r.bandera from resultados r
      where r.atencion_id = any (${[...new Set(res.atencion)]}::int[]) and r.estado = 'ingresado'
        and r.bandera in ('LL', 'HH')`
  return { muestras: m.atencion.length, resultados: res.atencion.length }
}

/**
 * Writes the laboratory's work of every LAB atención that has none yet, patient batch by patient
 * batch (each its own transaction): for a database seeded before the seed wrote it.
 */
export async function completarLaboratorio(
  sql: Sql,
  o: { tz: string; lote?: number; ahora?: Date; alAvanzar?: (hecho: HechoLaboratorio) => void },
): Promise<HechoLaboratorio> {
  const cat = await leerCatalogoSemilla(sql)
  const v = crearVentana(o.tz, o.ahora)
  const lote = Math.max(1, o.lote ?? 5000)
  const total: HechoLaboratorio = { muestras: 0, resultados: 0 }
  for (let desde = 0; ;) {
    const ids = (
      await sql<{ id: number }[]>`
        select id from pacientes where id > ${desde} order by id limit ${lote}`
    ).map((f) => f.id)
    if (ids.length === 0) break
    desde = ids[ids.length - 1]!
    const hecho = await sql.begin((tx) =>
      insertarLaboratorio(tx as unknown as Sql, ids, crearAleatorio(ids[0]!), v, cat),
    )
    total.muestras += hecho.muestras
    total.resultados += hecho.resultados
    o.alAvanzar?.({ ...total })
  }
  return total
}
