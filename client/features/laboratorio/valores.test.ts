import { describe, expect, it } from 'vitest'
import type { Analito } from '../../../shared/laboratorio.js'
import { calcularTodos, indiceDeCampo, leerNumero, valorDeTexto } from './valores.js'

const glucosa = { nombre: 'Glucosa', tipo: 'numero', decimales: 0, opciones: null } as const
const hemoglobina = { nombre: 'Hemoglobina', tipo: 'numero', decimales: 1, opciones: null } as const
const color = {
  nombre: 'Color',
  tipo: 'opciones' as const,
  decimales: null,
  opciones: ['Amarillo', 'Ámbar'],
}

describe('leerNumero', () => {
  it('acepta la coma o el punto como separador decimal', () => {
    expect(leerNumero('12,5')).toBe(12.5)
    expect(leerNumero(' 12.5 ')).toBe(12.5)
    expect(leerNumero(',5')).toBe(0.5)
    expect(leerNumero('-3')).toBe(-3)
    expect(leerNumero('7,')).toBe(7)
  })
  it('vacío es null; separadores de miles, letras o dos separadores no son número', () => {
    expect(leerNumero('  ')).toBeNull()
    for (const t of ['1.234,5', '12,5,1', 'abc', '12a', '1e3', ',', '--1'])
      expect(leerNumero(t), t).toBeNaN()
  })
})

describe('valorDeTexto', () => {
  it('un número con hasta los decimales del analito', () => {
    expect(valorDeTexto('13,4', hemoglobina)).toEqual({ valor: 13.4 })
    expect(valorDeTexto('', hemoglobina)).toEqual({ valor: null })
    expect(valorDeTexto('13,45', hemoglobina)).toEqual({
      error: 'Hemoglobina: hasta 1 decimal',
    })
    expect(valorDeTexto('95,0', glucosa)).toEqual({ valor: 95 })
    expect(valorDeTexto('95,5', glucosa)).toEqual({ error: 'Glucosa: sin decimales' })
    expect(valorDeTexto('noventa', glucosa)).toEqual({ error: 'Glucosa: escriba un número' })
    // The server's own bounds: nothing negative, nothing past nine digits.
    expect(valorDeTexto('-5', glucosa)).toEqual({
      error: 'Glucosa: escriba un número de 0 a 999 999 999',
    })
    expect(valorDeTexto('1000000000', glucosa)).toEqual({
      error: 'Glucosa: escriba un número de 0 a 999 999 999',
    })
    expect(valorDeTexto('999999999', glucosa)).toEqual({ valor: 999_999_999 })
  })
  it('un texto sin caracteres de control, recortado', () => {
    const nota = {
      nombre: 'Observaciones',
      tipo: 'texto' as const,
      decimales: null,
      opciones: null,
    }
    expect(valorDeTexto('  Escasas bacterias ', nota)).toEqual({ valor: 'Escasas bacterias' })
    expect(valorDeTexto('a\u0007b', nota)).toEqual({
      error: 'Observaciones: el texto tiene caracteres no permitidos',
    })
  })
  it('una opción de la lista, o ninguna', () => {
    expect(valorDeTexto('Ámbar', color)).toEqual({ valor: 'Ámbar' })
    expect(valorDeTexto('', color)).toEqual({ valor: null })
    expect(valorDeTexto('Rojo', color)).toEqual({ error: 'Color: elija una de las opciones' })
  })
})

it('calcularTodos: LDL, VLDL y Castelli del perfil lipídico; sin operando, null', () => {
  const perfil: Pick<Analito, 'codigo' | 'calculo' | 'calculadoDe' | 'decimales'>[] = [
    { codigo: 'CT', calculo: null, calculadoDe: null, decimales: 0 },
    {
      codigo: 'LDL',
      calculo: 'ldl_friedewald',
      calculadoDe: ['CT', 'HDL', 'TG'],
      decimales: 0,
    },
    { codigo: 'VLDL', calculo: 'vldl', calculadoDe: ['TG'], decimales: 0 },
    { codigo: 'CAST', calculo: 'castelli', calculadoDe: ['CT', 'HDL'], decimales: 1 },
  ]
  expect(calcularTodos(perfil, { CT: 200, HDL: 50, TG: 150 })).toEqual({
    LDL: 120,
    VLDL: 30,
    CAST: 4,
  })
  expect(calcularTodos(perfil, { CT: 200, HDL: null, TG: 450 })).toEqual({
    LDL: null,
    VLDL: 90,
    CAST: null,
  })
})

it('indiceDeCampo lee el ítem del cuerpo que nombra un error', () => {
  expect(indiceDeCampo('resultados.3.valor')).toBe(3)
  expect(indiceDeCampo('resultados/0/motivo')).toBe(0)
  expect(indiceDeCampo('cuerpo')).toBeNull()
})
