// What each row of an atención's grid shows while values are typed: its text, the calculated
// analitos from the numbers as they are now, and the flag and delta of the value on screen (what
// the server said while the row is as stored).
import type { Bandera } from '../../../shared/laboratorio.js'
import {
  pasaDelta,
  textoValor,
  type FilaResultado,
  type Resultado,
  type ResultadosAtencion,
} from '../../../shared/resultados.js'
import { banderaDe, calcularTodos, leerNumero } from './valores.js'

export interface VistaFila {
  texto: string
  /** A calculated analito's value now (null: it does not apply yet). */
  calculado: number | null
  bandera: Bandera | null
  delta: boolean
  /** Its exam's sample has not been received. */
  noRecibida: boolean
}

/** The flag the server stored (its schema types it as a string). */
export const guardada = (r: Resultado | null) => (r?.bandera ?? null) as Bandera | null

export const textoGuardado = (f: FilaResultado) =>
  textoValor(f.resultado?.valor ?? null, f.analito.decimales)

export function vistaDe(
  examenes: ResultadosAtencion['examenes'],
  borrador: Readonly<Record<number, string>>,
): Map<number, VistaFila> {
  const filas = examenes.flatMap((e) =>
    e.filas.map((fila) => ({ fila, noRecibida: e.muestra?.estado !== 'recibida' })),
  )
  const textos = new Map(
    filas.map(({ fila }) => [fila.analito.id, borrador[fila.analito.id] ?? textoGuardado(fila)]),
  )
  const numeros: Record<string, number | null> = {}
  for (const { fila } of filas) {
    if (fila.analito.tipo !== 'numero' || fila.analito.calculo) continue
    const n = leerNumero(textos.get(fila.analito.id)!)
    numeros[fila.analito.codigo] = n !== null && Number.isFinite(n) ? n : null
  }
  const calculados = calcularTodos(
    filas.map(({ fila }) => fila.analito),
    numeros,
  )
  const vista = new Map<number, VistaFila>()
  for (const { fila, noRecibida } of filas) {
    const a = fila.analito
    const texto = textos.get(a.id)!
    const calculado = a.calculo ? (calculados[a.codigo] ?? null) : null
    const valor = a.calculo ? calculado : a.tipo === 'numero' ? (numeros[a.codigo] ?? null) : texto
    const guardado = fila.resultado?.valor ?? null
    const igual = a.calculo ? calculado === guardado : texto.trim() === textoGuardado(fila).trim()
    vista.set(a.id, {
      texto,
      calculado,
      bandera: igual ? guardada(fila.resultado) : banderaDe(valor, fila.rango),
      delta: igual
        ? (fila.anterior?.delta ?? false)
        : pasaDelta(valor, fila.anterior?.valor ?? null, a.deltaPorcentaje),
      noRecibida,
    })
  }
  return vista
}
