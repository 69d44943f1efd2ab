import { describe, expect, test } from 'vitest'
import { digitoVerificadorRuc, errorDocumento, normalizarDocumento } from './documento.js'

describe('RUC', () => {
  test('dígito verificador de RUC reales', () => {
    expect(digitoVerificadorRuc('2013131295')).toBe(5) // SUNAT
    expect(errorDocumento('ruc', '20131312955')).toBeNull()
    expect(errorDocumento('ruc', '20100070970')).toBeNull()
  })
  test('resto 10 y 11 dan 0 y 1', () => {
    // Search both remainders among nearby numbers so the rule is exercised, not assumed.
    const casos = Array.from({ length: 200 }, (_, i) => `10${String(40000000 + i)}`)
    const resto = (s: string) =>
      11 - ([5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((a, w, i) => a + w * Number(s[i]), 0) % 11)
    const diez = casos.find((s) => resto(s) === 10)!
    const once = casos.find((s) => resto(s) === 11)!
    expect(digitoVerificadorRuc(diez)).toBe(0)
    expect(digitoVerificadorRuc(once)).toBe(1)
    expect(errorDocumento('ruc', `${diez}0`)).toBeNull()
    expect(errorDocumento('ruc', `${once}1`)).toBeNull()
  })
  test('RUC mal formado', () => {
    expect(errorDocumento('ruc', '20131312954')).toMatch(/dígito verificador/)
    expect(errorDocumento('ruc', '2013131295')).toBe('El RUC debe tener 11 dígitos')
    expect(errorDocumento('ruc', '3013131295X')).toBe('El RUC debe tener 11 dígitos')
    expect(errorDocumento('ruc', '30131312955')).toMatch(/empezar con/)
  })
})

describe('Carné de extranjería y CPP (PTP): 9 dígitos', () => {
  test('los de Migraciones', () => {
    expect(errorDocumento('ce', '001234567')).toBeNull()
    expect(errorDocumento('cpp', '123 456 789')).toBeNull()
    expect(errorDocumento('ce', '12345678')).toBe('El carné de extranjería tiene 9 dígitos')
    expect(errorDocumento('ce', 'A01234567')).toBe('El carné de extranjería tiene 9 dígitos')
    expect(errorDocumento('cpp', '1234567890')).toBe('El CPP tiene 9 dígitos')
  })
})

describe('DNI, cédula y pasaporte', () => {
  test('DNI de 8 dígitos', () => {
    expect(errorDocumento('dni', '12345678')).toBeNull()
    expect(errorDocumento('dni', ' 1234 5678 ')).toBeNull()
    expect(errorDocumento('dni', '1234567')).toBe('El DNI debe tener 8 dígitos')
    expect(errorDocumento('dni', '1234567A')).toBe('El DNI debe tener 8 dígitos')
  })
  test('cédula y pasaporte: 6 a 12 letras o dígitos', () => {
    expect(errorDocumento('pasaporte', 'ab123456')).toBeNull()
    expect(errorDocumento('cedula', '123456')).toBeNull()
    expect(errorDocumento('cedula', '12345')).toMatch(/6 a 12/)
    expect(errorDocumento('pasaporte', 'AB12345678901')).toMatch(/6 a 12/)
    expect(errorDocumento('pasaporte', 'AB-12345')).toMatch(/6 a 12/)
  })
  test('se guarda sin espacios y en mayúsculas', () => {
    expect(normalizarDocumento(' ab 123456 ')).toBe('AB123456')
  })
})
