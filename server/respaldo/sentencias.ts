// Cuts a pg_dump's plain SQL into whole statements as it streams in, so that a restore sends them
// in batches instead of one text of hundreds of megabytes. A `;` ends a statement only outside
// quotes, quoted names, dollar-quoted bodies and comments; psql's own lines (`\restrict`) are not
// SQL and are left out. Text is read a whole line at a time, so nothing is cut mid-token.

const enum Estado {
  Normal,
  Cadena,
  CadenaE,
  Nombre,
  Dolar,
  ComentarioBloque,
}

const LETRA = /[A-Za-z0-9_]/

export class Separador {
  private estado = Estado.Normal
  private etiqueta = ''
  private profundidad = 0
  /** The statement begun and not yet ended. */
  private actual: string[] = []
  /** A line begun in the last chunk. */
  private pendiente = ''

  /** The statements that `trozo` completes, each without its final `;`. */
  agregar(trozo: string): string[] {
    const lineas = (this.pendiente + trozo).split('\n')
    this.pendiente = lineas.pop()!
    const hechas: string[] = []
    for (const l of lineas) this.linea(l, hechas)
    return hechas
  }

  /** The last statement, if it has no `;`; an error if the text ends inside a quote. */
  terminar(): string[] {
    const hechas: string[] = []
    if (this.pendiente) this.linea(this.pendiente, hechas)
    this.pendiente = ''
    if (this.estado !== Estado.Normal)
      throw new Error('El respaldo termina a mitad de una sentencia: está incompleto.')
    const s = this.actual.join('\n').trim()
    this.actual = []
    if (s) hechas.push(s)
    return hechas
  }

  private linea(l: string, hechas: string[]): void {
    if (this.estado === Estado.Normal && l.startsWith('\\')) return // a psql meta-command
    let desde = 0
    for (let i = 0; i < l.length; i++) {
      const c = l[i]!
      switch (this.estado) {
        case Estado.Normal:
          if (c === ';') {
            this.actual.push(l.slice(desde, i))
            const s = this.actual.join('\n').trim()
            if (s) hechas.push(s)
            this.actual = []
            desde = i + 1
          } else if (c === "'") {
            const e = l[i - 1] === 'E' || l[i - 1] === 'e'
            this.estado = e && !LETRA.test(l[i - 2] ?? '') ? Estado.CadenaE : Estado.Cadena
          } else if (c === '"') this.estado = Estado.Nombre
          else if (c === '-' && l[i + 1] === '-')
            i = l.length // the rest of the line
          else if (c === '/' && l[i + 1] === '*') {
            this.estado = Estado.ComentarioBloque
            this.profundidad = 1
            i++
          } else if (c === '$' && !LETRA.test(l[i - 1] ?? '')) {
            const m = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(l.slice(i, i + 64))
            if (m) {
              this.estado = Estado.Dolar
              this.etiqueta = m[0]
              i += m[0].length - 1
            }
          }
          break
        case Estado.Cadena:
          if (c === "'") {
            if (l[i + 1] === "'") i++
            else this.estado = Estado.Normal
          }
          break
        case Estado.CadenaE:
          if (c === '\\') i++
          else if (c === "'") {
            if (l[i + 1] === "'") i++
            else this.estado = Estado.Normal
          }
          break
        case Estado.Nombre:
          if (c === '"') this.estado = Estado.Normal
          break
        case Estado.Dolar:
          if (c === '$' && l.startsWith(this.etiqueta, i)) {
            this.estado = Estado.Normal
            i += this.etiqueta.length - 1
          }
          break
        case Estado.ComentarioBloque:
          if (c === '*' && l[i + 1] === '/') {
            if (--this.profundidad === 0) this.estado = Estado.Normal
            i++
          } else if (c === '/' && l[i + 1] === '*') {
            this.profundidad++
            i++
          }
          break
      }
    }
    this.actual.push(l.slice(desde))
  }
}
