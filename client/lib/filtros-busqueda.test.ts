import { describe, expect, it } from 'vitest'
import {
  conCambio,
  esUnDia,
  escribirFiltros,
  FILTROS_VACIOS,
  leerFiltros,
  lista,
  urlListaDeTrabajo,
  type Filtros,
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

const HOY = '2026-11-26'
const vista = { hoy: HOY, sede: 'Lima', sala: '' }
const delDia: Filtros = { ...FILTROS_VACIOS, fechaInicial: HOY, fechaFinal: HOY, sede: 'Lima' }

describe('la lista del día es una vista, no un límite', () => {
  it('un nombre o documento escrito sobre ella busca en todas las fechas y sedes', () => {
    expect(conCambio(delDia, 'q', 'l', vista)).toEqual({ ...FILTROS_VACIOS, q: 'l' })
    expect(conCambio(delDia, 'documento', '4', vista)).toEqual({
      ...FILTROS_VACIOS,
      documento: '4',
    })
  })

  it('con otro filtro puesto, o lo que cambia no es un nombre, las fechas se quedan', () => {
    const conModalidad = { ...delDia, modalidad: 'RX' }
    expect(conCambio(conModalidad, 'q', 'l', vista)).toEqual({ ...conModalidad, q: 'l' })
    expect(conCambio(delDia, 'estado', 'En espera', vista)).toEqual({
      ...delDia,
      estado: 'En espera',
    })
    // Blanks typed are not a name; another sede is not the day's list.
    expect(conCambio(delDia, 'q', ' ', vista)).toEqual({ ...delDia, q: ' ' })
    expect(conCambio({ ...delDia, sede: 'Cusco' }, 'q', 'l', vista).fechaInicial).toBe(HOY)
    // Before the day is known, nothing to tell.
    expect(conCambio(delDia, 'q', 'l', null)).toEqual({ ...delDia, q: 'l' })
  })

  it('la sala recordada es parte de la vista: un nombre la quita con la sede y las fechas', () => {
    const deSala = { ...delDia, sala: '7' }
    expect(conCambio(deSala, 'q', 'l', { ...vista, sala: '7' })).toEqual({
      ...FILTROS_VACIOS,
      q: 'l',
    })
    // Another sala than the remembered one is a filter someone chose: it stays.
    expect(conCambio(deSala, 'q', 'l', vista).sala).toBe('7')
  })
})

describe('un día es la lista en orden de atención', () => {
  it('las dos fechas iguales, y solo entonces', () => {
    expect(esUnDia(delDia)).toBe(true)
    expect(esUnDia({ ...delDia, fechaFinal: '2026-11-27' })).toBe(false)
    expect(esUnDia({ ...delDia, fechaFinal: '' })).toBe(false)
    expect(esUnDia({ fechaInicial: '', fechaFinal: '' })).toBe(false)
  })
})
