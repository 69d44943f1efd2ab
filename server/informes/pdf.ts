// The signed informe as an A4 PDF (docs/producto.md#el-documento): the clinic's letterhead, the
// patient and study (NTS 139-MINSA: patient, N.º de historia, N.º de informe), the sections, the
// signer with colegiatura and instant (and their signature-and-stamp image, if they uploaded one),
// page numbers, and a QR with a short code that lead to its verification. pdfkit (pinned) draws it,
// with DejaVu Sans embedded (pinned, subset per document) so accents, ñ and the symbols reports use
// (≥, ±, µ, °) print as typed. It is rendered once, at signing; the bytes are stored and served as
// they are, never drawn again.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import {
  seccionesDe,
  type Bloque,
  type ContenidoInforme,
  type TipoInforme,
  type Tramo,
} from '../../shared/informes.js'

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

export interface DocumentoInforme {
  clinica: {
    nombre: string
    ruc: string | null
    direccion: string | null
    telefono: string | null
    renipress: string | null
    logo: Buffer | null
  }
  paciente: {
    nombre: string
    documento: string
    historia: string
    sexo: string | null
    edad: string | null
    fechaNacimiento: string | null
  }
  estudio: {
    atencionId: number
    modalidad: string
    estudios: string[]
    sede: string
    fecha: string
    procedencia: string
    prioridad: string
  }
  informe: {
    numero: string
    version: number
    tipo: TipoInforme
    motivo: string | null
    contenido: ContenidoInforme
    hallazgoCritico: boolean
  }
  /** What an adenda is appended to, or what a corrección replaces. */
  base: { numero: string; firmante: string; firmadoEn: string; contenido: ContenidoInforme } | null
  /** `imagen`: the signer's signature-and-stamp image as it is at signing (PNG or JPEG), or null. */
  firma: { nombre: string; colegiatura: string; en: string; imagen: Buffer | null }
  preliminar: { nombre: string; colegiatura: string; en: string; imagen: Buffer | null } | null
  verificacion: { url: string; codigo: string }
}

const A4 = { ancho: 595.28, alto: 841.89 }
const MARGEN = 50
const PIE = 70
const ANCHO = A4.ancho - 2 * MARGEN
const TINTA = '#111827'
const GRIS = '#4b5563'
const LINEA = '#9ca3af'

function fuenteDe(t: Tramo): string {
  if (t.n && t.c) return 'negritaCursiva'
  if (t.n) return 'negrita'
  if (t.c) return 'cursiva'
  return 'normal'
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
function trozos(texto: string): string[] {
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

/** One line of runs, wrapping within [x, x + ancho]. */
function escribirTramos(
  doc: PDFKit.PDFDocument,
  tramos: readonly Tramo[],
  x: number,
  ancho: number,
) {
  const piezas = tramos
    .filter((t) => t.t.length > 0)
    .flatMap((t) => trozos(t.t).map((texto) => ({ texto, tramo: t })))
  if (piezas.length === 0) {
    doc.font('normal').text(' ', x, doc.y, { width: ancho })
    return
  }
  piezas.forEach(({ texto, tramo }, i) => {
    const opciones = { width: ancho, continued: i < piezas.length - 1, underline: !!tramo.s }
    doc.font(fuenteDe(tramo)).fillColor(TINTA)
    if (i === 0) doc.text(texto, x, doc.y, opciones)
    else doc.text(texto, opciones)
  })
}

function escribirBloques(doc: PDFKit.PDFDocument, bloques: readonly Bloque[]) {
  doc.fontSize(10.5)
  for (const b of bloques) {
    if (b.tipo === 'parrafo') {
      escribirTramos(doc, b.tramos, MARGEN, ANCHO)
    } else {
      for (const item of b.items) {
        const y = doc.y
        doc
          .font('normal')
          .fillColor(TINTA)
          .text('•', MARGEN + 6, y, { width: 10 })
        doc.y = y
        escribirTramos(doc, item, MARGEN + 20, ANCHO - 20)
      }
    }
    doc.moveDown(0.4)
  }
}

function escribirSecciones(doc: PDFKit.PDFDocument, tipo: TipoInforme, c: ContenidoInforme) {
  for (const s of seccionesDe(tipo)) {
    const bloques = c[s.clave]
    if (!bloques || bloques.length === 0) continue
    doc.moveDown(0.6)
    doc.font('negrita').fontSize(11).fillColor(TINTA).text(s.titulo.toUpperCase(), MARGEN)
    doc.moveDown(0.2)
    escribirBloques(doc, bloques)
  }
}

function membrete(doc: PDFKit.PDFDocument, clinica: DocumentoInforme['clinica']) {
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

/** Label and value pairs in two columns. */
function ficha(doc: PDFKit.PDFDocument, pares: [string, string][]) {
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

function qr(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, lado: number) {
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
const CAJA_FIRMA = { ancho: 160, alto: 60 }

/**
 * A signer above their line: the signature-and-stamp image, if any, fitted in CAJA_FIRMA (its
 * aspect kept) and centered just above the line; then the line, the name, the colegiatura and `pie`.
 */
function firmante(
  doc: PDFKit.PDFDocument,
  quien: { nombre: string; colegiatura: string; imagen: Buffer | null },
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

function bloqueFirma(doc: PDFKit.PDFDocument, d: DocumentoInforme) {
  const conImagen = !!d.firma.imagen || !!d.preliminar?.imagen
  // Room for the image above the line; without one, the line sits where a pen signs it.
  const sobreLinea = conImagen ? CAJA_FIRMA.alto + 6 : 40
  const alto = (d.preliminar ? 150 : 120) + sobreLinea - 40
  if (doc.y + alto > A4.alto - MARGEN - PIE) doc.addPage()
  doc.moveDown(1.5)
  const y = doc.y
  const ladoQr = 86
  qr(doc, `${d.verificacion.url}`, MARGEN, y, ladoQr)
  doc.font('normal').fontSize(7.5).fillColor(GRIS)
  doc.text(`Código ${d.verificacion.codigo}`, MARGEN, y + ladoQr + 2, { width: ladoQr + 40 })
  const firmado = `Firmado electrónicamente el ${d.firma.en}`
  if (d.preliminar?.imagen) {
    // Two signatures with the first one's image: side by side, the first reading on the left.
    const x = MARGEN + ladoQr + 54
    const ancho = (A4.ancho - MARGEN - x) / 2
    firmante(
      doc,
      d.preliminar,
      `Primera lectura el ${d.preliminar.en}`,
      x,
      ancho - 8,
      y + sobreLinea,
    )
    const abajo = doc.y
    firmante(doc, d.firma, firmado, x + ancho + 8, ancho - 8, y + sobreLinea)
    doc.y = Math.max(doc.y, abajo)
  } else {
    const x = MARGEN + ANCHO / 2
    const ancho = ANCHO / 2
    firmante(doc, d.firma, firmado, x, ancho, y + sobreLinea)
    if (d.preliminar)
      doc.text(
        `Primera lectura: ${d.preliminar.nombre}, ${d.preliminar.colegiatura}, ${d.preliminar.en}`,
        { width: ancho, align: 'center' },
      )
  }
  doc.y = Math.max(doc.y, y + ladoQr + 14)
  doc
    .font('normal')
    .fontSize(7.5)
    .fillColor(GRIS)
    .text(
      `Verifique este documento en ${d.verificacion.url}. Es copia fiel del informe firmado; cualquier cambio posterior se emite como adenda o corrección con su propio código.`,
      MARGEN,
      doc.y + 6,
      { width: ANCHO },
    )
}

const TITULO_TIPO: Record<TipoInforme, string> = {
  original: '',
  adenda: ' · Adenda',
  correccion: ' · Corrección',
}

/** The PDF's bytes. `creadoEn` fixes the document's own date (its metadata) to the signature's. */
export async function renderizarInforme(d: DocumentoInforme, creadoEn: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGEN, left: MARGEN, right: MARGEN, bottom: MARGEN + PIE },
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: `Informe N.º ${d.informe.numero}`,
      Author: d.firma.nombre,
      Producer: d.clinica.nombre,
      Creator: d.clinica.nombre,
      CreationDate: creadoEn,
      ModDate: creadoEn,
    },
    lang: 'es-PE',
  })
  // pdfkit takes a parsed fontkit font (it only needs its layout); its types list files only.
  for (const [nombre, f] of Object.entries(FUENTES))
    doc.registerFont(nombre, f as unknown as PDFKit.Mixins.PDFFontSource)
  const partes: Buffer[] = []
  doc.on('data', (p: Buffer) => partes.push(p))
  const fin = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)))
    doc.on('error', reject)
  })

  membrete(doc, d.clinica)
  doc
    .font('negrita')
    .fontSize(13)
    .fillColor(TINTA)
    .text(`INFORME DE ${d.estudio.modalidad.toUpperCase()}`, MARGEN, doc.y, {
      width: ANCHO,
      align: 'center',
    })
  doc
    .font('normal')
    .fontSize(9)
    .fillColor(GRIS)
    .text(
      `N.º de informe ${d.informe.numero} · Versión ${d.informe.version}${TITULO_TIPO[d.informe.tipo]}`,
      { width: ANCHO, align: 'center' },
    )
  doc.moveDown(0.8)
  const p = d.paciente
  const e = d.estudio
  ficha(doc, [
    ['Paciente', p.nombre],
    ['Documento', p.documento],
    ['N.º de historia clínica', p.historia],
    ['Edad / sexo', [p.edad, p.sexo].filter(Boolean).join(' / ') || '—'],
    ['Fecha de nacimiento', p.fechaNacimiento ?? '—'],
    ['N.º de atención', String(e.atencionId)],
    ['Estudio', e.estudios.join(', ')],
    ['Fecha del estudio', e.fecha],
    ['Sede', e.sede],
    ['Procedencia / prioridad', `${e.procedencia} / ${e.prioridad}`],
  ])
  doc.moveDown(0.3)
  doc
    .moveTo(MARGEN, doc.y)
    .lineTo(A4.ancho - MARGEN, doc.y)
    .lineWidth(0.5)
    .strokeColor(LINEA)
    .stroke()

  if (d.informe.tipo !== 'original' && d.base) {
    doc.moveDown(0.6)
    const que = d.informe.tipo === 'adenda' ? 'Adenda al' : 'Corrige y reemplaza el'
    doc
      .font('negrita')
      .fontSize(9.5)
      .fillColor(TINTA)
      .text(
        `${que} informe N.º ${d.base.numero}, firmado por ${d.base.firmante} el ${d.base.firmadoEn}. Motivo: ${d.informe.motivo ?? ''}`,
        MARGEN,
        doc.y,
        { width: ANCHO },
      )
  }
  if (d.informe.tipo === 'adenda' && d.base) escribirSecciones(doc, 'original', d.base.contenido)
  escribirSecciones(doc, d.informe.tipo, d.informe.contenido)
  if (d.informe.hallazgoCritico) {
    doc.moveDown(0.6)
    doc
      .font('negrita')
      .fontSize(9.5)
      .fillColor('#b42318')
      .text(
        'HALLAZGO CRÍTICO: comunicado al médico tratante según el protocolo de la clínica.',
        MARGEN,
        doc.y,
        { width: ANCHO },
      )
  }
  bloqueFirma(doc, d)

  const { start, count } = doc.bufferedPageRange()
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i)
    const y = A4.alto - MARGEN - 20
    // Below the bottom margin: drawn without moving the cursor or adding a page.
    const margenes = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc.font('normal').fontSize(7.5).fillColor(GRIS)
    doc.text(
      `${d.clinica.nombre} · Informe N.º ${d.informe.numero} · Código ${d.verificacion.codigo}`,
      MARGEN,
      y,
      {
        width: ANCHO - 80,
        lineBreak: false,
      },
    )
    doc.text(`Página ${i - start + 1} de ${count}`, A4.ancho - MARGEN - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    })
    doc.page.margins.bottom = margenes
  }
  doc.end()
  return fin
}
