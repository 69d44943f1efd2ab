// «Nombre o documento», the search's one box (docs/datos.md#nombre-o-documento): its words, in any
// order, become the conditions of the separate filters — a word with a digit the document, any
// other word one of the four names.
import { normalizarDocumento } from './documento.js'

/** Longest text the box takes: four long names and a document. */
export const LARGO_NOMBRE_O_DOCUMENTO = 150

/** Most words the box takes: four names and a document, with room for a particle («de la»). */
export const PALABRAS_MAXIMAS = 6

export const MENSAJES_NOMBRE_O_DOCUMENTO = {
  muchasPalabras: `Escriba como máximo ${PALABRAS_MAXIMAS} palabras`,
  dosDocumentos: 'Escriba un solo documento',
  otroDocumento: 'El documento no coincide con el del filtro Documento',
} as const

const LETRA_O_NUMERO = /[\p{L}\p{N}]/u
const NUMERO = /\p{N}/u
/** Between words: blanks, and the comma of «Núñez, Lucía». */
const SEPARADOR = /[\s,;]+/
/** A word as the search compares it: no case, no accents. */
const clave = (palabra: string) => palabra.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

export interface NombreODocumento {
  /** Words to find among the four names, as typed. */
  palabras: string[]
  /** The documents typed (normalised as stored), most often none or one. */
  documentos: string[]
}

/**
 * The box's words, each once: split on blanks and commas, each with a digit a document, the others
 * names. A word with no letter or digit (a lone hyphen, `%`) adds nothing and is dropped.
 */
export function leerNombreODocumento(texto: string): NombreODocumento {
  const palabras = new Map<string, string>()
  const documentos = new Set<string>()
  for (const palabra of texto.split(SEPARADOR)) {
    if (!LETRA_O_NUMERO.test(palabra)) continue
    if (NUMERO.test(palabra)) documentos.add(normalizarDocumento(palabra))
    else if (!palabras.has(clave(palabra))) palabras.set(clave(palabra), palabra)
  }
  return { palabras: [...palabras.values()], documentos: [...documentos] }
}

/**
 * The one document prefix every given one agrees with: documents match by their start, so «4123»
 * and «41234567» together mean «41234567». Null when two disagree (nothing could match both).
 */
export function documentoComun(documentos: readonly string[]): string | null {
  const largo = [...documentos].sort((a, b) => b.length - a.length)[0] ?? ''
  return documentos.every((d) => largo.startsWith(d)) ? largo : null
}
