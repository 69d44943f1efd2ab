// How a result is typed on the entry grids: the value a field's text sends, the flag while typing
// and the calculated analitos, by the shared rules (shared/laboratorio.ts) the server applies.
import {
  bandera,
  calcular,
  type Analito,
  type Bandera,
  type RangoReferencia,
} from '../../../shared/laboratorio.js'
import {
  LARGO_MAXIMO_RESULTADO,
  MENSAJES_RESULTADOS,
  problemaNumero,
} from '../../../shared/resultados.js'
import { tieneControl } from '../../../shared/texto.js'

type AnalitoFila = Omit<Analito, 'rangos'>
type Valor = number | string | null

/**
 * A number as a person types it: a point or a comma as the decimal separator («12,5»), an optional
 * sign, no thousands separators. null for an empty field, NaN for anything else.
 */
export function leerNumero(texto: string): number | null {
  const t = texto.trim()
  if (t === '') return null
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return Number.NaN
  return Number(t.replace(',', '.'))
}

/**
 * The value a field's text sends, or the Spanish reason it cannot be sent (the server's own
 * messages, so the grid and the server say the same).
 */
export function valorDeTexto(
  texto: string,
  analito: Pick<AnalitoFila, 'nombre' | 'tipo' | 'decimales' | 'opciones'>,
): { valor: Valor } | { error: string } {
  if (analito.tipo === 'numero') {
    const n = leerNumero(texto)
    if (n === null) return { valor: null }
    // As the server checks it: «95,0» is 95, «13,45» has one decimal too many for Hb.
    const problema = problemaNumero(n, analito)
    return problema ? { error: problema } : { valor: n }
  }
  const t = texto.trim()
  if (t === '') return { valor: null }
  if (analito.tipo === 'opciones' && !(analito.opciones ?? []).includes(t))
    return { error: MENSAJES_RESULTADOS.opcionInvalida(analito.nombre) }
  if (tieneControl(t)) return { error: MENSAJES_RESULTADOS.textoInvalido(analito.nombre) }
  if ([...t].length > LARGO_MAXIMO_RESULTADO)
    return { error: MENSAJES_RESULTADOS.textoLargo(analito.nombre) }
  return { valor: t }
}

/** The flag of a value (numbers only), by the shared rule. */
export const banderaDe = (valor: Valor, rango: RangoReferencia | null): Bandera | null =>
  typeof valor === 'number' ? bandera(valor, rango) : null

export const esCritica = (b: Bandera | null) => b === 'LL' || b === 'HH'

/**
 * Every calculated analito's value from the numbers at hand (by code), in the order given, so one
 * calculated from another calculated one (none in the seeded catalogue) still gets its operand.
 */
export function calcularTodos(
  analitos: readonly Pick<AnalitoFila, 'codigo' | 'calculo' | 'calculadoDe' | 'decimales'>[],
  numeros: Readonly<Record<string, number | null>>,
): Record<string, number | null> {
  const valores: Record<string, number | null> = { ...numeros }
  const calculados: Record<string, number | null> = {}
  for (const a of analitos) {
    if (!a.calculo) continue
    calculados[a.codigo] = valores[a.codigo] = calcular(a, valores)
  }
  return calculados
}

/** The row a field error of a save names: `resultados.3.valor` is the fourth item sent. */
export function indiceDeCampo(campo: string): number | null {
  const m = /^resultados[.[/](\d+)/.exec(campo)
  return m ? Number(m[1]) : null
}
