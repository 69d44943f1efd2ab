import { describe, expect, it } from 'vitest'
import { duracionTexto, minutosEntre } from '../../lib/duracion.js'
import { diaCorto, semanaDe, semanaLarga } from './fechas.js'

describe('la semana de la agenda', () => {
  it('va de lunes a domingo, también cuando la fecha es domingo o cruza de mes y de año', () => {
    expect(semanaDe('2026-11-26')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ])
    expect(semanaDe('2026-11-29')[0]).toBe('2026-11-23')
    expect(semanaDe('2026-11-23')[6]).toBe('2026-11-29')
    expect(semanaDe('2027-01-01')).toEqual(expect.arrayContaining(['2026-12-28', '2027-01-03']))
  })

  it('se titula en español', () => {
    expect(semanaLarga(semanaDe('2026-11-26'))).toBe('del 23 al 29 de noviembre de 2026')
    expect(semanaLarga(semanaDe('2026-12-01'))).toBe(
      'del 30 de noviembre al 6 de diciembre de 2026',
    )
    expect(semanaLarga(semanaDe('2027-01-01'))).toBe(
      'del 28 de diciembre de 2026 al 3 de enero de 2027',
    )
    expect(diaCorto('2026-12-01')).toBe('martes 1')
  })
})

describe('atraso de una cita', () => {
  it('minutos entre dos horas de la clínica, también de un día al otro', () => {
    expect(minutosEntre('2026-11-27T09:00', '2026-11-27T09:40')).toBe(40)
    expect(minutosEntre('2026-11-27T23:50', '2026-11-28T00:10')).toBe(20)
    expect(minutosEntre('2026-11-27T10:00', '2026-11-27T09:00')).toBe(-60)
  })

  it('se lee en horas y minutos', () => {
    expect(duracionTexto(40)).toBe('40 min')
    expect(duracionTexto(60)).toBe('1 h')
    expect(duracionTexto(95)).toBe('1 h 35 min')
  })
})
