// The access code as people read and type it, its limits and its messages. No TypeBox here: the
// patient's public page (/resultados) imports this and stays small on a cheap phone.

/** Letters and digits that cannot be misread for each other (no I, O, 0, 1): 5 bits each. */
export const ALFABETO_ACCESO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
/** Sixteen of them, 80 bits: how the code is checked once spaces and dashes are gone. */
const CODIGO_ACCESO = /^[A-HJ-NP-Z2-9]{16}$/

/** The code as typed (any case, with or without dashes or spaces), or null when it cannot be one. */
export function normalizarCodigoAcceso(texto: string): string | null {
  if (texto.length > 60) return null
  const codigo = texto.replace(/[\s-]/g, '').toUpperCase()
  return CODIGO_ACCESO.test(codigo) ? codigo : null
}

/** «K7QM-2XHD-9PRA-TW4C»: four groups of four, to read aloud or type from paper. */
export const codigoAccesoLegible = (codigo: string): string =>
  codigo.match(/.{1,4}/g)?.join('-') ?? codigo

/**
 * What a person is typing, shown in the printed groups as it grows: «k7qm 2x» reads «K7QM-2X».
 * Only spaces and dashes go; any other character stays, so a mistake is seen, not hidden.
 */
export const codigoAccesoMientrasEscribe = (texto: string): string =>
  codigoAccesoLegible(texto.replace(/[\s-]/g, '').toUpperCase().slice(0, 16))

/** Wrong tries per document typed, and per address, in each window; then 429. */
export const LIMITE_ACCESO = {
  porDocumento: 5,
  ventanaDocumentoMinutos: 15,
  porDireccion: 20,
  ventanaDireccionMinutos: 10,
} as const

/** How long the download cookie lasts after the code was accepted. */
export const MINUTOS_ACCESO = 15

export const MENSAJES_ACCESO = {
  invalido: 'El documento o el código de acceso no son correctos, o el código ya venció',
  demasiados: (minutos: number) =>
    `Demasiados intentos. Intente nuevamente en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  sinAcceso: 'Su acceso terminó: ingrese su documento y código otra vez',
  noEncontrado: 'Documento no encontrado',
} as const
