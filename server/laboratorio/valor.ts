// A typed result checked against its analito's type (docs/api.md#laboratorio-resultados): a number
// from 0 to 999 999 999 with at most its decimals, one of its options exactly, or text without control
// characters; null (or blank text) clears it.
import type { Analito } from '../../shared/laboratorio.js'
import {
  LARGO_MAXIMO_RESULTADO,
  MENSAJES_RESULTADOS as M,
  problemaNumero,
  type Valor,
} from '../../shared/resultados.js'
import { tieneControl } from '../../shared/texto.js'
import { datosInvalidos } from '../errors.js'

export interface ValorGuardado {
  numero: number | null
  texto: string | null
}

/** `valor` as stored for analito `a`, or the 400 naming `campo`. */
export function comprobarValor(
  a: Pick<Analito, 'nombre' | 'tipo' | 'decimales' | 'opciones'>,
  valor: Valor,
  campo: string,
): ValorGuardado {
  const error = (mensaje: string) => datosInvalidos([{ campo, mensaje }])
  if (valor === null) return { numero: null, texto: null }
  if (a.tipo === 'numero') {
    if (typeof valor !== 'number') throw error(M.numeroInvalido(a.nombre))
    const problema = problemaNumero(valor, a)
    if (problema) throw error(problema)
    return { numero: valor, texto: null }
  }
  if (typeof valor !== 'string')
    throw error(a.tipo === 'opciones' ? M.opcionInvalida(a.nombre) : M.textoEsperado(a.nombre))
  if (a.tipo === 'opciones') {
    if (!(a.opciones ?? []).includes(valor)) throw error(M.opcionInvalida(a.nombre))
    return { numero: null, texto: valor }
  }
  const texto = valor.trim()
  if (tieneControl(texto)) throw error(M.textoInvalido(a.nombre))
  // Counted as the database counts it, by character: an emoji is one, not two UTF-16 units.
  if ([...texto].length > LARGO_MAXIMO_RESULTADO) throw error(M.textoLargo(a.nombre))
  return { numero: null, texto: texto === '' ? null : texto }
}
