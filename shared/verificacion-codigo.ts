// A signed document's short code as people read and type it, and the verification's messages. No
// TypeBox here: the public verification page imports this and stays small on a cheap phone.

/** Letters and digits that cannot be misread for each other (no I, O, 0, 1). */
export const ALFABETO_CODIGO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
/** How the code is stored: ten of those characters. */
const CODIGO = /^[A-HJ-NP-Z2-9]{10}$/
/** How it is printed and shown: two groups of five, to read aloud or type from paper. */
export const CODIGO_LEGIBLE = '^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$'

/**
 * The stored code a person or a QR gave, or null when it cannot be one: any letter case, with or
 * without the dash (or spaces) between the groups.
 */
export function normalizarCodigo(texto: string): string | null {
  if (texto.length > 40) return null
  const codigo = texto.replace(/[\s-]/g, '').toUpperCase()
  return CODIGO.test(codigo) ? codigo : null
}

/** «7KQ2M-9XDHA»: a stored code in the groups it is printed in; anything else as it is. */
export const codigoLegible = (codigo: string): string =>
  CODIGO.test(codigo) ? `${codigo.slice(0, 5)}-${codigo.slice(5)}` : codigo

/** The path of a document's verification, the one its QR carries. */
export const rutaVerificacion = (codigo: string): string => `/v/${codigo}`

/**
 * How many verifications one address may ask for in a window (VERIFICACIONES_POR_DIRECCION changes
 * the number), and the window.
 */
export const LIMITE_VERIFICACION = { maximo: 30, ventanaMinutos: 10 } as const

export const MENSAJES_VERIFICACION = {
  noEncontrado: 'No encontramos un documento con ese código',
  demasiadas: (minutos: number) =>
    `Demasiadas verificaciones desde esta dirección. Intente nuevamente en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  reemplazado: 'Reemplazado por una versión posterior',
  parcial: 'Informe parcial: algunos resultados aún no estaban validados cuando se emitió',
  resultados: 'Resultados de laboratorio',
  informe: (modalidad: string) => `Informe de ${modalidad}`,
  adenda: (modalidad: string) => `Adenda al informe de ${modalidad}`,
  correccion: (modalidad: string) => `Corrección del informe de ${modalidad}`,
} as const
