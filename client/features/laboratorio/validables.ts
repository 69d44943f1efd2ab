// What each validation button validates, as the server chooses it: the typed rows asked for
// (only those in range for «Validar normales»), then every calculated one whose operands will all
// be validated, which follows them and is never chosen alone.
import type { FilaResultado } from '../../../shared/resultados.js'

export interface Validables {
  seleccionados: number[]
  normales: number[]
  todos: number[]
}

/** The ids validated when `elegidas` are: they and the calculated rows that follow them. */
export function conCalculados(filas: readonly FilaResultado[], elegidas: number[]): number[] {
  const elegida = new Set(elegidas)
  const validados = new Set(
    filas
      .filter((f) => f.resultado?.estado === 'validado' || elegida.has(f.analito.id))
      .map((f) => f.analito.codigo),
  )
  const siguen = filas.filter(
    (f) =>
      f.analito.calculadoDe &&
      f.resultado?.estado === 'ingresado' &&
      f.analito.calculadoDe.every((c) => validados.has(c)),
  )
  return elegidas.length === 0 ? [] : [...elegidas, ...siguen.map((f) => f.analito.id)]
}

/**
 * Each button's rows. `libre` says whether a typed row can be chosen now (not a critical value
 * waiting for its call, not one's own entry where that is not allowed…).
 */
export function validablesDe(
  filas: readonly FilaResultado[],
  libre: (f: FilaResultado) => boolean,
  marcadas: ReadonlySet<number>,
): Validables {
  const elegibles = filas.filter(
    (f) =>
      !f.analito.calculo &&
      f.resultado?.estado === 'ingresado' &&
      f.resultado.valor !== null &&
      libre(f),
  )
  const ids = (fs: FilaResultado[]) =>
    conCalculados(
      filas,
      fs.map((f) => f.analito.id),
    )
  return {
    todos: ids(elegibles),
    normales: ids(elegibles.filter((f) => f.resultado?.bandera === null)),
    seleccionados: ids(elegibles.filter((f) => marcadas.has(f.analito.id))),
  }
}
