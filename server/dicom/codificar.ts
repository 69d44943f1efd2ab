// The datasets of C-FIND answers, encoded here rather than by dcmjs (docs/dicom.md#codificación):
// dcmjs denaturalized and wrote each item in ~0.7 ms, most of the time of a day's answer. What is
// encoded is an item as recortar() leaves it — text, PN as {Alphabetic}, sequences of such items,
// empty values of any VR —; anything else throws NoCodificable and is left to the library.
import dcmjs from 'dcmjs'
import type { Elementos } from './dimse.js'

export const EXPLICITA = '1.2.840.10008.1.2.1'
export const IMPLICITA = '1.2.840.10008.1.2'

export class NoCodificable extends Error {}

const { DicomMetaDictionary, ValueRepresentation } = dcmjs.data

/** VRs written as text (PS3.5 6.2), in the character set the dataset declares. */
const TEXTO = new Set('AE AS CS DA DS DT IS LO LT PN SH ST TM UC UI UR UT'.split(' '))
/** Binary VRs: only an empty value of theirs is encoded here. */
const BINARIOS = new Set('AT FD FL OB OD OF OL OV OW SL SS SV UL UN US UV'.split(' '))
/** Explicit VR with 2 reserved bytes and a 4-byte length (PS3.5 7.1.2). */
const LARGOS = new Set('OB OD OF OL OV OW SQ UC UR UT UN SV UV'.split(' '))

/**
 * PS3.5 6.2's maximum characters per value where dcmjs's dictionary gives none: a longer station
 * name, location or description went out whole, and strict modalities refuse the item.
 */
export const MAXIMO_VR: Readonly<Record<string, number>> = { SH: 16, LO: 64, ST: 1024, LT: 10240 }
/** PN: 64 characters per component group (alphabetic, ideographic, phonetic). */
export const MAXIMO_GRUPO_PN = 64

interface Atributo {
  clave: string
  tag: number
  vr: string
  /** dcmjs cuts longer values to this many characters; the same is done here. */
  max: number | undefined
}

const atributos = new Map<string, Atributo | null>()

/** The keyword's tag and VR in dcmjs's dictionary; null for a name it does not know (dropped, as dcmjs does). */
function atributo(clave: string): Atributo | null {
  const visto = atributos.get(clave)
  if (visto !== undefined) return visto
  const e = DicomMetaDictionary.nameMap[clave]
  let a: Atributo | null = null
  if (e) {
    if (e.vr !== 'SQ' && !TEXTO.has(e.vr) && !BINARIOS.has(e.vr))
      throw new NoCodificable(`${clave}: VR ${e.vr}`)
    const v = TEXTO.has(e.vr) ? ValueRepresentation.createByTypeString(e.vr) : {}
    a = {
      clave,
      tag: parseInt(e.tag.replace(/[^0-9A-Fa-f]/g, ''), 16),
      vr: e.vr,
      max: v.maxLength ? (v.rangeMatchingMaxLength ?? v.maxLength) : MAXIMO_VR[e.vr],
    }
  }
  atributos.set(clave, a)
  return a
}

const vacio = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

/** A PN's component group cut to its maximum, with no '^' left dangling at the cut. */
const grupoPn = (g: string) =>
  g.length > MAXIMO_GRUPO_PN ? g.slice(0, MAXIMO_GRUPO_PN).replace(/[\^ ]+$/, '') : g

/** PN as dcmjs writes it: its component groups joined by '=', trailing empty ones dropped. */
function persona(v: Record<string, unknown>): string {
  const grupos = [v.Alphabetic, v.Ideographic, v.Phonetic].map((g) => (g ? grupoPn(String(g)) : ''))
  while (grupos.length > 1 && grupos[grupos.length - 1] === '') grupos.pop()
  return grupos.join('=')
}

/** A text element's value: its values joined by '\', each cut as dcmjs cuts it. */
function textoDe(a: Atributo, v: unknown): string {
  const valores = Array.isArray(v) ? v : [v]
  return valores
    .map((x) => {
      if (typeof x === 'string' || typeof x === 'number') {
        const s = String(x)
        if (a.vr === 'PN') return s.split('=').map(grupoPn).join('=')
        return a.max !== undefined && s.length > a.max ? s.slice(0, a.max) : s
      }
      if (a.vr === 'PN' && x && typeof x === 'object') return persona(x as Record<string, unknown>)
      throw new NoCodificable(`${a.clave}: valor no textual`)
    })
    .join('\\')
}

const INDEFINIDA = 0xffffffff

/** Letters Latin-1 lacks that have no accent to drop: their usual spelling in it. */
const FUERA_DE_LATIN1: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Œ: 'OE',
  œ: 'oe',
  ı: 'i',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '€': 'EUR',
}

/**
 * Text as ISO_IR 100 can hold it (PS3.5 6.1.2.4): what Latin-1 has stays (Ñ, Á, ü), what it lacks
 * loses its accent (Ŝ → S) or takes its usual spelling (Œ → OE), and anything left becomes `?` —
 * a name is transliterated, never dropped.
 */
export function aLatin1(s: string): string {
  if (/^[\u0000-\u00ff]*$/.test(s)) return s
  let r = ''
  for (const c of s) {
    if (c.charCodeAt(0) <= 0xff) r += c
    else if (FUERA_DE_LATIN1[c]) r += FUERA_DE_LATIN1[c]
    else {
      const base = c.normalize('NFD').replace(/\p{M}/gu, '')
      r += base.length > 0 && [...base].every((b) => b.charCodeAt(0) <= 0xff) ? base : '?'
    }
  }
  return r
}

/** Writes elements into one growing buffer: no allocation per element. */
class Escritor {
  private b = Buffer.allocUnsafe(2048)
  private n = 0

  constructor(
    private readonly explicita: boolean,
    private readonly latin1: boolean,
  ) {}

  /** What was written; a fresh buffer of this Escritor's, never reused. */
  bytes(): Buffer {
    return this.b.subarray(0, this.n)
  }

  private lugar(bytes: number) {
    if (this.n + bytes <= this.b.length) return
    const mayor = Buffer.allocUnsafe(Math.max(this.b.length * 2, this.n + bytes))
    this.b.copy(mayor, 0, 0, this.n)
    this.b = mayor
  }

  private cabecera(tag: number, vr: string, largo: number) {
    const largoLargo = !this.explicita || LARGOS.has(vr)
    this.lugar(12)
    const b = this.b
    const n = this.n
    b.writeUInt16LE(tag >>> 16, n)
    b.writeUInt16LE(tag & 0xffff, n + 2)
    if (!this.explicita) {
      b.writeUInt32LE(largo, n + 4)
      this.n += 8
      return
    }
    b.write(vr, n + 4, 'latin1')
    if (largoLargo) {
      b.writeUInt16LE(0, n + 6)
      b.writeUInt32LE(largo, n + 8)
      this.n += 12
    } else if (largo > 0xffff) throw new NoCodificable(`valor de ${largo} bytes para ${vr}`)
    else {
      b.writeUInt16LE(largo, n + 6)
      this.n += 8
    }
  }

  /** Item, item delimitation and sequence delimitation tags (PS3.5 7.5): no VR, 4-byte length. */
  private delimitador(elemento: number, largo: number) {
    this.lugar(8)
    this.b.writeUInt16LE(0xfffe, this.n)
    this.b.writeUInt16LE(elemento, this.n + 2)
    this.b.writeUInt32LE(largo, this.n + 4)
    this.n += 8
  }

  dataset(elementos: Elementos) {
    if (elementos._vrMap && Object.keys(elementos._vrMap).length > 0)
      throw new NoCodificable('VR propios (_vrMap)')
    const presentes: [Atributo, unknown][] = []
    for (const clave of Object.keys(elementos)) {
      const a = clave === '_vrMap' ? null : atributo(clave)
      if (a && elementos[clave] !== undefined) presentes.push([a, elementos[clave]])
    }
    presentes.sort((x, y) => x[0].tag - y[0].tag)
    for (const [a, v] of presentes) this.elemento(a, v)
  }

  private elemento(a: Atributo, v: unknown) {
    if (a.vr === 'SQ') {
      if (!vacio(v) && !Array.isArray(v)) throw new NoCodificable(`${a.clave}: no es una secuencia`)
      this.cabecera(a.tag, 'SQ', INDEFINIDA)
      for (const item of (v as unknown[] | null) ?? []) {
        if (!item || typeof item !== 'object' || 'Alphabetic' in item)
          throw new NoCodificable(`${a.clave}: ítem inválido`)
        this.delimitador(0xe000, INDEFINIDA)
        this.dataset(item as Elementos)
        this.delimitador(0xe00d, 0)
      }
      this.delimitador(0xe0dd, 0)
      return
    }
    if (vacio(v)) return this.cabecera(a.tag, a.vr, 0)
    if (!TEXTO.has(a.vr)) return this.enteros(a, v)
    const texto = this.latin1 ? aLatin1(textoDe(a, v)) : textoDe(a, v)
    const codificacion = this.latin1 ? 'latin1' : 'utf8'
    const largo = Buffer.byteLength(texto, codificacion)
    // Values have even length (PS3.5 7.1.1): UI pads with NUL, other text with a space.
    const par = largo + (largo % 2)
    this.cabecera(a.tag, a.vr, par)
    this.lugar(par)
    this.b.write(texto, this.n, codificacion)
    if (par > largo) this.b[this.n + largo] = a.vr === 'UI' ? 0 : 0x20
    this.n += par
  }

  private enteros(a: Atributo, v: unknown) {
    const ancho = ENTEROS[a.vr]
    const valores = Array.isArray(v) ? v : [v]
    if (!ancho || !valores.every((x) => Number.isInteger(x)))
      throw new NoCodificable(`${a.clave}: valor binario`)
    this.cabecera(a.tag, a.vr, ancho * valores.length)
    this.lugar(ancho * valores.length)
    for (const x of valores as number[]) {
      if (a.vr === 'US') this.b.writeUInt16LE(x, this.n)
      else if (a.vr === 'SS') this.b.writeInt16LE(x, this.n)
      else if (a.vr === 'UL') this.b.writeUInt32LE(x, this.n)
      else this.b.writeInt32LE(x, this.n)
      this.n += ancho
    }
  }
}

/** Integer VRs a command carries (Status, MessageIDBeingRespondedTo, …), by their byte width. */
const ENTEROS: Record<string, number> = { US: 2, SS: 2, UL: 4, SL: 4 }

/**
 * The dataset's bytes in Explicit or Implicit VR Little Endian, its text in UTF-8 or, when it
 * declares ISO_IR 100 alone, Latin-1; NoCodificable for anything else.
 */
export function codificar(elementos: Elementos, sintaxis: string): Buffer {
  if (sintaxis !== EXPLICITA && sintaxis !== IMPLICITA)
    throw new NoCodificable(`sintaxis ${sintaxis}`)
  const juego = elementos.SpecificCharacterSet
  if (juego !== undefined && juego !== 'ISO_IR 192' && juego !== 'ISO_IR 100')
    throw new NoCodificable(`juego de caracteres ${String(juego)}`)
  const e = new Escritor(sintaxis === EXPLICITA, juego === 'ISO_IR 100')
  e.dataset(elementos)
  return e.bytes()
}

/**
 * A DIMSE command (PS3.7 6.3.1): always Implicit VR Little Endian, led by its group length
 * (0000,0000). dcmjs allocated two 256 KB buffers to write each one, ~0.25 ms per response.
 */
export function codificarComando(elementos: Elementos): Buffer {
  const cuerpo = codificar(elementos, IMPLICITA)
  const largo = Buffer.allocUnsafe(12)
  largo.writeUInt32LE(0, 0)
  largo.writeUInt32LE(4, 4)
  largo.writeUInt32LE(cuerpo.length, 8)
  return Buffer.concat([largo, cuerpo])
}
