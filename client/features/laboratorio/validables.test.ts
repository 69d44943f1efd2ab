import { expect, it } from 'vitest'
import type { FilaResultado } from '../../../shared/resultados.js'
import { conCalculados, validablesDe } from './validables.js'

let id = 0
function fila(
  codigo: string,
  estado: 'ingresado' | 'validado' | null,
  bandera: 'H' | null = null,
  calculadoDe: string[] | null = null,
): FilaResultado {
  id += 1
  return {
    analito: {
      id,
      codigo,
      nombre: codigo,
      loinc: null,
      unidad: null,
      tipo: 'numero',
      decimales: 0,
      opciones: null,
      calculo: calculadoDe ? 'ldl_friedewald' : null,
      calculadoDe,
      activo: true,
      deltaPorcentaje: null,
    },
    seccion: null,
    rango: null,
    resultado: estado && {
      id,
      version: 1,
      motivo: null,
      valor: 1,
      bandera,
      estado,
      ingresadoPor: 'Rosa',
      ingresadoEn: '2026-11-28T12:00:00Z',
      validacion: null,
      importado: false,
      critico: null,
    },
    corregidos: [],
    anterior: null,
  }
}

const col = fila('COL', 'ingresado')
const hdl = fila('HDL', 'validado')
const tri = fila('TRI', 'ingresado', 'H')
const ldl = fila('LDL', 'ingresado', 'H', ['COL', 'HDL', 'TRI'])
const cast = fila('CAST', 'ingresado', null, ['COL', 'HDL'])
const filas = [col, hdl, tri, ldl, cast]

it('un calculado sigue a sus operandos cuando todos quedan validados', () => {
  expect(conCalculados(filas, [col.analito.id])).toEqual([col.analito.id, cast.analito.id])
  expect(conCalculados(filas, [col.analito.id, tri.analito.id])).toEqual([
    col.analito.id,
    tri.analito.id,
    ldl.analito.id,
    cast.analito.id,
  ])
  expect(conCalculados(filas, [])).toEqual([])
})

it('normales, todos y seleccionados, sin los bloqueados', () => {
  const v = validablesDe(filas, (f) => f !== tri, new Set([tri.analito.id]))
  expect(v.todos).toEqual([col.analito.id, cast.analito.id])
  expect(v.normales).toEqual([col.analito.id, cast.analito.id])
  expect(v.seleccionados).toEqual([])
  const todos = validablesDe(filas, () => true, new Set())
  expect(todos.normales).toEqual([col.analito.id, cast.analito.id])
  expect(todos.todos).toEqual([col.analito.id, tri.analito.id, ldl.analito.id, cast.analito.id])
})
