import { describe, expect, test } from 'vitest'
import { domingoDePascua, feriadoNacional, feriadosNacionales } from './feriados.js'

describe('feriados nacionales del Perú', () => {
  test('domingo de Pascua, contra fechas conocidas', () => {
    expect(domingoDePascua(2000)).toBe('2000-04-23')
    expect(domingoDePascua(2019)).toBe('2019-04-21')
    expect(domingoDePascua(2024)).toBe('2024-03-31')
    expect(domingoDePascua(2025)).toBe('2025-04-20')
    expect(domingoDePascua(2026)).toBe('2026-04-05')
    expect(domingoDePascua(2027)).toBe('2027-03-28')
    expect(domingoDePascua(2038)).toBe('2038-04-25')
  })

  test('los 16 de 2026, en orden, con Jueves y Viernes Santo', () => {
    const f = feriadosNacionales(2026)
    expect(f).toHaveLength(16)
    expect(f.map((x) => x.fecha)).toEqual([...f.map((x) => x.fecha)].sort())
    expect(f).toContainEqual({ fecha: '2026-04-02', nombre: 'Jueves Santo' })
    expect(f).toContainEqual({ fecha: '2026-04-03', nombre: 'Viernes Santo' })
    expect(f.filter((x) => x.nombre === 'Fiestas Patrias').map((x) => x.fecha)).toEqual([
      '2026-07-28',
      '2026-07-29',
    ])
    for (const fecha of ['2026-06-07', '2026-07-23', '2026-08-06', '2026-12-09'])
      expect(feriadoNacional(fecha), fecha).toBeDefined()
  })

  test('un día común no es feriado', () => {
    expect(feriadoNacional('2026-07-27')).toBeUndefined()
    expect(feriadoNacional('2027-04-02')).toBeUndefined()
    expect(feriadoNacional('2027-03-26')).toBe('Viernes Santo')
  })
})
