// An atención's exams and their analitos, as the grid shows them and the day's list counts them,
// from a catalogue built here: an analito two exams report is one row, an inactive one only where
// the atención has a result of it, each exam's live sample the newest drawn for it.
import { describe, expect, it } from 'vitest'
import type { Analito } from '../../shared/laboratorio.js'
import type { CatalogoLab, ExamenCatalogo } from '../catalogos.js'
import { analitosDe, cuantosAnalitos, examenesDe } from './examenes.js'

const analito = (id: number, activo = true): Analito => ({
  id,
  codigo: `A${id}`,
  nombre: `Analito ${id}`,
  loinc: null,
  unidad: 'mg/dL',
  tipo: 'numero',
  decimales: 0,
  opciones: null,
  calculo: null,
  calculadoDe: null,
  activo,
  deltaPorcentaje: null,
  rangos: [],
})

const examen = (estudioId: number, nombre: string, analitos: Analito[]): ExamenCatalogo => ({
  estudioId,
  nombre,
  recipiente: 'Tubo tapa roja (suero)',
  muestra: 'Suero',
  analitos: analitos.map((a) => ({ analito: a, seccion: null })),
})

const [a1, a2, a3] = [analito(1), analito(2), analito(3)]
const inactivo = analito(4, false)
const lab = {
  catalogo: { analitos: [], examenes: [] },
  analitos: new Map(),
  examenes: new Map([
    ['Glucosa', examen(10, 'Glucosa', [a1, inactivo])],
    ['Perfil', examen(11, 'Perfil', [a1, a2, a3])],
  ]),
} as CatalogoLab

describe('examenesDe', () => {
  it('un analito que piden dos exámenes es una fila; uno inactivo, solo con resultado', () => {
    const sin = examenesDe(lab, {
      estudios: ['Glucosa', 'Perfil'],
      conResultado: [],
      muestrasVivas: [],
    })
    expect(sin.map((e) => e.analitos.map((x) => x.analito.id))).toEqual([[1], [1, 2, 3]])
    expect(analitosDe(sin).map((a) => a.id)).toEqual([1, 2, 3])
    const con = examenesDe(lab, {
      estudios: ['Glucosa', 'Perfil'],
      conResultado: [4],
      muestrasVivas: [],
    })
    expect(analitosDe(con).map((a) => a.id)).toEqual([1, 4, 2, 3])
  })

  it('en el orden de la atención, sin los estudios que no son exámenes del laboratorio', () => {
    const e = examenesDe(lab, {
      estudios: ['Perfil', 'Tórax PA', 'Glucosa'],
      conResultado: [],
      muestrasVivas: [],
    })
    expect(e.map((x) => x.nombre)).toEqual(['Perfil', 'Glucosa'])
  })

  it('la muestra viva de cada examen es la más nueva tomada para él', () => {
    const e = examenesDe(lab, {
      estudios: ['Glucosa', 'Perfil'],
      conResultado: [],
      muestrasVivas: [
        { id: 9, estado: 'pendiente', estudios: ['Glucosa'] },
        { id: 7, estado: 'recibida', estudios: ['Glucosa', 'Perfil'] },
      ],
    })
    expect(e.map((x) => x.muestraViva)).toEqual([
      { id: 9, estado: 'pendiente' },
      { id: 7, estado: 'recibida' },
    ])
  })
})

describe('cuantosAnalitos', () => {
  it('cuenta las filas de la grilla sin armar sus exámenes: lo mismo que analitosDe(examenesDe(…))', () => {
    const casos = [
      { estudios: ['Glucosa', 'Perfil'], conResultado: [] },
      { estudios: ['Glucosa', 'Perfil'], conResultado: [4] },
      { estudios: ['Glucosa'], conResultado: [] },
      { estudios: ['Glucosa'], conResultado: [4, 99] },
      { estudios: ['Perfil', 'Tórax PA', 'Perfil'], conResultado: [] },
      { estudios: ['Tórax PA'], conResultado: [] },
      { estudios: [], conResultado: [1] },
    ]
    const cuentas = casos.map((a) => cuantosAnalitos(lab, a))
    expect(cuentas).toEqual([3, 4, 1, 2, 3, 0, 0])
    expect(cuentas).toEqual(
      casos.map((a) => analitosDe(examenesDe(lab, { ...a, muestrasVivas: [] })).length),
    )
  })
})
