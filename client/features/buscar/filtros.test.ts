import { describe, expect, it } from 'vitest'
import { escribirFiltros, FILTROS_VACIOS, leerFiltros } from './filtros.js'

describe('search filters in the URL', () => {
  it('writes only the non-empty filters, trimmed, in the form order', () => {
    const qs = escribirFiltros({
      ...FILTROS_VACIOS,
      modalidad: 'Eco',
      primerApellido: '  Pérez ',
      documento: '',
    })
    expect(qs).toBe('primerApellido=P%C3%A9rez&modalidad=Eco')
  })

  it('reads back what it wrote and ignores parameters that are not filters', () => {
    const filtros = { ...FILTROS_VACIOS, sede: 'Cusco', fechaInicial: '2025-01-01' }
    expect(leerFiltros(`${escribirFiltros(filtros)}&limite=5&cursor=abc`)).toEqual(filtros)
    expect(leerFiltros('')).toEqual(FILTROS_VACIOS)
  })

  it('has no query for an empty search', () => {
    expect(escribirFiltros(FILTROS_VACIOS)).toBe('')
  })
})
