// The options of a command: `--nombre valor` or `--nombre=valor` for the names it knows, and, if
// it takes one, a plain argument (a file). Anything else is a ConfigError with the command's usage.
import { ConfigError } from '../config.js'

export function leerOpciones(
  args: readonly string[],
  nombres: readonly string[],
  uso: string,
  { conArchivo = false } = {},
): Record<string, string | undefined> & { archivo?: string } {
  const valores: Record<string, string | undefined> = {}
  let archivo: string | undefined
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(a)
    if (!m) {
      if (!conArchivo || archivo !== undefined)
        throw new ConfigError(`Argumento no reconocido: ${a}\n${uso}`)
      archivo = a
      continue
    }
    if (!nombres.includes(m[1]!)) throw new ConfigError(`Opción no reconocida: ${a}\n${uso}`)
    const valor = m[2] ?? args[++i]
    if (!valor) throw new ConfigError(`Falta el valor de --${m[1]}\n${uso}`)
    valores[m[1]!] = valor
  }
  return { ...valores, archivo }
}
