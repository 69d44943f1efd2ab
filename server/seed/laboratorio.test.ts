import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sexo } from '../../shared/catalogos.js'
import {
  bandera,
  calcular,
  rangoPara,
  type Analito,
  type CatalogoLaboratorio,
} from '../../shared/laboratorio.js'
import { catalogoLaboratorio } from '../queries/laboratorio.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { crearAleatorio } from './aleatorio.js'
import { catalogoSemilla, valoresExamen } from './laboratorio.js'

let db: TestDatabase
let catalogo: CatalogoLaboratorio
let porId: Map<number, Analito>
beforeAll(async () => {
  db = await createTestDatabase()
  catalogo = await catalogoLaboratorio(db.sql)
  porId = new Map(catalogo.analitos.map((a) => [a.id, a]))
})
afterAll(async () => {
  await db?.drop()
})

describe('valores de laboratorio generados', () => {
  const PACIENTES: { sexo: Sexo; fechaNacimiento: string }[] = [
    { sexo: 'Femenino', fechaNacimiento: '1985-03-02' },
    { sexo: 'Masculino', fechaNacimiento: '1950-11-30' },
    { sexo: 'Masculino', fechaNacimiento: '2025-06-01' },
    { sexo: 'Femenino', fechaNacimiento: '2019-01-15' },
    { sexo: 'Otro', fechaNacimiento: '2000-07-07' },
  ]
  const FECHA = '2025-06-18'

  it('se leen con el rango del paciente, su bandera y los calculados de shared/laboratorio', () => {
    const cat = catalogoSemilla(catalogo)
    const r = crearAleatorio(3)
    const banderas = new Map<string, number>()
    let numeros = 0
    for (let i = 0; i < 400; i++) {
      for (const p of PACIENTES) {
        for (const examen of cat.values()) {
          const valores = valoresExamen(r, examen, p, FECHA)
          expect(valores.map((v) => v.analitoId)).toEqual(examen.analitos.map((x) => x.analito.id))
          const porCodigo: Record<string, number | null> = {}
          for (const v of valores) porCodigo[porId.get(v.analitoId)!.codigo] = v.numero
          for (const v of valores) {
            const a = porId.get(v.analitoId)!
            const rango = rangoPara(a.rangos, p.sexo, p.fechaNacimiento, FECHA)
            if (a.tipo === 'numero') {
              expect(v.texto).toBeNull()
              expect({
                normalMin: v.normalMin,
                normalMax: v.normalMax,
                criticoMin: v.criticoMin,
                criticoMax: v.criticoMax,
              }).toEqual({
                normalMin: rango?.normalMin ?? null,
                normalMax: rango?.normalMax ?? null,
                criticoMin: rango?.criticoMin ?? null,
                criticoMax: rango?.criticoMax ?? null,
              })
              expect(v.bandera).toBe(v.numero === null ? null : bandera(v.numero, rango))
              if (a.calculo) expect(v.numero).toBe(calcular(a, porCodigo))
              else expect(v.numero).toBeGreaterThanOrEqual(0)
              if (v.numero !== null) numeros++
              banderas.set(v.bandera ?? '-', (banderas.get(v.bandera ?? '-') ?? 0) + 1)
            } else {
              expect(v.numero).toBeNull()
              expect(v.bandera).toBeNull()
              if (a.tipo === 'opciones') expect(a.opciones).toContain(v.texto)
              else expect(v.texto).toMatch(/\S/)
            }
          }
          // The differential adds up to 100; directa is part of total.
          if (examen.analitos.some((x) => x.analito.codigo === 'NEU-P')) {
            const suma = ['NEU-P', 'ABA-P', 'LIN-P', 'MON-P', 'EOS-P', 'BAS-P']
              .map((c) => porCodigo[c]!)
              .reduce((s, x) => s + x, 0)
            if (suma > 100.05)
              expect(porCodigo['NEU-P'] === 0 || porCodigo['LIN-P'] === 0).toBe(true)
            else expect(suma).toBeCloseTo(100, 5)
          }
          if (porCodigo.BT != null) expect(porCodigo.BD!).toBeLessThan(porCodigo.BT)
          if (porCodigo.PT != null) expect(porCodigo.ALB!).toBeLessThan(porCodigo.PT)
        }
      }
    }
    // Mostly within range, some high or low, very rarely critical.
    const parte = (b: string) => (banderas.get(b) ?? 0) / numeros
    expect(parte('-')).toBeGreaterThan(0.8)
    expect(parte('H') + parte('L')).toBeGreaterThan(0.05)
    expect(parte('H') + parte('L')).toBeLessThan(0.18)
    expect(parte('HH') + parte('LL')).toBeGreaterThan(0)
    expect(parte('HH') + parte('LL')).toBeLessThan(0.005)
  })

  it('la misma semilla da los mismos valores', () => {
    const cat = catalogoSemilla(catalogo)
    const examen = cat.get('Hemograma completo')!
    const una = valoresExamen(crearAleatorio(9), examen, PACIENTES[0]!, FECHA)
    const otra = valoresExamen(crearAleatorio(9), examen, PACIENTES[0]!, FECHA)
    expect(otra).toEqual(una)
  })
})
