// The laboratory's catalogue through the real app on PostgreSQL: the seeded catalogue is complete
// and consistent (every LAB study reports analitos from a container, every numeric analito has one
// range for each sex at every age from birth to 120 years, calculated ones name analitos that
// exist), the database refuses a range whose limits cross, and every role reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES } from '../../shared/permisos.js'
import type { Analito, CatalogoLaboratorio } from '../../shared/laboratorio.js'
import { createTestApp, type TestApp } from '../test/app.js'

let t: TestApp
let catalogo: CatalogoLaboratorio

beforeAll(async () => {
  t = await createTestApp()
  const res = await t.app.inject({ url: '/laboratorio/analitos', headers: t.headers })
  expect(res.statusCode, res.body).toBe(200)
  catalogo = res.json()
})
afterAll(() => t?.close())

const CIENTO_VEINTE_ANIOS = Math.ceil(120 * 365.25)
const analito = (codigo: string): Analito => {
  const a = catalogo.analitos.find((x) => x.codigo === codigo)
  if (!a) throw new Error(`sin analito ${codigo}`)
  return a
}

describe('el catálogo sembrado', () => {
  it('cada estudio de laboratorio tiene su recipiente y al menos un analito, en orden', async () => {
    const lab = await t.db.sql<{ codigo: string }[]>`
      select codigo from estudios where modalidad = 'LAB' order by orden`
    expect(lab.map((e) => e.codigo)).toEqual([
      'LAB-HEMOGRAMA',
      'LAB-GLUCOSA',
      'LAB-LIPIDOS',
      'LAB-CREATININA',
      'LAB-HEPATICO',
      'LAB-TSH',
      'LAB-ORINA',
    ])
    expect(catalogo.examenes.map((e) => e.codigo)).toEqual(lab.map((e) => e.codigo))
    const codigos = new Set(catalogo.analitos.map((a) => a.codigo))
    for (const e of catalogo.examenes) {
      expect(e.analitos.length, e.codigo).toBeGreaterThanOrEqual(1)
      expect(e.recipiente.length).toBeGreaterThan(0)
      for (const a of e.analitos) expect(codigos.has(a.codigo), a.codigo).toBe(true)
    }
    const hemograma = catalogo.examenes.find((e) => e.codigo === 'LAB-HEMOGRAMA')!
    expect(hemograma.recipiente).toContain('EDTA')
    expect(hemograma.analitos.length).toBeGreaterThanOrEqual(20)
    expect(catalogo.examenes.find((e) => e.codigo === 'LAB-LIPIDOS')!.analitos).toEqual(
      ['COL', 'HDL', 'TRI', 'LDL', 'VLDL', 'CASTELLI'].map((codigo) => ({ codigo, seccion: null })),
    )
    // Every analito is reported by some study.
    const usados = new Set(catalogo.examenes.flatMap((e) => e.analitos.map((a) => a.codigo)))
    expect([...codigos].filter((c) => !usados.has(c))).toEqual([])
  })

  it('los calculados nombran analitos numéricos que existen, en el examen que los informa', () => {
    const calculados = catalogo.analitos.filter((a) => a.calculo !== null)
    expect(calculados.map((a) => a.codigo).sort()).toEqual(
      ['BAS-A', 'BI', 'CASTELLI', 'EOS-A', 'GLOB', 'LDL', 'LIN-A', 'MON-A', 'NEU-A', 'VLDL'].sort(),
    )
    for (const a of calculados) {
      const examen = catalogo.examenes.find((e) => e.analitos.some((x) => x.codigo === a.codigo))!
      for (const c of a.calculadoDe!) {
        expect(analito(c).tipo, `${a.codigo} ← ${c}`).toBe('numero')
        expect(
          examen.analitos.some((x) => x.codigo === c),
          `${a.codigo} ← ${c}`,
        ).toBe(true)
      }
    }
    expect(analito('LDL').calculadoDe).toEqual(['COL', 'HDL', 'TRI'])
  })

  it('cada analito numérico tiene un solo rango por sexo a cada edad, de 0 a 120 años', () => {
    for (const a of catalogo.analitos) {
      if (a.tipo !== 'numero') {
        expect(a.rangos, a.codigo).toEqual([])
        expect(a.decimales).toBeNull()
        continue
      }
      for (const sexo of ['Femenino', 'Masculino'] as const) {
        const bandas = a.rangos
          .filter((r) => r.sexo === null || r.sexo === sexo)
          .sort((x, y) => x.edadDesdeDias - y.edadDesdeDias)
        let hasta = 0
        for (const b of bandas) {
          // Contiguous: each band starts where the previous ended, so none overlaps or leaves a gap.
          expect(b.edadDesdeDias, `${a.codigo} ${sexo}`).toBe(hasta)
          hasta = b.edadHastaDias ?? Infinity
        }
        expect(hasta, `${a.codigo} ${sexo}`).toBeGreaterThanOrEqual(CIENTO_VEINTE_ANIOS)
      }
    }
  })

  it('con límites críticos donde los laboratorios los usan', () => {
    const critico = (codigo: string) =>
      analito(codigo).rangos.every((r) => r.criticoMin !== null && r.criticoMax !== null)
    for (const c of ['GLU', 'HGB', 'PLT', 'LEU']) expect(critico(c), c).toBe(true)
    const adultaHgb = analito('HGB').rangos.find(
      (r) => r.sexo === 'Femenino' && r.edadHastaDias === null,
    )
    expect(adultaHgb).toEqual({
      sexo: 'Femenino',
      edadDesdeDias: 6575,
      edadHastaDias: null,
      normalMin: 12,
      normalMax: 16,
      criticoMin: 7,
      criticoMax: 20,
    })
  })

  it('las listas de la tira reactiva y los nombres con tilde', () => {
    expect(analito('OR-NIT').opciones).toEqual(['Negativo', 'Positivo'])
    expect(analito('OR-COLOR').opciones).toContain('Ámbar')
    expect(analito('HEM').nombre).toBe('Hematíes')
    expect(analito('CASTELLI').nombre).toBe('Índice de Castelli (CT/HDL)')
    expect(analito('OR-SED-HEM').tipo).toBe('texto')
  })
})

describe('la base', () => {
  it('rechaza un rango con el mínimo sobre el máximo, o un crítico dentro del normal', async () => {
    const [glucosa] = await t.db.sql<{ id: number }[]>`select id from analitos where codigo = 'GLU'`
    const id = glucosa!.id
    const insertar = (nmin: number, nmax: number, cmin: number | null) =>
      t.db.sql`insert into rangos_referencia (analito_id, edad_desde_dias, normal_min, normal_max,
        critico_min) values (${id}, 0, ${nmin}, ${nmax}, ${cmin})`
    await expect(insertar(110, 70, null)).rejects.toMatchObject({ code: '23514' })
    await expect(insertar(70, 110, 80)).rejects.toMatchObject({ code: '23514' })
    await expect(
      t.db.sql`insert into rangos_referencia (analito_id, edad_desde_dias, edad_hasta_dias,
        normal_max) values (${id}, 100, 100, 5)`,
    ).rejects.toMatchObject({ code: '23514' })
    await expect(
      t.db
        .sql`insert into analitos (codigo, nombre, tipo) values ('X-SIN', 'Sin decimales', 'numero')`,
    ).rejects.toMatchObject({ code: '23514' })
  })
})

describe('el permiso', () => {
  it('todo rol lo lee; sin sesión, 401', async () => {
    for (const rol of ROLES) {
      const res = await t.app.inject({ url: '/laboratorio/analitos', headers: await t.login(rol) })
      expect(res.statusCode, rol).toBe(200)
    }
    const sin = await t.app.inject({ url: '/laboratorio/analitos' })
    expect(sin.statusCode).toBe(401)
  })
})
