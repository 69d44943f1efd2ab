// A piece of a statement as plain data: its text between the values, and the values. Hot reads
// compose their statement from these and hand postgres.js one tagged call at the end. Composed
// from postgres.js fragments instead, each piece is a Query (a Promise with its closures) that the
// driver then walks again to write the text: measured apart, the per-analito grid's statement
// cost 1.66 ms of Node CPU built so and 0.80 ms with its text already written
// (docs/presupuestos.md#laboratorio). Every value still goes as a parameter; only text written
// in the code goes into the statement.
import postgres from 'postgres'
import type { Sql } from '../db.js'

export class Trozo {
  /** `partes.length === valores.length + 1`: the text around each value, as a tagged template's. */
  constructor(
    readonly partes: readonly string[],
    readonly valores: readonly unknown[],
  ) {}
}

/** Appends `tr` to `partes` and `valores`: its first text joins the last one there. */
function empalmar(partes: string[], valores: unknown[], tr: Trozo): void {
  partes[partes.length - 1] += tr.partes[0]!
  for (let j = 0; j < tr.valores.length; j++) {
    valores.push(tr.valores[j])
    partes.push(tr.partes[j + 1]!)
  }
}

/**
 * A piece written as a tagged template: a Trozo among the values is spliced in, any other value
 * (a postgres.js fragment or helper included) stays a value for the driver.
 */
export function t(strings: TemplateStringsArray, ...valores: unknown[]): Trozo {
  const partes: string[] = [strings[0]!]
  const vs: unknown[] = []
  for (let i = 0; i < valores.length; i++) {
    const v = valores[i]
    if (v instanceof Trozo) {
      empalmar(partes, vs, v)
      partes[partes.length - 1] += strings[i + 1]!
    } else {
      vs.push(v)
      partes.push(strings[i + 1]!)
    }
  }
  return new Trozo(partes, vs)
}

const VACIO = new Trozo([''], [])

/** Text from the code, never from a request. */
export const crudo = (texto: string): Trozo => (texto === '' ? VACIO : new Trozo([texto], []))

/** Nothing: the piece of a condition that does not apply. */
export const nada = (): Trozo => VACIO

/**
 * A name as postgres.js writes an identifier (`sql(n)` on this project's client): camelCase to
 * snake_case, quoted, a dot between quoted parts.
 */
export const nombre = (n: string): Trozo =>
  crudo('"' + postgres.fromCamel(n).replace(/"/g, '""').replace(/\./g, '"."') + '"')

/** The pieces one after another, `separador` between them. */
export function unir(trozos: readonly Trozo[], separador: string): Trozo {
  if (trozos.length === 0) return VACIO
  const partes = ['']
  const valores: unknown[] = []
  trozos.forEach((tr, k) => {
    if (k > 0) partes[partes.length - 1] += separador
    empalmar(partes, valores, tr)
  })
  return new Trozo(partes, valores)
}

/**
 * One frozen strings array per text: postgres.js keys a cache by a tagged call's strings array
 * (the call's origin, for errors), so a new array on every statement would grow it without end.
 * The texts come only from the code, so there are as many as the code has shapes.
 */
const plantillas = new Map<string, TemplateStringsArray>()
function plantilla(partes: readonly string[]): TemplateStringsArray {
  const clave = partes.join('\u0000')
  let p = plantillas.get(clave)
  if (!p) {
    p = Object.freeze(Object.assign([...partes], { raw: Object.freeze([...partes]) }))
    plantillas.set(clave, p)
  }
  return p
}

/** The piece as one postgres.js query: run it (await) or put it in a postgres.js fragment. */
export function consulta<T extends readonly object[] = postgres.Row[]>(
  sql: Sql,
  tr: Trozo,
): postgres.PendingQuery<T> {
  return sql<T>(plantilla(tr.partes), ...(tr.valores as postgres.ParameterOrFragment<never>[]))
}
