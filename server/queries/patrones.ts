// The LIKE patterns of the search: a term's characters are literal, and a substring pattern is
// used only where the trigram index can narrow it.

/** `%`, `_` and the backslash as themselves in a LIKE pattern (the backslash is LIKE's default escape). */
export const escaparLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Whether pg_trgm draws a trigram from the pattern `'%' || term || '%'`, as its LIKE support does:
 * each run of letters and digits is a word, padded with two blanks when a literal character
 * (punctuation, an escaped `%` or `_`) comes before it and one when one comes after, and a word
 * yields trigrams from three characters. Without one, the trigram index hands over every row.
 */
export function tieneTrigramas(termino: string): boolean {
  const texto = termino.normalize('NFD').replace(/\p{M}/gu, '')
  for (const m of texto.matchAll(/[\p{L}\p{N}]+/gu)) {
    const antes = m.index > 0 ? 2 : 0
    const despues = m.index + m[0].length < texto.length ? 1 : 0
    if ([...m[0]].length + antes + despues >= 3) return true
  }
  return false
}
