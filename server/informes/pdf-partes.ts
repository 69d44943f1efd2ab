// What every signed PDF of the clinic shares (the informe, pdf.ts; the lab's result sheet,
// server/laboratorio/hoja-pdf.ts): the A4 page and its margins, DejaVu Sans (pinned, embedded and
// subset per document, so accents, ñ and ≥ ± µ ° print as typed), the letterhead, the patient's
// two-column ficha, a signer above their line, the verification QR and the numbered footer.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'

const require = createRequire(import.meta.url)
const fuente = (archivo: string) =>
  fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${archivo}`))) as fontkit.Font
// Parsed once and shared: fontkit decodes a font's tables as text is laid out and keeps them, so
// each document pays only for its own subset (a font parsed per document cost 50 ms of its 60).
const FUENTES = {
  normal: fuente('DejaVuSans.ttf'),
  negrita: fuente('DejaVuSans-Bold.ttf'),
  cursiva: fuente('DejaVuSans-Oblique.ttf'),
  negritaCursiva: fuente('DejaVuSans-BoldOblique.ttf'),
}

export interface ClinicaPdf {
  nombre: string
  ruc: string | null
  direccion: string | null
  telefono: string | null
  renipress: string | null
  logo: Buffer | null
}

export interface PacientePdf {
  nombre: string
  documento: string
  historia: string
  sexo: string | null
  edad: string | null
  fechaNacimiento: string | null
}

/** Someone who signs: `imagen` is their signature-and-stamp image (PNG or JPEG), or null. */
export interface FirmantePdf {
  nombre: string
  colegiatura: string
  imagen: Buffer | null
}

export const A4 = { ancho: 595.28, alto: 841.89 }
export const MARGEN = 50
export const PIE = 70
export const ANCHO = A4.ancho - 2 * MARGEN
export const TINTA = '#111827'
export const GRIS = '#4b5563'
export const LINEA = '#9ca3af'

/**
 * A new A4 document with the fonts registered and its bytes collected into `fin`. `creadoEn` fixes
 * its metadata dates, so the same content gives the same bytes.
 */
export function nuevoDocumento(
  info: { titulo: string; autor: string; productor: string },
  creadoEn: Date,
): { doc: PDFKit.PDFDocument; fin: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGEN, left: MARGEN, right: MARGEN, bottom: MARGEN + PIE },
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: info.titulo,
      Author: info.autor,
      Producer: info.productor,
      Creator: info.productor,
      CreationDate: creadoEn,
      ModDate: creadoEn,
    },
    lang: 'es-PE',
  })
  return { doc, fin: prepararDocumento(doc) }
}

/**
 * Registers DejaVu Sans under the names normal, negrita, cursiva and negritaCursiva on any of our
 * documents (A4 or a label), and collects its bytes: the promise resolves when it ends.
 */
export function prepararDocumento(doc: PDFKit.PDFDocument): Promise<Buffer> {
  // pdfkit takes a parsed fontkit font (it only needs its layout); its types list files only.
  for (const [nombre, f] of Object.entries(FUENTES))
    doc.registerFont(nombre, f as unknown as PDFKit.Mixins.PDFFontSource)
  const partes: Buffer[] = []
  doc.on('data', (p: Buffer) => partes.push(p))
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)))
    doc.on('error', reject)
  })
}

/** The most characters without a blank that pdfkit lays out in one call (see `trozos`). */
const TROZO_MAXIMO = 40
const LARGO_SIN_BLANCOS = new RegExp(`\\S{${TROZO_MAXIMO + 1}}`)
const GRAFEMAS = new Intl.Segmenter('es', { granularity: 'grapheme' })

/**
 * A run's text in the pieces given to pdfkit: a word longer than a line it splits by measuring the
 * whole rest of the word again for each line it fills, so six pasted 10,000-character words kept
 * the server busy 18 s. Such a word goes in pieces of TROZO_MAXIMO characters (whole graphemes),
 * each a continued text: a line may end between two, and otherwise they print side by side.
 */
export function trozos(texto: string): string[] {
  if (!LARGO_SIN_BLANCOS.test(texto)) return [texto]
  const salida: string[] = []
  let actual = ''
  let seguidos = 0
  for (const { segment } of GRAFEMAS.segment(texto)) {
    if (/\s/.test(segment)) seguidos = 0
    else if (++seguidos > TROZO_MAXIMO) {
      salida.push(actual)
      actual = ''
      seguidos = 1
    }
    actual += segment
  }
  salida.push(actual)
  return salida
}

export function membrete(doc: PDFKit.PDFDocument, clinica: ClinicaPdf) {
  let x = MARGEN
  if (clinica.logo) {
    try {
      doc.image(clinica.logo, MARGEN, MARGEN - 10, { fit: [70, 56] })
      x = MARGEN + 82
    } catch {
      // A logo pdfkit cannot read leaves the letterhead with text only.
    }
  }
  doc
    .font('negrita')
    .fontSize(14)
    .fillColor(TINTA)
    .text(clinica.nombre, x, MARGEN - 8, {
      width: A4.ancho - MARGEN - x,
    })
  const lineas = [
    clinica.ruc && `RUC ${clinica.ruc}`,
    clinica.renipress && `RENIPRESS N.º ${clinica.renipress}`,
    clinica.direccion,
    clinica.telefono && `Teléfono ${clinica.telefono}`,
  ].filter(Boolean) as string[]
  doc.font('normal').fontSize(8.5).fillColor(GRIS)
  for (const l of lineas) doc.text(l, x, doc.y, { width: A4.ancho - MARGEN - x })
  const y = Math.max(doc.y, MARGEN + 50) + 8
  doc
    .moveTo(MARGEN, y)
    .lineTo(A4.ancho - MARGEN, y)
    .lineWidth(0.8)
    .strokeColor(LINEA)
    .stroke()
  doc.y = y + 10
}

/** The document's title, centered, and the line under it (its number and version). */
export function titulo(doc: PDFKit.PDFDocument, texto: string, subtitulo: string) {
  doc.font('negrita').fontSize(13).fillColor(TINTA).text(texto, MARGEN, doc.y, {
    width: ANCHO,
    align: 'center',
  })
  doc.font('normal').fontSize(9).fillColor(GRIS).text(subtitulo, { width: ANCHO, align: 'center' })
  doc.moveDown(0.8)
}

/** Label and value pairs in two columns. */
export function ficha(doc: PDFKit.PDFDocument, pares: [string, string][]) {
  const columna = ANCHO / 2
  doc.fontSize(9)
  for (let i = 0; i < pares.length; i += 2) {
    const y = doc.y
    let abajo = y
    for (const [j, par] of pares.slice(i, i + 2).entries()) {
      const x = MARGEN + j * columna
      doc
        .font('negrita')
        .fillColor(GRIS)
        .text(`${par[0]}: `, x, y, {
          width: columna - 8,
          continued: true,
        })
      doc.font('normal').fillColor(TINTA).text(par[1])
      abajo = Math.max(abajo, doc.y)
    }
    doc.y = abajo + 2
  }
}

/**
 * The atención's médico solicitante under the ficha, where it names one: a line across the page,
 * so that a long name and its CMP are read together rather than wrapped in a column.
 */
export function lineaSolicitante(doc: PDFKit.PDFDocument, solicitante: string | null) {
  if (!solicitante) return
  doc.fontSize(9)
  doc
    .font('negrita')
    .fillColor(GRIS)
    .text('Médico solicitante: ', MARGEN, doc.y, { width: ANCHO, continued: true })
  doc.font('normal').fillColor(TINTA).text(solicitante)
  doc.y += 2
}

/** A thin rule across the page at the cursor. */
export function raya(doc: PDFKit.PDFDocument) {
  doc
    .moveTo(MARGEN, doc.y)
    .lineTo(A4.ancho - MARGEN, doc.y)
    .lineWidth(0.5)
    .strokeColor(LINEA)
    .stroke()
}

export function qr(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, lado: number) {
  const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'M' })
  const n = modules.size
  const modulo = lado / (n + 8)
  doc.rect(x, y, lado, lado).fill('#ffffff')
  doc.fillColor('#000000')
  for (let fila = 0; fila < n; fila++)
    for (let col = 0; col < n; col++)
      if (modules.get(fila, col))
        doc.rect(x + (col + 4) * modulo, y + (fila + 4) * modulo, modulo, modulo)
  doc.fill()
}

/** The box a signer's signature-and-stamp image is fitted in, resting on their line. */
export const CAJA_FIRMA = { ancho: 160, alto: 60 }

/**
 * A signer above their line: the signature-and-stamp image, if any, fitted in CAJA_FIRMA (its
 * aspect kept) and centered just above the line; then the line, the name, the colegiatura and `pie`.
 */
export function firmante(
  doc: PDFKit.PDFDocument,
  quien: FirmantePdf,
  pie: string,
  x: number,
  ancho: number,
  yLinea: number,
) {
  if (quien.imagen) {
    try {
      doc.image(quien.imagen, x + (ancho - CAJA_FIRMA.ancho) / 2, yLinea - CAJA_FIRMA.alto - 2, {
        fit: [CAJA_FIRMA.ancho, CAJA_FIRMA.alto],
        align: 'center',
        valign: 'bottom',
      })
    } catch {
      // An image pdfkit cannot read leaves the line for a handwritten signature, as without one.
    }
  }
  doc
    .moveTo(x, yLinea)
    .lineTo(x + ancho, yLinea)
    .lineWidth(0.6)
    .strokeColor(TINTA)
    .stroke()
  doc
    .font('negrita')
    .fontSize(10)
    .fillColor(TINTA)
    .text(quien.nombre, x, yLinea + 6, {
      width: ancho,
      align: 'center',
    })
  doc.font('normal').fontSize(9).text(quien.colegiatura, { width: ancho, align: 'center' })
  doc.fontSize(8).fillColor(GRIS).text(pie, {
    width: ancho,
    align: 'center',
  })
}

/** The QR's side, and where «Código XXXX» goes under it. */
export const LADO_QR = 86

/** The verification QR at (MARGEN, y) with «Código XXXX» under it. */
export function qrConCodigo(
  doc: PDFKit.PDFDocument,
  verificacion: { url: string; codigo: string },
  y: number,
) {
  qr(doc, `${verificacion.url}`, MARGEN, y, LADO_QR)
  doc.font('normal').fontSize(7.5).fillColor(GRIS)
  doc.text(`Código ${verificacion.codigo}`, MARGEN, y + LADO_QR + 2, { width: LADO_QR + 40 })
}

/** The small print under the signatures: where to verify the document and what it is. */
export function leyendaVerificacion(doc: PDFKit.PDFDocument, texto: string) {
  doc
    .font('normal')
    .fontSize(7.5)
    .fillColor(GRIS)
    .text(texto, MARGEN, doc.y + 6, { width: ANCHO })
}

/** On every page, below the bottom margin: `texto` on the left and «Página i de n» on the right. */
export function piePaginas(doc: PDFKit.PDFDocument, texto: string) {
  const { start, count } = doc.bufferedPageRange()
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i)
    const y = A4.alto - MARGEN - 20
    // Below the bottom margin: drawn without moving the cursor or adding a page.
    const margenes = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc.font('normal').fontSize(7.5).fillColor(GRIS)
    doc.text(texto, MARGEN, y, {
      width: ANCHO - 80,
      lineBreak: false,
    })
    doc.text(`Página ${i - start + 1} de ${count}`, A4.ancho - MARGEN - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    })
    doc.page.margins.bottom = margenes
  }
}
