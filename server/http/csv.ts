// CSV as Excel in Spanish opens it (docs/api.md#exportar-la-lista-de-trabajo): UTF-8 with a BOM
// (without it Excel reads the accents as Windows-1252), «;» between cells (the separator of a
// locale whose decimal mark is the comma), CRLF line ends, RFC 4180 quoting.

export const BOM = '\uFEFF'
export const SEPARADOR = ';'

/** A cell Excel must keep as text: a document's leading zeros, an 11-digit RUC not in 2,01E+10. */
export interface Texto {
  texto: string
}

/** Cells that start a formula in a spreadsheet (OWASP's CSV injection): read as text instead. */
const FORMULA = /^[=+\-@\t\r]/

function celda(valor: string | Texto): string {
  const v =
    typeof valor !== 'string'
      ? /^\d+$/.test(valor.texto)
        ? `="${valor.texto}"`
        : valor.texto
      : FORMULA.test(valor)
        ? `'${valor}`
        : valor
  return /[;"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v
}

/** One line of cells, quoted where needed, with its CRLF. */
export function lineaCsv(celdas: readonly (string | Texto)[]): string {
  return celdas.map(celda).join(SEPARADOR) + '\r\n'
}

/** 'YYYY-MM-DD' → 'dd/mm/aaaa', the date Excel in Spanish reads as a date; '' for none. */
export function fechaCsv(iso: string | null): string {
  if (!iso) return ''
  const [y, m, d] = iso.split('-')
  return `${d}/${m}/${y}`
}
