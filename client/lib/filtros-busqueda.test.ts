import { describe, expect, it } from 'vitest'
import {
  escribirFiltros,
  FILTROS_VACIOS,
  leerFiltros,
  lista,
  urlListaDeTrabajo,
} from './filtros-busqueda.js'

describe('search filters in the URL', () => {
  it('writes only the non-empty filters, trimmed, in the form order', () => {
    const qs = escribirFiltros({
      ...FILTROS_VACIOS,
      modalidad: 'Eco',
      primerApellido: '  Pérez ',
      documento: '',
      q: 'lucia nunez',
    })
    expect(qs).toBe('q=lucia+nunez&primerApellido=P%C3%A9rez&modalidad=Eco')
  })

  it('reads back what it wrote and ignores parameters that are not filters', () => {
    const filtros = {
      ...FILTROS_VACIOS,
      sede: 'Cusco',
      fechaInicial: '2025-01-01',
      estado: lista(['Programado', 'En espera']),
    }
    expect(leerFiltros(`${escribirFiltros(filtros)}&limite=5&cursor=abc`)).toEqual(filtros)
    expect(leerFiltros('')).toEqual(FILTROS_VACIOS)
  })

  it('has no query for an empty search', () => {
    expect(escribirFiltros(FILTROS_VACIOS)).toBe('')
    expect(urlListaDeTrabajo({})).toBe('/pacientes/buscar')
  })

  it('builds the URL a dashboard card opens', () => {
    expect(
      urlListaDeTrabajo({
        prioridad: lista(['Urgente', 'Emergencia']),
        estado: lista(['Programado', 'En espera', 'En proceso']),
      }),
    ).toBe(
      '/pacientes/buscar?estado=Programado%2CEn+espera%2CEn+proceso&prioridad=Urgente%2CEmergencia',
    )
  })
})
