// What an uploaded PNG or JPEG is, read from its bytes the way pdfkit will read it: its type and
// its size in pixels, or null when pdfkit could not draw it. pdfkit inflates a PNG's pixels in a
// callback that throws outside any try (png-js), so a PNG whose compressed data is broken would
// end the process at signing, and so would a row whose filter byte is not one of PNG's five; here
// the same data is inflated synchronously, bounded by what its header says it holds, its rows'
// filters are checked, and a broken one is refused at upload and skipped at signing.
import { inflateSync } from 'node:zlib'
import { tipoDeImagen, type LogoTipo } from '../../shared/clinica.js'

export interface ImagenLeida {
  tipo: LogoTipo
  ancho: number
  alto: number
}

/** Bits per pixel of each PNG colour type, by bit depth (the combinations the format allows). */
const PNG_BITS: Record<number, { canales: number; profundidades: number[] }> = {
  0: { canales: 1, profundidades: [1, 2, 4, 8, 16] }, // grey
  2: { canales: 3, profundidades: [8, 16] }, // RGB
  3: { canales: 1, profundidades: [1, 2, 4, 8] }, // palette
  4: { canales: 2, profundidades: [8, 16] }, // grey and alpha
  6: { canales: 4, profundidades: [8, 16] }, // RGBA
}

function leerPng(b: Buffer, maximo: number): ImagenLeida | null {
  let pos = 8
  let cabecera: {
    ancho: number
    alto: number
    bits: number
    color: number
    entrelazada: boolean
  } | null = null
  let paleta = false
  const datos: Buffer[] = []
  while (pos + 8 <= b.length) {
    const largo = b.readUInt32BE(pos)
    const tipo = b.toString('latin1', pos + 4, pos + 8)
    const inicio = pos + 8
    if (inicio + largo + 4 > b.length) return null
    const cuerpo = b.subarray(inicio, inicio + largo)
    if (tipo === 'IHDR') {
      if (largo !== 13 || cabecera) return null
      cabecera = {
        ancho: cuerpo.readUInt32BE(0),
        alto: cuerpo.readUInt32BE(4),
        bits: cuerpo[8]!,
        color: cuerpo[9]!,
        entrelazada: cuerpo[12] === 1,
      }
      if (cuerpo[10] !== 0 || cuerpo[11] !== 0 || cuerpo[12]! > 1) return null
    } else if (!cabecera) return null
    else if (tipo === 'PLTE') paleta = true
    else if (tipo === 'IDAT') datos.push(cuerpo)
    else if (tipo === 'IEND') break
    pos = inicio + largo + 4
  }
  if (!cabecera || datos.length === 0) return null
  const { ancho, alto, bits, color, entrelazada } = cabecera
  const forma = PNG_BITS[color]
  if (!forma || !forma.profundidades.includes(bits) || (color === 3 && !paleta)) return null
  if (ancho < 1 || alto < 1 || ancho > maximo || alto > maximo)
    return { tipo: 'image/png', ancho, alto }
  // Each row is a filter byte and its pixels; interlacing adds at most a row per pass and column.
  const fila = Math.ceil((ancho * forma.canales * bits) / 8) + 1
  const limite = (alto + 8) * (fila + 8) * 2
  let pixeles: Buffer
  try {
    pixeles = inflateSync(Buffer.concat(datos), { maxOutputLength: limite })
  } catch {
    return null
  }
  if (!filtrosValidos(pixeles, ancho, alto, forma.canales * bits, entrelazada)) return null
  return { tipo: 'image/png', ancho, alto }
}

/** Adam7's passes: first column and row, and the steps between columns and rows. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const

/**
 * Whether each row's filter byte is one of PNG's five, walking the rows the way png-js does
 * (pdfkit's decoder, which throws «Invalid filter algorithm» where no try reaches). Data that
 * ends early is no error to it: the rows it lacks stay blank.
 */
function filtrosValidos(
  pixeles: Buffer,
  ancho: number,
  alto: number,
  bitsPorPixel: number,
  entrelazada: boolean,
): boolean {
  let pos = 0
  for (const [x0, y0, dx, dy] of entrelazada ? ADAM7 : [[0, 0, 1, 1] as const]) {
    const columnas = Math.max(0, Math.ceil((ancho - x0) / dx))
    const filas = Math.ceil((alto - y0) / dy)
    const bytesFila = Math.ceil((columnas * bitsPorPixel) / 8)
    for (let fila = 0; fila < filas && pos < pixeles.length; fila++) {
      if (pixeles[pos]! > 4) return false
      pos += 1 + bytesFila
    }
  }
  return true
}

/** Start-of-frame markers: baseline, extended, progressive and lossless, Huffman or arithmetic. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

function leerJpeg(b: Buffer): ImagenLeida | null {
  let pos = 2
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return null
    const marcador = b[pos + 1]!
    if (marcador === 0xff) {
      pos += 1 // fill byte
      continue
    }
    if (marcador === 0xd8 || marcador === 0x01 || (marcador >= 0xd0 && marcador <= 0xd7)) {
      pos += 2
      continue
    }
    if (marcador === 0xd9 || marcador === 0xda) return null // image data before any frame
    const largo = b.readUInt16BE(pos + 2)
    if (largo < 2 || pos + 2 + largo > b.length) return null
    if (SOF.has(marcador)) {
      if (largo < 8) return null
      const alto = b.readUInt16BE(pos + 5)
      const ancho = b.readUInt16BE(pos + 7)
      const componentes = b[pos + 9]!
      // pdfkit draws grey, RGB and CMYK.
      if (![1, 3, 4].includes(componentes) || ancho < 1 || alto < 1) return null
      return { tipo: 'image/jpeg', ancho, alto }
    }
    pos += 2 + largo
  }
  return null
}

/**
 * The type and pixel size of a PNG or JPEG that pdfkit can draw; null for anything else. A PNG
 * wider or taller than `maximo` is answered by its size without inflating it (the caller refuses it).
 */
export function leerImagen(bytes: Uint8Array, maximo: number): ImagenLeida | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tipo = tipoDeImagen(b)
  if (tipo === 'image/png') return leerPng(b, maximo)
  if (tipo === 'image/jpeg') return leerJpeg(b)
  return null
}
