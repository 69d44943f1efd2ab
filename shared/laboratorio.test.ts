// The laboratory's reading rules at every boundary: the band a sample is read against on the day a
// patient crosses it, the sex-specific band before the one for both, the flags at each limit, and
// each calculation with its rounding and the cases it does not apply.
import { describe, expect, it } from 'vitest'
import {
  bandera,
  calcular,
  castelli,
  diferencia,
  edadEnDias,
  ldlFriedewald,
  rangoPara,
  recuentoAbsoluto,
  redondear,
  vldl,
  type RangoReferencia,
} from './laboratorio.js'

const rango = (
  sexo: RangoReferencia['sexo'],
  edadDesdeDias: number,
  edadHastaDias: number | null,
  normalMin: number | null,
  normalMax: number | null,
  criticoMin: number | null = null,
  criticoMax: number | null = null,
): RangoReferencia => ({
  sexo,
  edadDesdeDias,
  edadHastaDias,
  normalMin,
  normalMax,
  criticoMin,
  criticoMax,
})

// Hemoglobin as seeded: children for both sexes, then by sex from 12 years (4383 days).
const NINO = rango(null, 366, 4383, 11, 14.5, 7, 20)
const MUJER = rango('Femenino', 4383, null, 12, 16, 7, 20)
const HOMBRE = rango('Masculino', 4383, null, 13.5, 17.5, 7, 20)
const LACTANTE = rango(null, 0, 366, 9.5, 13.5, 7, 20)
const HGB = [LACTANTE, NINO, MUJER, HOMBRE]

describe('edadEnDias', () => {
  it('cuenta los días del calendario, bisiestos incluidos', () => {
    expect(edadEnDias('2024-02-28', '2024-03-01')).toBe(2)
    expect(edadEnDias('2023-02-28', '2023-03-01')).toBe(1)
    expect(edadEnDias('2020-01-01', '2020-01-01')).toBe(0)
  })
  it('una muestra anterior al nacimiento cuenta 0 días; una fecha inválida, null', () => {
    expect(edadEnDias('2024-05-10', '2024-05-01')).toBe(0)
    expect(edadEnDias('2024-02-30', '2024-05-01')).toBeNull()
    expect(edadEnDias('2024-01-01', '01/05/2024')).toBeNull()
  })
})

describe('rangoPara', () => {
  it('el día en que el paciente cruza el límite de una banda ya lee la siguiente', () => {
    // 2012-01-01 + 4383 days = 2024-01-01 (12 × 365,25 días).
    expect(edadEnDias('2012-01-01', '2024-01-01')).toBe(4383)
    expect(rangoPara(HGB, 'Femenino', '2012-01-01', '2023-12-31')).toBe(NINO)
    expect(rangoPara(HGB, 'Femenino', '2012-01-01', '2024-01-01')).toBe(MUJER)
    expect(rangoPara(HGB, 'Masculino', '2012-01-01', '2024-01-01')).toBe(HOMBRE)
  })
  it('el primer día de vida y el día 366 (un año cumplido)', () => {
    expect(rangoPara(HGB, 'Masculino', '2024-03-01', '2024-03-01')).toBe(LACTANTE)
    expect(rangoPara(HGB, 'Masculino', '2024-03-01', '2025-03-01')).toBe(LACTANTE) // 365 días
    expect(rangoPara(HGB, 'Masculino', '2024-03-01', '2025-03-02')).toBe(NINO) // 366 días
  })
  it('la banda del sexo del paciente antes que la de ambos sexos', () => {
    const ambos = rango(null, 0, null, 1, 2)
    const mujer = rango('Femenino', 0, null, 3, 4)
    expect(rangoPara([ambos, mujer], 'Femenino', '1980-01-01', '2024-01-01')).toBe(mujer)
    expect(rangoPara([ambos, mujer], 'Masculino', '1980-01-01', '2024-01-01')).toBe(ambos)
  })
  it('«Otro» lee solo las bandas de ambos sexos', () => {
    expect(rangoPara(HGB, 'Otro', '2015-01-01', '2020-01-01')).toBe(NINO)
    expect(rangoPara(HGB, 'Otro', '1980-01-01', '2024-01-01')).toBeNull()
  })
  it('sin banda para la edad, o con una fecha inválida, no hay rango', () => {
    const adultos = [rango(null, 6575, null, 1, 2)]
    expect(rangoPara(adultos, 'Femenino', '2020-01-01', '2024-01-01')).toBeNull()
    expect(rangoPara(HGB, 'Femenino', 'no-es-fecha', '2024-01-01')).toBeNull()
    expect(rangoPara([], 'Femenino', '1980-01-01', '2024-01-01')).toBeNull()
  })
  it('una banda con fin termina el día anterior a su límite superior', () => {
    const banda = rango(null, 0, 31, 50, 90)
    expect(rangoPara([banda], 'Femenino', '2024-01-01', '2024-01-31')).toBe(banda) // día 30
    expect(rangoPara([banda], 'Femenino', '2024-01-01', '2024-02-01')).toBeNull() // día 31
  })
})

describe('bandera', () => {
  const glucosa = rango(null, 0, null, 70, 100, 40, 400)
  it('los límites mismos están dentro de su rango', () => {
    expect(bandera(70, glucosa)).toBeNull()
    expect(bandera(100, glucosa)).toBeNull()
    expect(bandera(40, glucosa)).toBe('L')
    expect(bandera(400, glucosa)).toBe('H')
  })
  it('L y H fuera del normal, LL y HH fuera del crítico', () => {
    expect(bandera(69.9, glucosa)).toBe('L')
    expect(bandera(100.1, glucosa)).toBe('H')
    expect(bandera(39.9, glucosa)).toBe('LL')
    expect(bandera(400.1, glucosa)).toBe('HH')
    expect(bandera(0, glucosa)).toBe('LL')
  })
  it('sin límite de un lado, ese lado no marca', () => {
    const hdl = rango(null, 0, null, 40, null)
    expect(bandera(39, hdl)).toBe('L')
    expect(bandera(300, hdl)).toBeNull()
    const colesterol = rango(null, 0, null, null, 200)
    expect(bandera(0, colesterol)).toBeNull()
    expect(bandera(201, colesterol)).toBe('H')
    const neutrofilos = rango(null, 0, null, 1.8, 7.7, 0.5, null)
    expect(bandera(0.49, neutrofilos)).toBe('LL')
    expect(bandera(50, neutrofilos)).toBe('H')
  })
  it('sin rango o con un valor que no es número, sin bandera', () => {
    expect(bandera(5, null)).toBeNull()
    expect(bandera(Number.NaN, glucosa)).toBeNull()
  })
})

describe('redondear', () => {
  it('al número de decimales, las mitades lejos del cero', () => {
    expect(redondear(1.005, 2)).toBe(1.01)
    expect(redondear(2.45, 1)).toBe(2.5)
    expect(redondear(-2.45, 1)).toBe(-2.5)
    expect(redondear(2.449, 1)).toBe(2.4)
    expect(redondear(129.5, 0)).toBe(130)
    expect(redondear(0.1 + 0.2, 2)).toBe(0.3)
    expect(redondear(1e-7, 2)).toBe(0)
  })
})

describe('cálculos', () => {
  it('LDL de Friedewald: CT − HDL − TG/5 mientras TG < 400', () => {
    expect(ldlFriedewald(200, 50, 150)).toBe(120)
    expect(ldlFriedewald(200, 45, 152)).toBe(125) // 124,6
    expect(ldlFriedewald(200, 50, 399)).toBe(70) // 70,2
    expect(ldlFriedewald(200, 50, 400)).toBeNull()
    expect(ldlFriedewald(200, 50, 650)).toBeNull()
    expect(ldlFriedewald(60, 55, 100)).toBeNull() // negativo
  })
  it('VLDL = TG/5', () => {
    expect(vldl(150)).toBe(30)
    expect(vldl(152)).toBe(30) // 30,4
    expect(vldl(153)).toBe(31) // 30,6
    expect(vldl(152, 1)).toBe(30.4)
  })
  it('índice de Castelli = CT/HDL, a un decimal', () => {
    expect(castelli(200, 50)).toBe(4)
    expect(castelli(200, 45)).toBe(4.4) // 4,44
    expect(castelli(205, 50)).toBe(4.1)
    expect(castelli(200, 0)).toBeNull()
  })
  it('recuento absoluto = leucocitos × % / 100', () => {
    expect(recuentoAbsoluto(7.5, 60)).toBe(4.5)
    expect(recuentoAbsoluto(6.35, 33.3)).toBe(2.11) // 2,11455
    expect(recuentoAbsoluto(10, 0)).toBe(0)
  })
  it('diferencia: bilirrubina indirecta y globulinas', () => {
    expect(diferencia(1.2, 0.3, 2)).toBe(0.9)
    expect(diferencia(7.2, 4.1, 1)).toBe(3.1)
    expect(diferencia(0.2, 0.3, 2)).toBeNull()
  })
  it('calcular toma los operandos por código y redondea a los decimales del analito', () => {
    const ldl = {
      calculo: 'ldl_friedewald' as const,
      calculadoDe: ['COL', 'HDL', 'TRI'],
      decimales: 0,
    }
    expect(calcular(ldl, { COL: 200, HDL: 45, TRI: 152 })).toBe(125)
    expect(calcular(ldl, { COL: 200, HDL: 45, TRI: 400 })).toBeNull()
    expect(calcular(ldl, { COL: 200, HDL: null, TRI: 100 })).toBeNull()
    expect(calcular(ldl, { COL: 200, TRI: 100 })).toBeNull()
    const neu = {
      calculo: 'recuento_absoluto' as const,
      calculadoDe: ['LEU', 'NEU-P'],
      decimales: 2,
    }
    expect(calcular(neu, { LEU: 6.35, 'NEU-P': 33.3 })).toBe(2.11)
    const cast = { calculo: 'castelli' as const, calculadoDe: ['COL', 'HDL'], decimales: 1 }
    expect(calcular(cast, { COL: 200, HDL: 45 })).toBe(4.4)
    const v = { calculo: 'vldl' as const, calculadoDe: ['TRI'], decimales: 0 }
    expect(calcular(v, { TRI: 153 })).toBe(31)
    const bi = { calculo: 'diferencia' as const, calculadoDe: ['BT', 'BD'], decimales: 2 }
    expect(calcular(bi, { BT: 1.2, BD: 0.25 })).toBe(0.95)
    expect(calcular({ calculo: null, calculadoDe: null, decimales: 1 }, { A: 1 })).toBeNull()
  })
})
