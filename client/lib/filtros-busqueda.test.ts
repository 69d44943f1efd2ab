import { describe, expect, it } from 'vitest'
import {
  escribirFiltros,
  FILTROS_VACIOS,
  leerFiltros,
  lista,
  urlListaDeTrabajo,
} from './filtros-busqueda.js'

describe('filtros de búsqueda en la URL', () => {
  it('escribe solo los filtros no vacíos, recortados, en el orden del formulario', () => {
    const qs = escribirFiltros({
      ...FILTROS_VACIOS,
      modalidad: 'Eco',
      primerApellido: '  Pérez ',
      documento: '',
      q: 'lucia nunez',
    })
    expect(qs).toBe('q=lucia+nunez&primerApellido=P%C3%A9rez&modalidad=Eco')
  })

  it('vuelve a leer lo que escribió e ignora los parámetros que no son filtros', () => {
    const filtros = {
      ...FILTROS_VACIOS,
      sede: 'Cusco',
      fechaInicial: '2025-01-01',
      estado: lista(['Programado', 'En espera']),
    }
    expect(leerFiltros(`${escribirFiltros(filtros)}&limite=5&cursor=abc`)).toEqual(filtros)
    expect(leerFiltros('')).toEqual(FILTROS_VACIOS)
  })

  it('una búsqueda vacía no deja parámetros en la URL', () => {
    expect(escribirFiltros(FILTROS_VACIOS)).toBe('')
    expect(urlListaDeTrabajo({})).toBe('/pacientes/buscar')
  })

  it('arma la URL que abre una tarjeta del dashboard', () => {
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
