// A seeded pseudo-random generator (mulberry32): the same seed gives the same data set, so a
// demo or a failing fuzz run can be reproduced exactly.

export interface Aleatorio {
  /** The seed it started from. */
  readonly semilla: number
  /** A float in [0, 1). */
  siguiente(): number
  /** An integer in [min, max], both included. */
  entero(min: number, max: number): number
  /** true with probability p. */
  si(p: number): boolean
  elegir<T>(opciones: readonly T[]): T
  /** Picks by weight: `[[valor, peso], …]`. */
  ponderado<T>(opciones: readonly (readonly [T, number])[]): T
  /** `cuantos` distinct elements, in random order. */
  varios<T>(opciones: readonly T[], cuantos: number): T[]
}

// Running sums of each weight table, computed once per table (tables are module constants).
const ACUMULADOS = new WeakMap<object, number[]>()
function acumuladosDe(opciones: readonly (readonly [unknown, number])[]): number[] {
  let a = ACUMULADOS.get(opciones)
  if (!a) {
    let suma = 0
    a = opciones.map(([, peso]) => (suma += peso))
    ACUMULADOS.set(opciones, a)
  }
  return a
}

export function crearAleatorio(semilla: number): Aleatorio {
  let estado = semilla >>> 0
  const siguiente = () => {
    estado = (estado + 0x6d2b79f5) >>> 0
    let t = estado
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const entero = (min: number, max: number) => min + Math.floor(siguiente() * (max - min + 1))
  const elegir = <T>(opciones: readonly T[]): T =>
    opciones[Math.floor(siguiente() * opciones.length)] as T
  return {
    semilla: semilla >>> 0,
    siguiente,
    entero,
    si: (p) => siguiente() < p,
    elegir,
    ponderado<T>(opciones: readonly (readonly [T, number])[]): T {
      const acumulados = acumuladosDe(opciones)
      const x = siguiente() * acumulados[acumulados.length - 1]!
      let i = 0
      while (i < acumulados.length - 1 && acumulados[i]! <= x) i++
      return opciones[i]![0]
    },
    varios<T>(opciones: readonly T[], cuantos: number): T[] {
      const copia = [...opciones]
      const n = Math.min(cuantos, copia.length)
      // Partial Fisher–Yates: only the first n places are shuffled.
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(siguiente() * (copia.length - i))
        ;[copia[i], copia[j]] = [copia[j]!, copia[i]!]
      }
      return copia.slice(0, n)
    },
  }
}

/** A fresh seed for a run that did not ask for one. */
export const semillaNueva = (): number => (Math.random() * 2 ** 32) >>> 0
