import { expect, it } from 'vitest'
import type { FilaResultado, ResultadosAtencion } from '../../../shared/resultados.js'
import { vistaDe } from './vista.js'

let id = 0
function fila(
  codigo: string,
  valor: number | null,
  extra: { calculadoDe?: string[]; bandera?: 'H' | null; anterior?: number } = {},
): FilaResultado {
  id += 1
  return {
    analito: {
      id,
      codigo,
      nombre: codigo,
      loinc: null,
      unidad: 'mg/dL',
      tipo: 'numero',
      decimales: 0,
      opciones: null,
      calculo: extra.calculadoDe ? 'ldl_friedewald' : null,
      calculadoDe: extra.calculadoDe ?? null,
      activo: true,
      deltaPorcentaje: 20,
    },
    seccion: null,
    rango: {
      sexo: null,
      edadDesdeDias: 0,
      edadHastaDias: null,
      normalMin: null,
      normalMax: 200,
      criticoMin: null,
      criticoMax: 500,
    },
    resultado:
      valor === null
        ? null
        : {
            id,
            version: 1,
            motivo: null,
            valor,
            bandera: extra.bandera ?? null,
            estado: 'ingresado',
            ingresadoPor: 'Rosa',
            ingresadoEn: '2026-11-28T12:00:00Z',
            validacion: null,
            importado: false,
            critico: null,
          },
    corregidos: [],
    anterior:
      extra.anterior === undefined
        ? null
        : { atencionId: 1, valor: extra.anterior, en: '2026-05-02T15:00:00Z', delta: false },
  }
}

const col = fila('COL', 190, { anterior: 180 })
const hdl = fila('HDL', 50)
const tri = fila('TRI', 150)
const ldl = fila('LDL', 110, { calculadoDe: ['COL', 'HDL', 'TRI'] })
const examenes: ResultadosAtencion['examenes'] = [
  {
    estudioId: 1,
    nombre: 'Perfil lipídico',
    muestra: { codigo: '00000001', estado: 'recibida' },
    filas: [col, hdl, tri, ldl],
  },
]

it('lo guardado muestra la bandera y el delta del servidor; lo escrito, los calculados al momento', () => {
  const guardado = vistaDe(examenes, {})
  expect(guardado.get(col.analito.id)).toMatchObject({ texto: '190', bandera: null, delta: false })
  expect(guardado.get(ldl.analito.id)).toMatchObject({ calculado: 110, bandera: null })
  // «260» is past the normal max and more than 20 % from the previous 180; LDL follows.
  const escrito = vistaDe(examenes, { [col.analito.id]: '260' })
  expect(escrito.get(col.analito.id)).toMatchObject({ texto: '260', bandera: 'H', delta: true })
  expect(escrito.get(ldl.analito.id)).toMatchObject({ calculado: 180, bandera: null })
  // A value being typed that is not a number yet leaves the calculation without its operand.
  expect(vistaDe(examenes, { [hdl.analito.id]: '5a' }).get(ldl.analito.id)?.calculado).toBeNull()
})

it('un examen cuya muestra no se recibió marca sus filas', () => {
  const pendiente = [
    { ...examenes[0]!, muestra: { codigo: '00000002', estado: 'pendiente' as const } },
  ]
  expect(vistaDe(pendiente, {}).get(col.analito.id)?.noRecibida).toBe(true)
  expect(vistaDe(examenes, {}).get(col.analito.id)?.noRecibida).toBe(false)
})
