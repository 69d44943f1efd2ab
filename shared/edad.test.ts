import { describe, expect, test } from 'vitest'
import {
  calcularEdad,
  diaJuliano,
  edadDetallada,
  edadTexto,
  esFechaValida,
  fechaEnZona,
  horaEnZona,
  hoyEn,
} from './edad.js'

describe('calcularEdad (años de 365,25 días)', () => {
  test('cumpleaños múltiplo de cuatro: cumple ese mismo día', () => {
    expect(calcularEdad('2000-03-10', '2024-03-09')).toBe(23)
    expect(calcularEdad('2000-03-10', '2024-03-10')).toBe(24)
  })
  // The age rule these cases check is written down in docs/datos.md#edad.
  test('primer cumpleaños: 365 días no llegan a 365,25, cuenta al día siguiente (docs/datos.md#edad)', () => {
    expect(calcularEdad('2022-03-10', '2023-03-10')).toBe(0)
    expect(calcularEdad('2022-03-10', '2023-03-11')).toBe(1)
    // With a leap day in between the year has 366 days and counts on the birthday.
    expect(calcularEdad('2023-03-10', '2024-03-10')).toBe(1)
  })
  test('nacido un 29 de febrero', () => {
    expect(calcularEdad('2000-02-29', '2004-02-28')).toBe(3)
    expect(calcularEdad('2000-02-29', '2004-02-29')).toBe(4)
    expect(calcularEdad('2000-02-29', '2001-03-01')).toBe(1)
  })
  test('recién nacido y centenario', () => {
    expect(calcularEdad('2025-06-01', '2025-06-01')).toBe(0)
    expect(calcularEdad('1925-06-01', '2025-05-31')).toBe(99)
    expect(calcularEdad('1925-06-01', '2025-06-01')).toBe(100)
    expect(calcularEdad('1924-06-01', '2025-06-01')).toBe(100)
    expect(calcularEdad('1924-06-01', '2025-06-02')).toBe(101)
  })
  test('fecha inválida: null; nacimiento posterior: 0', () => {
    expect(calcularEdad('2023-02-30', '2024-01-01')).toBeNull()
    expect(calcularEdad('ayer', '2024-01-01')).toBeNull()
    expect(calcularEdad('2025-01-02', '2025-01-01')).toBe(0)
  })
})

describe('edadDetallada para lactantes', () => {
  test('días, meses y años', () => {
    expect(edadDetallada('2025-06-01', '2025-06-01')).toEqual({ tipoEdad: 'días', edad: 0 })
    expect(edadDetallada('2025-06-01', '2025-06-20')).toEqual({ tipoEdad: 'días', edad: 19 })
    expect(edadDetallada('2025-06-01', '2025-07-02')).toEqual({ tipoEdad: 'meses', edad: 1 })
    expect(edadDetallada('2025-01-01', '2025-12-31')).toEqual({ tipoEdad: 'meses', edad: 11 })
    expect(edadDetallada('2024-01-01', '2025-01-02')).toEqual({ tipoEdad: 'años', edad: 1 })
    expect(edadDetallada('1990-05-05', '2025-05-06')).toEqual({ tipoEdad: 'años', edad: 35 })
  })
})

describe('fechas reales y zona horaria', () => {
  test('diaJuliano rechaza fechas que no existen', () => {
    expect(diaJuliano('1970-01-02')).toBe(1)
    expect(esFechaValida('2024-02-29')).toBe(true)
    expect(esFechaValida('2023-02-29')).toBe(false)
    expect(esFechaValida('2024-13-01')).toBe(false)
    expect(esFechaValida('2024-1-01')).toBe(false)
  })
  test('la fecha de hoy es la de la clínica, no la de UTC', () => {
    // 03:30 UTC on 1 March is still 28 February in Lima (UTC-5).
    const instante = new Date('2024-03-01T03:30:00Z')
    expect(fechaEnZona(instante, 'UTC')).toBe('2024-03-01')
    expect(hoyEn('America/Lima', instante)).toBe('2024-02-29')
    expect(horaEnZona(instante, 'America/Lima')).toBe('22:30')
    expect(horaEnZona(new Date('2024-03-01T05:05:00Z'), 'America/Lima')).toBe('00:05')
  })
  test('la edad cambia a medianoche de Lima', () => {
    const antes = hoyEn('America/Lima', new Date('2024-03-10T04:59:00Z'))
    const despues = hoyEn('America/Lima', new Date('2024-03-10T05:00:00Z'))
    expect(calcularEdad('2000-03-10', antes)).toBe(23)
    expect(calcularEdad('2000-03-10', despues)).toBe(24)
  })
})

describe('edadTexto (como se lee en pantallas, tickets y exportaciones)', () => {
  test('años, meses y días, en singular cuando es uno', () => {
    expect(edadTexto({ tipoEdad: 'años', edad: 34 })).toBe('34 años')
    expect(edadTexto({ tipoEdad: 'años', edad: 1 })).toBe('1 año')
    expect(edadTexto({ tipoEdad: 'meses', edad: 1 })).toBe('1 mes')
    expect(edadTexto({ tipoEdad: 'meses', edad: 11 })).toBe('11 meses')
    expect(edadTexto({ tipoEdad: 'días', edad: 1 })).toBe('1 día')
    expect(edadTexto({ tipoEdad: 'días', edad: 20 })).toBe('20 días')
  })
  test('un lactante nunca lee «0 años» ni «0 meses»', () => {
    for (let dias = 0; dias < 400; dias++) {
      const nacimiento = new Date(Date.UTC(2025, 0, 1) - dias * 86_400_000)
        .toISOString()
        .slice(0, 10)
      expect(edadTexto(edadDetallada(nacimiento, '2025-01-01')!)).not.toMatch(/^0 (años|meses)$/)
    }
  })
})
