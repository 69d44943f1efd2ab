import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sexo } from '../../shared/catalogos.js'
import { bandera, calcular, rangoPara, type Analito } from '../../shared/laboratorio.js'
import { catalogoLaboratorio } from '../queries/laboratorio.js'
import { createTestDatabase, vaciar, type TestDatabase } from '../test/database.js'
import { cargarDatos } from './cargar.js'
import { cargarDemo } from './demo.js'
import { completarLaboratorio } from './laboratorio-carga.js'

const TZ = 'America/Lima'
// A Wednesday at 15:30 in Lima: the day's lab has work in hand.
const AHORA = new Date('2025-06-18T20:30:00Z')

let db: TestDatabase
let porId: Map<number, Analito>
beforeAll(async () => {
  db = await createTestDatabase()
  porId = new Map((await catalogoLaboratorio(db.sql)).analitos.map((a) => [a.id, a]))
})
afterAll(async () => {
  await db?.drop()
})

interface Cuentas {
  lab: number
  atenciones: number
  informados: number
  informadosCompletos: number
  conResultados: number
  validados: number
  ingresados: number
  muestrasRecibidas: number
  muestrasPendientes: number
}

const cuentas = async (): Promise<Cuentas> => {
  const [f] = await db.sql<Cuentas[]>`
    with esperados as (
      -- Each analito of each of the atención's exams.
      select a.id, count(m.analito_id)::int as analitos
      from atenciones a
      join estudios e on e.modalidad = 'LAB' and e.nombre = any (a.estudios)
      join examen_analitos m on m.estudio_id = e.id
      where a.modalidad = 'LAB'
      group by a.id)
    select
      (select count(*)::int from atenciones where modalidad = 'LAB') as lab,
      (select count(*)::int from atenciones) as atenciones,
      (select count(*)::int from atenciones where modalidad = 'LAB' and estado = 'Informado')
        as informados,
      (select count(*)::int from atenciones a join esperados x on x.id = a.id
        where a.estado = 'Informado'
          and x.analitos = (select count(*) from resultados r where r.atencion_id = a.id
            and r.estado = 'validado' and r.importado and r.validado_por is null
            and r.validador_colegiatura ~ '^C[A-Z]+ [0-9]+'
            and r.validado_en = a.actualizado_en and r.ingresado_en <= r.validado_en)
          and not exists (select 1 from muestras m where m.atencion_id = a.id
            and (m.estado <> 'recibida' or not m.importada))) as informados_completos,
      (select count(distinct atencion_id)::int from resultados) as con_resultados,
      (select count(*)::int from resultados where estado = 'validado') as validados,
      (select count(*)::int from resultados where estado = 'ingresado') as ingresados,
      (select count(*)::int from muestras where estado = 'recibida') as muestras_recibidas,
      (select count(*)::int from muestras where estado = 'pendiente') as muestras_pendientes`
  return f!
}

describe('npm run seed escribe el trabajo del laboratorio', () => {
  let hecho: Awaited<ReturnType<typeof cargarDatos>>
  beforeAll(async () => {
    hecho = await cargarDatos(db.sql, {
      pacientes: 1500,
      tz: TZ,
      semilla: 5,
      lote: 400,
      ahora: AHORA,
    })
  })

  it('cada atención de laboratorio Informado tiene sus muestras recibidas y cada analito validado', async () => {
    const c = await cuentas()
    expect(c.informados).toBeGreaterThan(500)
    expect(c.informadosCompletos).toBe(c.informados)
    expect(hecho.resultados).toBe(c.validados + c.ingresados)
    expect(hecho.muestras).toBe(c.muestrasRecibidas + c.muestrasPendientes)
    // The laboratory is about a third of the atenciones; what it finished has its results.
    expect(c.lab / c.atenciones).toBeGreaterThan(0.22)
    expect(c.lab / c.atenciones).toBeLessThan(0.4)
    expect(c.conResultados / c.atenciones).toBeGreaterThan(0.2)
    expect(c.conResultados / c.lab).toBeGreaterThan(c.informados / c.lab)
  })

  it('guarda el valor con el rango del paciente el día de la atención y la bandera de ese valor', async () => {
    const filas = await db.sql<
      {
        atencionId: number
        analitoId: number
        valorNumero: string | null
        normalMin: string | null
        normalMax: string | null
        criticoMin: string | null
        criticoMax: string | null
        bandera: string | null
        unidad: string | null
        sexo: Sexo
        fechaNacimiento: string
        dia: string
      }[]
    >`
      select r.atencion_id, r.analito_id, r.valor_numero, r.normal_min, r.normal_max,
        r.critico_min, r.critico_max, r.bandera, r.unidad, p.sexo, p.fecha_nacimiento,
        to_char(a.llegada at time zone ${TZ}, 'YYYY-MM-DD') as dia
      from resultados r join atenciones a on a.id = r.atencion_id
      join pacientes p on p.id = a.paciente_id`
    expect(filas.length).toBeGreaterThan(10_000)
    const n = (x: string | null) => (x === null ? null : Number(x))
    const valores = new Map<number, Record<string, number | null>>()
    for (const f of filas) {
      const a = porId.get(f.analitoId)!
      expect(f.unidad).toBe(a.unidad)
      const rango =
        a.tipo === 'numero' ? rangoPara(a.rangos, f.sexo, f.fechaNacimiento, f.dia) : null
      const limites = {
        normalMin: n(f.normalMin),
        normalMax: n(f.normalMax),
        criticoMin: n(f.criticoMin),
        criticoMax: n(f.criticoMax),
      }
      expect(limites).toEqual({
        normalMin: rango?.normalMin ?? null,
        normalMax: rango?.normalMax ?? null,
        criticoMin: rango?.criticoMin ?? null,
        criticoMax: rango?.criticoMax ?? null,
      })
      expect(f.bandera).toBe(
        f.valorNumero === null ? null : bandera(Number(f.valorNumero), limites),
      )
      const v = valores.get(f.atencionId) ?? {}
      v[a.codigo] = n(f.valorNumero)
      valores.set(f.atencionId, v)
    }
    // Calculated analitos are the shared calculation of the stored values.
    let calculados = 0
    for (const f of filas) {
      const a = porId.get(f.analitoId)!
      if (!a.calculo) continue
      calculados++
      expect(n(f.valorNumero)).toBe(calcular(a, valores.get(f.atencionId)!))
    }
    expect(calculados).toBeGreaterThan(1000)
  })

  it('las atenciones abiertas tienen muestras y resultados por validar solo de lo recibido', async () => {
    const [f] = await db.sql<
      { malos: number; criticosSinAviso: number; abiertasValidadas: number }[]
    >`
      select
        (select count(*)::int from resultados r
          where r.estado = 'ingresado' and (r.importado or not exists (
            select 1 from muestras m where m.atencion_id = r.atencion_id and m.estado = 'recibida'
              and exists (select 1 from estudios e join examen_analitos x on x.estudio_id = e.id
                where e.modalidad = 'LAB' and e.nombre = any (m.estudios)
                  and x.analito_id = r.analito_id)))) as malos,
        (select count(*)::int from resultados r where r.estado = 'ingresado'
          and r.bandera in ('LL', 'HH')
          and not exists (select 1 from hallazgos_criticos h where h.resultado_id = r.id))
          as criticos_sin_aviso,
        (select count(*)::int from resultados r join atenciones a on a.id = r.atencion_id
          where a.estado <> 'Informado' and r.estado = 'validado') as abiertas_validadas`
    expect(f).toEqual({ malos: 0, criticosSinAviso: 0, abiertasValidadas: 0 })
  })

  it('completarLaboratorio escribe lo que falta en una base sembrada antes, sin repetir', async () => {
    const antes = await cuentas()
    await vaciar(db.sql, 'hallazgos_criticos, hojas_resultados, resultados, muestras')
    const hecho = await completarLaboratorio(db.sql, { tz: TZ, lote: 300, ahora: AHORA })
    const despues = await cuentas()
    expect(despues.informadosCompletos).toBe(antes.informados)
    expect(despues.validados).toBe(antes.validados)
    expect(hecho.resultados).toBe(despues.validados + despues.ingresados)
    expect(await completarLaboratorio(db.sql, { tz: TZ, ahora: AHORA })).toEqual({
      muestras: 0,
      resultados: 0,
    })
  })
})

describe('los datos de demostración', () => {
  it('dejan trabajo de hoy al laboratorio: muestras recibidas y resultados por validar', async () => {
    await vaciar(
      db.sql,
      'hallazgos_criticos, hojas_resultados, resultados, muestras, atenciones, pacientes restart identity cascade',
    )
    await cargarDemo(db.sql, TZ, AHORA)
    const [f] = await db.sql<{ abiertas: number; recibidas: number; ingresados: number }[]>`
      select count(distinct a.id)::int as abiertas,
        count(distinct m.id) filter (where m.estado = 'recibida')::int as recibidas,
        count(distinct r.id) filter (where r.estado = 'ingresado')::int as ingresados
      from atenciones a
      left join muestras m on m.atencion_id = a.id
      left join resultados r on r.atencion_id = a.id
      where a.modalidad = 'LAB' and a.estado in ('En proceso', 'Completado')
        and (a.llegada at time zone ${TZ})::date = (${AHORA}::timestamptz at time zone ${TZ})::date`
    expect(f!.abiertas).toBeGreaterThan(0)
    expect(f!.recibidas).toBeGreaterThan(0)
    expect(f!.ingresados).toBeGreaterThan(0)
  })
})

describe('en la base embebida', () => {
  it('los datos de demostración escriben el mismo trabajo del laboratorio', async () => {
    const embebida = await createTestDatabase({ embedded: true })
    try {
      await cargarDemo(embebida.sql, TZ, AHORA)
      const [f] = await embebida.sql<
        { informados: number; completos: number; recibidas: number; ingresados: number }[]
      >`
        select count(*) filter (where a.estado = 'Informado')::int as informados,
          count(*) filter (where a.estado = 'Informado' and exists (
            select 1 from resultados r where r.atencion_id = a.id and r.importado)
            and not exists (select 1 from muestras m where m.atencion_id = a.id
              and m.estado <> 'recibida'))::int as completos,
          (select count(*)::int from muestras where estado = 'recibida') as recibidas,
          (select count(*)::int from resultados where estado = 'ingresado') as ingresados
        from atenciones a where a.modalidad = 'LAB'`
      expect(f!.informados).toBeGreaterThan(50)
      expect(f!.completos).toBe(f!.informados)
      expect(f!.recibidas).toBeGreaterThan(f!.informados)
      expect(f!.ingresados).toBeGreaterThan(0)
    } finally {
      await embebida.drop()
    }
    // PGlite loads the demo set single-threaded: well over the default on a busy machine.
  }, 120_000)
})
