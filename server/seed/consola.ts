// The seed command's arguments and its progress bar (stderr, so stdout keeps only the summary).

export const USO_SEED = 'Uso: npm run seed -- --pacientes N [--semilla S] [--lote L]'

export class ArgumentosError extends Error {}

export interface ArgumentosSeed {
  pacientes: number
  semilla?: number
  lote?: number
}

const ENTERO = /^[0-9][0-9_]*$/

/** `--pacientes 1_000_000`, `--pacientes=1000`; a Spanish error for anything else. */
export function leerArgumentos(args: readonly string[]): ArgumentosSeed {
  const valores = new Map<string, string>()
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(a)
    if (!m) throw new ArgumentosError(`Argumento no reconocido: ${a}\n${USO_SEED}`)
    const valor = m[2] ?? args[++i]
    if (valor === undefined) throw new ArgumentosError(`Falta el valor de --${m[1]}\n${USO_SEED}`)
    valores.set(m[1]!, valor)
  }
  const numero = (nombre: string, min: number, max: number): number | undefined => {
    const v = valores.get(nombre)
    if (v === undefined) return undefined
    valores.delete(nombre)
    const n = Number(v.replace(/_/g, ''))
    if (!ENTERO.test(v) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new ArgumentosError(
        `--${nombre} debe ser un número entero entre ${min} y ${max}: "${v}"`,
      )
    }
    return n
  }
  const pacientes = numero('pacientes', 1, 50_000_000)
  const semilla = numero('semilla', 0, 2 ** 32 - 1)
  const lote = numero('lote', 1, 20_000)
  const sobra = [...valores.keys()][0]
  if (sobra) throw new ArgumentosError(`Opción desconocida: --${sobra}\n${USO_SEED}`)
  if (pacientes === undefined)
    throw new ArgumentosError(`Indique cuántos pacientes cargar.\n${USO_SEED}`)
  return {
    pacientes,
    ...(semilla !== undefined && { semilla }),
    ...(lote !== undefined && { lote }),
  }
}

export const miles = (n: number): string => n.toLocaleString('es-PE')

export function duracion(ms: number): string {
  const s = Math.round(ms / 1000)
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}

/** A bar redrawn in place on a terminal; elsewhere (a log, CI) one line per tenth. */
export function barraDeProgreso(total: number, salida: NodeJS.WriteStream = process.stderr) {
  const inicio = Date.now()
  let ultimoDibujo = 0
  let ultimaDecima = -1
  const linea = (hechos: number, atenciones: number) => {
    const fraccion = total === 0 ? 1 : hechos / total
    const ms = Date.now() - inicio
    const porSegundo = ms > 0 ? Math.round((hechos / ms) * 1000) : 0
    const resta = porSegundo > 0 ? duracion(((total - hechos) / porSegundo) * 1000) : '…'
    const ancho = 30
    const llenos = Math.round(fraccion * ancho)
    return (
      `[${'█'.repeat(llenos)}${'░'.repeat(ancho - llenos)}] ${String(Math.floor(fraccion * 100)).padStart(3)}% ` +
      `${miles(hechos)}/${miles(total)} pacientes, ${miles(atenciones)} atenciones · ${miles(porSegundo)}/s · faltan ${resta}`
    )
  }
  return {
    avanzar(hechos: number, atenciones: number) {
      if (salida.isTTY) {
        const ahora = Date.now()
        if (ahora - ultimoDibujo < 100 && hechos < total) return
        ultimoDibujo = ahora
        salida.write(`\r${linea(hechos, atenciones)}\x1b[K`)
      } else {
        const decima = Math.floor((hechos / Math.max(1, total)) * 10)
        if (decima === ultimaDecima) return
        ultimaDecima = decima
        salida.write(`${linea(hechos, atenciones)}\n`)
      }
    },
    terminar() {
      if (salida.isTTY) salida.write('\n')
      return Date.now() - inicio
    },
  }
}
