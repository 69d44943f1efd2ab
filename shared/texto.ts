// Free text from a form or a query: how it is tidied, and the control characters it may not hold.

/**
 * The control characters, as the body of a character class (`[…]`) in a regular expression or a
 * JSON-schema pattern. NUL above all: PostgreSQL refuses it, and none belongs in a name.
 */
export const CARACTERES_CONTROL = '\\u0000-\\u001f\\u007f-\\u009f'

/**
 * Characters that show nothing or turn the text around (soft hyphen, zero-width spaces and
 * joiners, bidi marks and overrides, word joiner, BOM): two names that read the same could differ
 * only by them.
 */
export const CARACTERES_INVISIBLES = '\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff'

/** Pattern of a text with no control character. */
export const SIN_CONTROL = `^[^${CARACTERES_CONTROL}]*$`

const CONTROL = new RegExp(`[${CARACTERES_CONTROL}]`)

/** True when a text holds a control character other than blanks. */
export const tieneControl = (s: string): boolean => CONTROL.test(s.replace(/[\t\n\r]/g, ' '))

/** Trimmed, inner runs of blanks made one space; anything not text becomes ''. */
export const limpiar = (v: unknown): string =>
  typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : ''
