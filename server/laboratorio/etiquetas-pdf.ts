// The labels of a LAB atención's samples as a PDF (docs/api.md#laboratorio-muestras): each one
// 50×25 mm with the sample's Code128 barcode, its number in digits, the patient's name and
// document, the day it was drawn, the tube and the studies in it. `etiqueta` prints one per page
// for a thermal label printer; `a4` lays them on the common A4 sheet of 3 × 8 labels of 70×37 mm
// (no gaps, 0.5 mm above and below), each centred in its cell, so none comes near the sheet's edge
// where laser printers do not print. Bars are drawn as vectors: sharp at 203, 300 or 600 dpi.
import type { Static } from '@sinclair/typebox'
import PDFDocument from 'pdfkit'
import { fechaLegible } from '../../shared/edad.js'
import type { EtiquetaSchema } from '../../shared/muestras.js'
import { prepararDocumento } from '../informes/pdf-partes.js'
import { barrasCode128 } from './code128.js'

export type Etiqueta = Static<typeof EtiquetaSchema>
export type FormatoEtiquetas = 'etiqueta' | 'a4'

const MM = 72 / 25.4

/** The label, and what is kept clear inside its edges (a thermal head's margin). */
const ETIQUETA = { ancho: 50 * MM, alto: 25 * MM, margenX: 2 * MM, margenY: 1.5 * MM }
/** The A4 sheet of labels: 3 columns × 8 rows of 70×37 mm (Avery 3474 and its equivalents). */
const HOJA = { ancho: 210 * MM, alto: 297 * MM, columnas: 3, filas: 8, celdaX: 70 * MM }
const CELDA_Y = 37 * MM
const HOJA_ARRIBA = (HOJA.alto - HOJA.filas * CELDA_Y) / 2

/**
 * Code128's narrowest bar: 0.375 mm is 3 dots of a 203 dpi thermal head, well above the 0.25 mm
 * cheap scanners need; the quiet zone is the standard's 10 modules on each side.
 */
const MODULO = 0.375 * MM
const MODULO_MINIMO = 0.25 * MM
const ZONA_QUIETA = 10
const ALTO_BARRAS = 7.5 * MM

/** `texto` cut with «…» so that it fits `ancho` in the current font and size. */
function ajustar(doc: PDFKit.PDFDocument, texto: string, ancho: number): string {
  if (doc.widthOfString(texto) <= ancho) return texto
  const letras = Array.from(texto)
  while (letras.length > 0 && doc.widthOfString(`${letras.join('').trimEnd()}…`) > ancho)
    letras.pop()
  return `${letras.join('').trimEnd()}…`
}

/**
 * «Apellidos, Nombres» as it fits `ancho`: a smaller size first; then only the first nombre; then
 * the apellidos cut with «…», never that nombre.
 */
function nombreQueCabe(doc: PDFKit.PDFDocument, paciente: string, ancho: number): string {
  if (doc.widthOfString(paciente) <= ancho) return paciente
  doc.fontSize(6.5)
  if (doc.widthOfString(paciente) <= ancho) return paciente
  const coma = paciente.indexOf(', ')
  if (coma < 0) return paciente
  const nombre = `, ${paciente.slice(coma + 2).split(' ')[0]}`
  const apellidos = paciente.slice(0, coma)
  return ajustar(doc, apellidos, ancho - doc.widthOfString(nombre)) + nombre
}

/** A line of text at (x, y) that never wraps nor moves to another page. */
function linea(
  doc: PDFKit.PDFDocument,
  texto: string,
  x: number,
  y: number,
  ancho: number,
  align: 'left' | 'center' | 'right' = 'left',
) {
  doc.text(ajustar(doc, texto, ancho), x, y, { width: ancho, align, lineBreak: false })
}

/** The tube as the label names it: «Tubo tapa lila (EDTA)» is «Tapa lila (EDTA)». */
export function recipienteCorto(recipiente: string): string {
  const r = recipiente.replace(/^tubo\s+/i, '')
  return r.charAt(0).toLocaleUpperCase('es') + r.slice(1)
}

/** The bars of `codigo`, centred on `centro`, with their quiet zones inside `ancho`. */
function barras(doc: PDFKit.PDFDocument, codigo: string, centro: number, y: number, ancho: number) {
  const anchos = barrasCode128(codigo)
  const modulos = anchos.reduce((s, w) => s + w, 0)
  const modulo = Math.max(MODULO_MINIMO, Math.min(MODULO, ancho / (modulos + 2 * ZONA_QUIETA)))
  let x = centro - (modulos * modulo) / 2
  doc.fillColor('#000000')
  for (const [i, w] of anchos.entries()) {
    if (i % 2 === 0) doc.rect(x, y, w * modulo, ALTO_BARRAS)
    x += w * modulo
  }
  doc.fill()
}

/** One label with its top left corner at (x0, y0). */
function dibujar(doc: PDFKit.PDFDocument, e: Etiqueta, x0: number, y0: number) {
  const x = x0 + ETIQUETA.margenX
  const ancho = ETIQUETA.ancho - 2 * ETIQUETA.margenX
  let y = y0 + ETIQUETA.margenY
  doc.fillColor('#000000')
  doc.font('negrita').fontSize(7.5)
  linea(doc, nombreQueCabe(doc, e.paciente, ancho), x, y, ancho)
  y += 8.5
  const fecha = fechaLegible(e.fecha)
  doc.font('normal').fontSize(6.5)
  const anchoFecha = doc.widthOfString(fecha)
  linea(doc, fecha, x + ancho - anchoFecha, y, anchoFecha, 'right')
  linea(doc, e.documento, x, y, ancho - anchoFecha - 2 * MM)
  y += 8
  barras(doc, e.codigo, x0 + ETIQUETA.ancho / 2, y, ETIQUETA.ancho)
  y += ALTO_BARRAS + 1
  doc.font('negrita').fontSize(7)
  doc.text(e.codigo, x, y, { width: ancho, align: 'center', lineBreak: false, characterSpacing: 1 })
  y += 8
  doc.font('negrita').fontSize(6)
  linea(doc, recipienteCorto(e.recipiente), x, y, ancho)
  y += 7
  doc.font('normal')
  linea(doc, e.estudios.join(', '), x, y, ancho)
}

/** The labels' PDF; `creadoEn` fixes its metadata dates. */
export function renderizarEtiquetas(
  etiquetas: readonly Etiqueta[],
  formato: FormatoEtiquetas,
  creadoEn: Date,
): Promise<Buffer> {
  const pagina = formato === 'etiqueta' ? [ETIQUETA.ancho, ETIQUETA.alto] : [HOJA.ancho, HOJA.alto]
  const doc = new PDFDocument({
    size: pagina,
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: 'Etiquetas de muestras',
      Creator: 'Laboratorio',
      CreationDate: creadoEn,
      ModDate: creadoEn,
    },
    lang: 'es-PE',
  })
  const fin = prepararDocumento(doc)
  const porHoja = HOJA.columnas * HOJA.filas
  for (const [i, e] of etiquetas.entries()) {
    if (formato === 'etiqueta') {
      doc.addPage()
      dibujar(doc, e, 0, 0)
      continue
    }
    const enHoja = i % porHoja
    if (enHoja === 0) doc.addPage()
    const columna = enHoja % HOJA.columnas
    const fila = Math.floor(enHoja / HOJA.columnas)
    dibujar(
      doc,
      e,
      columna * HOJA.celdaX + (HOJA.celdaX - ETIQUETA.ancho) / 2,
      HOJA_ARRIBA + fila * CELDA_Y + (CELDA_Y - ETIQUETA.alto) / 2,
    )
  }
  doc.end()
  return fin
}
