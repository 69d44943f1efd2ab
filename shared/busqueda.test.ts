import { describe, expect, test } from 'vitest'
import { leerLimite, validarBusqueda } from './busqueda.js'
import { enlaceSiguiente } from './enlaces.js'

describe('validarBusqueda', () => {
  test('los vacíos cuentan como ausentes', () => {
    expect(validarBusqueda({ primerNombre: '  ', sede: '', documento: '' })).toEqual({
      errores: [],
      filtros: {},
    })
  })
  test('recorta y conserva los filtros válidos', () => {
    const r = validarBusqueda({
      primerApellido: ' pérez ',
      documento: ' ab 12 ',
      sede: 'Cusco',
      modalidad: 'Eco',
      fechaInicial: '2025-01-01',
    })
    expect(r.errores).toEqual([])
    expect(r.filtros).toEqual({
      primerApellido: 'pérez',
      documento: 'AB12',
      sede: 'Cusco',
      modalidad: 'Eco',
      fechaInicial: '2025-01-01',
    })
  })
  test('valores malos, uno por campo', () => {
    const r = validarBusqueda({
      sede: 'Tacna',
      modalidad: 'CT',
      fechaInicial: '2025-02-30',
      tipoDocumento: 'x',
    })
    expect(r.errores.map((e) => e.campo).sort()).toEqual([
      'fechaInicial',
      'modalidad',
      'sede',
      'tipoDocumento',
    ])
    expect(
      validarBusqueda({ fechaInicial: '2025-02-01', fechaFinal: '2025-01-31' }).errores,
    ).toEqual([
      { campo: 'fechaFinal', mensaje: 'La fecha final debe ser igual o posterior a la inicial' },
    ])
    expect(
      validarBusqueda({ fechaInicial: '2025-02-01', fechaFinal: '2025-02-01' }).errores,
    ).toEqual([])
  })
  test('un nombre o documento sin letras ni números es un error bajo su campo; con alguna, se busca', () => {
    const r = validarBusqueda({
      primerNombre: '%%%',
      segundoApellido: '\u0301\u0301',
      documento: '_ _',
    })
    expect(r.errores).toEqual([
      { campo: 'documento', mensaje: 'Escriba al menos una letra o un número' },
      { campo: 'primerNombre', mensaje: 'Escriba al menos una letra o un número' },
      { campo: 'segundoApellido', mensaje: 'Escriba al menos una letra o un número' },
    ])
    expect(r.filtros).toEqual({})
    expect(validarBusqueda({ primerApellido: "o'h%", documento: '4%' }).filtros).toEqual({
      primerApellido: "o'h%",
      documento: '4%',
    })
  })
})

describe('«Nombre o documento» y las listas de estado y prioridad', () => {
  test('las palabras a los nombres, cada una una vez; el número al documento', () => {
    expect(validarBusqueda({ q: '  Núñez,  Lucía núñez 4123 ' })).toEqual({
      errores: [],
      filtros: { palabras: ['Núñez', 'Lucía'], documento: '4123' },
    })
    expect(validarBusqueda({ q: 'ce77 lu', documento: 'CE7788' }).filtros).toEqual({
      documento: 'CE7788',
      palabras: ['lu'],
    })
    expect(validarBusqueda({ q: "o'connor - %" }).filtros).toEqual({ palabras: ["o'connor"] })
  })
  test('errores bajo q', () => {
    const error = (q: string, documento?: string) => validarBusqueda({ q, documento }).errores
    expect(error('% -')).toEqual([
      { campo: 'q', mensaje: 'Escriba al menos una letra o un número' },
    ])
    expect(error('a b c d e f g')).toEqual([
      { campo: 'q', mensaje: 'Escriba como máximo 6 palabras' },
    ])
    expect(error('4123 4999')).toEqual([{ campo: 'q', mensaje: 'Escriba un solo documento' }])
    expect(error('4123', '5')).toEqual([
      { campo: 'q', mensaje: 'El documento no coincide con el del filtro Documento' },
    ])
  })
  test('estado y prioridad: uno o varios valores separados por comas', () => {
    expect(
      validarBusqueda({ estado: 'Programado, En espera,Programado', prioridad: 'Urgente' }),
    ).toEqual({
      errores: [],
      filtros: { estados: ['Programado', 'En espera'], prioridades: ['Urgente'] },
    })
    expect(validarBusqueda({ estado: 'Programado,Listo', prioridad: 'alta' }).errores).toEqual([
      {
        campo: 'estado',
        mensaje:
          'Estado no válido: use Programado, En espera, En proceso, Completado, Informado, Cancelado, No se presentó',
      },
      { campo: 'prioridad', mensaje: 'Prioridad no válida: use Rutina, Urgente, Emergencia' },
    ])
  })
})

test('leerLimite y enlaceSiguiente', () => {
  expect(leerLimite(undefined)).toBe(50)
  expect(leerLimite('200')).toBe(200)
  expect(leerLimite('201')).toBeNull()
  expect(leerLimite('0')).toBeNull()
  expect(enlaceSiguiente('</pacientes/buscar?cursor=abc>; rel="next"')).toBe(
    '/pacientes/buscar?cursor=abc',
  )
  expect(enlaceSiguiente(null)).toBeNull()
  expect(enlaceSiguiente('</a?c=1>; rel="prev", </a?c=2>; rel=next')).toBe('/a?c=2')
})
