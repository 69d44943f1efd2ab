// The lab's result sheet as an A4 PDF (docs/datos.md#laboratorio-resultados): the informe's
// letterhead, ficha, QR and footer (server/informes/pdf-partes.ts), then per exam a table of its
// analitos with value, unit, range, flag and the patient's previous value; out-of-range values in
// bold with their flag, pending ones in grey, corrections with what they replaced and why; rows never
// split across pages and the table's header repeated on each. Rendered once, at validation; the
// bytes are frozen and served as they are.
import { numeroInforme } from '../queries/informes.js'
import {
  A4,
  ANCHO,
  CAJA_FIRMA,
  ficha,
  firmante,
  GRIS,
  LADO_QR,
  LINEA,
  leyendaVerificacion,
  MARGEN,
  membrete,
  lineaSolicitante,
  nuevoDocumento,
  PIE,
  piePaginas,
  qrConCodigo,
  raya,
  TINTA,
  titulo,
  trozos,
} from '../informes/pdf-partes.js'
import type { DocumentoHoja, FilaHoja } from './hoja-documento.js'

const ROJO = '#b42318'
const FONDO_CABECERA = '#f3f4f6'
const FONDO_PARCIAL = '#fef3c7'
const BORDE_PARCIAL = '#b45309'
const SEPARADOR = '#e5e7eb'
/** The lowest a row may end on a page: above the footer. */
const FONDO_PAGINA = A4.alto - MARGEN - PIE
const TAMANO = 8.5
const RELLENO = 3

/** Examen / Analito | Resultado | Unidad | Valores de referencia | Resultado anterior. */
const COLUMNAS = [
  { titulo: 'Examen / Analito', ancho: 148 },
  { titulo: 'Resultado', ancho: 88 },
  { titulo: 'Unidad', ancho: 58 },
  { titulo: 'Valores de referencia', ancho: 100 },
  { titulo: 'Resultado anterior', ancho: ANCHO - 394 },
].map((c, i, todas) => ({
  ...c,
  x: MARGEN + todas.slice(0, i).reduce((suma, o) => suma + o.ancho, 0),
}))
const [ANALITO, RESULTADO, UNIDAD, RANGO, ANTERIOR] = COLUMNAS as [
  (typeof COLUMNAS)[number],
  (typeof COLUMNAS)[number],
  (typeof COLUMNAS)[number],
  (typeof COLUMNAS)[number],
  (typeof COLUMNAS)[number],
]

/** A value longer than this, or with line breaks, takes the row's width from Resultado on. */
const VALOR_CORTO = 24

const CRITICO = { LL: 'crítico bajo', HH: 'crítico alto' } as const

/**
 * Text as it goes into a cell: a word longer than TROZO_MAXIMO (see `trozos`) gets zero-width
 * breaks, so pdfkit can end a line there instead of measuring the rest of the word again for each
 * line it fills (which stalled rendering on pasted words); both the measure and the drawing read it.
 */
const partible = (texto: string) => trozos(texto).join('\u200B')

interface Celda {
  texto: string
  x: number
  ancho: number
  fuente: 'normal' | 'negrita' | 'cursiva' | 'negritaCursiva'
  tamano: number
  color: string
  /** Its place under the previous cell of the same column instead of the row's top. */
  debajo?: boolean
}

/** What a result row prints, cell by cell, with the correction's note last. */
function celdasDe(f: FilaHoja, sangria: number): Celda[] {
  const celda = (texto: string, x: number, ancho: number, o: Partial<Celda> = {}): Celda => ({
    texto: partible(texto),
    x: x + RELLENO,
    ancho: ancho - 2 * RELLENO,
    fuente: 'normal',
    tamano: TAMANO,
    color: TINTA,
    ...o,
  })
  const largo = f.valor !== null && (f.valor.length > VALOR_CORTO || f.valor.includes('\n'))
  const anchoValor = largo ? ANCHO - ANALITO.ancho : RESULTADO.ancho
  const celdas = [celda(f.nombre, ANALITO.x + sangria, ANALITO.ancho - sangria)]
  if (!largo) {
    if (f.unidad) celdas.push(celda(f.unidad, UNIDAD.x, UNIDAD.ancho))
    if (f.rango) celdas.push(celda(f.rango, RANGO.x, RANGO.ancho))
    if (f.anterior)
      celdas.push(celda(`${f.anterior.valor} (${f.anterior.fecha})`, ANTERIOR.x, ANTERIOR.ancho))
  }
  if (f.valor === null) {
    celdas.push(celda('Pendiente', RESULTADO.x, anchoValor, { fuente: 'cursiva', color: GRIS }))
  } else {
    const critica = f.bandera === 'LL' || f.bandera === 'HH'
    const texto = f.bandera ? `${f.valor}  ${f.bandera}` : f.valor
    celdas.push(
      celda(texto, RESULTADO.x, anchoValor, {
        fuente: f.bandera ? 'negrita' : 'normal',
        color: critica ? ROJO : TINTA,
      }),
    )
    if (critica)
      celdas.push(
        celda(CRITICO[f.bandera as 'LL' | 'HH'], RESULTADO.x, anchoValor, {
          fuente: 'negrita',
          tamano: 7,
          color: ROJO,
          debajo: true,
        }),
      )
  }
  if (f.correccion)
    celdas.push(
      celda(
        `Corregido (antes: ${f.correccion.valorAnterior}). Motivo: ${f.correccion.motivo}`,
        RESULTADO.x,
        ANCHO - ANALITO.ancho,
        { fuente: 'cursiva', tamano: 7.5, color: GRIS, debajo: true },
      ),
    )
  return celdas
}

/** Each cell's top relative to the row and the row's height; a `debajo` cell stacks under the last. */
function medir(doc: PDFKit.PDFDocument, celdas: Celda[]) {
  const tops: number[] = []
  let abajoColumna = RELLENO
  let alto = 0
  for (const c of celdas) {
    doc.font(c.fuente).fontSize(c.tamano)
    const top = c.debajo ? abajoColumna : RELLENO
    const h = doc.heightOfString(c.texto, { width: c.ancho })
    tops.push(top)
    abajoColumna = top + h
    alto = Math.max(alto, top + h)
  }
  return { tops, alto: alto + RELLENO }
}

function dibujarCeldas(doc: PDFKit.PDFDocument, celdas: Celda[], tops: number[], y: number) {
  celdas.forEach((c, i) => {
    doc
      .font(c.fuente)
      .fontSize(c.tamano)
      .fillColor(c.color)
      .text(c.texto, c.x, y + tops[i]!, { width: c.ancho })
  })
}

function linea(doc: PDFKit.PDFDocument, y: number, color: string, grosor: number) {
  doc
    .moveTo(MARGEN, y)
    .lineTo(MARGEN + ANCHO, y)
    .lineWidth(grosor)
    .strokeColor(color)
    .stroke()
}

/** The table's header row, on a grey band. */
function cabecera(doc: PDFKit.PDFDocument) {
  const y = doc.y
  doc.font('negrita').fontSize(7.5)
  const alto = 14
  doc.rect(MARGEN, y, ANCHO, alto).fill(FONDO_CABECERA)
  doc.fillColor(GRIS)
  for (const c of COLUMNAS)
    doc.text(c.titulo, c.x + RELLENO, y + 3.5, { width: c.ancho - 2 * RELLENO, lineBreak: false })
  doc.y = y + alto
}

/** The exam's heading: its name and sample type. */
function encabezadoExamen(
  doc: PDFKit.PDFDocument,
  e: DocumentoHoja['examenes'][number],
  continuacion: boolean,
) {
  const y = doc.y
  doc
    .font('negrita')
    .fontSize(10.5)
    .fillColor(TINTA)
    .text(partible(e.nombre.toUpperCase()), MARGEN, y, { width: ANCHO, continued: true })
  doc
    .font('normal')
    .fontSize(8.5)
    .fillColor(GRIS)
    .text(partible(`${continuacion ? ' (continuación)' : ''}   Muestra: ${e.muestra}`))
  doc.y += 3
}

const ALTO_ENCABEZADO = 20 + 14
const ALTO_SECCION = 15

function examen(doc: PDFKit.PDFDocument, e: DocumentoHoja['examenes'][number]) {
  const filas = e.filas.map((f) => {
    const celdas = celdasDe(f, f.seccion ? 8 : 0)
    return { f, celdas, ...medir(doc, celdas) }
  })
  const primera = filas[0]
  const inicio = ALTO_ENCABEZADO + (primera?.f.seccion ? ALTO_SECCION : 0) + (primera?.alto ?? 0)
  doc.moveDown(0.8)
  if (doc.y + inicio > FONDO_PAGINA) doc.addPage()
  encabezadoExamen(doc, e, false)
  cabecera(doc)
  let seccion: string | null = null
  for (const { f, celdas, tops, alto } of filas) {
    let nueva = f.seccion !== null && f.seccion !== seccion
    // A row taller than a whole page can only flow on; any other starts a page whole, under the
    // exam's heading, the table's header and its section's name again.
    if (
      doc.y + alto + (nueva ? ALTO_SECCION : 0) > FONDO_PAGINA &&
      alto + ALTO_SECCION < FONDO_PAGINA - MARGEN - ALTO_ENCABEZADO
    ) {
      doc.addPage()
      encabezadoExamen(doc, e, true)
      cabecera(doc)
      nueva = f.seccion !== null
    }
    if (nueva) {
      doc
        .font('negritaCursiva')
        .fontSize(8.5)
        .fillColor(TINTA)
        .text(partible(f.seccion!), MARGEN + RELLENO, doc.y + 4, {
          width: ANCHO - 2 * RELLENO,
          lineBreak: false,
        })
      doc.y += 1
    }
    seccion = f.seccion
    const y = doc.y
    const pagina = doc.bufferedPageRange().count
    dibujarCeldas(doc, celdas, tops, y)
    const abajo = doc.bufferedPageRange().count === pagina ? y + alto : doc.y + RELLENO
    linea(doc, abajo, SEPARADOR, 0.4)
    doc.y = abajo
  }
  linea(doc, doc.y, LINEA, 0.6)
}

const LEYENDA =
  'Fuera del rango de referencia, en negrita: L bajo · H alto · LL crítico bajo · HH crítico alto. ' +
  'Resultado anterior: el último validado del paciente, con su fecha. Los rangos corresponden al sexo y la edad del paciente en la fecha de toma.'

/** The QR with its code on the left; the validators on the right, two to a row. */
function validadores(doc: PDFKit.PDFDocument, d: DocumentoHoja) {
  const conImagen = d.validadores.some((v) => v.imagen)
  const sobreLinea = conImagen ? CAJA_FIRMA.alto + 6 : 40
  const altoFila = sobreLinea + 48
  const filas = Math.ceil(d.validadores.length / 2)
  const alto = Math.max(LADO_QR + 14, filas * altoFila) + 40
  doc.moveDown(1)
  if (doc.y + alto > FONDO_PAGINA) doc.addPage()
  const y = doc.y
  qrConCodigo(doc, d.verificacion, y)
  const x = MARGEN + LADO_QR + 54
  const ancho = (A4.ancho - MARGEN - x) / 2
  let abajo = y + LADO_QR + 14
  d.validadores.forEach((v, i) => {
    const yLinea = y + Math.floor(i / 2) * altoFila + sobreLinea
    firmante(doc, v, `Validado el ${v.en}`, x + (i % 2) * (ancho + 8), ancho - 8, yLinea)
    abajo = Math.max(abajo, doc.y)
  })
  doc.y = abajo
}

/** The PDF's bytes. `creadoEn` fixes the document's own date (its metadata) to the validation's. */
export async function renderizarHoja(d: DocumentoHoja, creadoEn: Date): Promise<Buffer> {
  const numero = numeroInforme(d.atencion.atencionId)
  const { doc, fin } = nuevoDocumento(
    {
      titulo: `Resultados de laboratorio N.º ${numero}`,
      autor: d.validadores.map((v) => v.nombre).join(', ') || d.clinica.nombre,
      productor: d.clinica.nombre,
    },
    creadoEn,
  )
  membrete(doc, d.clinica)
  titulo(
    doc,
    'RESULTADOS DE LABORATORIO',
    `Hoja N.º ${numero} · Versión ${d.hoja.version} · Emitida el ${d.hoja.emitidaEn}`,
  )
  if (d.hoja.parcial) {
    const y = doc.y - 4
    doc.rect(MARGEN, y, ANCHO, 20).fillAndStroke(FONDO_PARCIAL, BORDE_PARCIAL)
    doc
      .font('negrita')
      .fontSize(9.5)
      .fillColor(BORDE_PARCIAL)
      .text('INFORME PARCIAL — hay resultados pendientes de validación', MARGEN, y + 5.5, {
        width: ANCHO,
        align: 'center',
      })
    doc.y = y + 28
  }
  const p = d.paciente
  const a = d.atencion
  ficha(doc, [
    ['Paciente', p.nombre],
    ['Documento', p.documento],
    ['N.º de historia clínica', p.historia],
    ['Edad / sexo', [p.edad, p.sexo].filter(Boolean).join(' / ') || '—'],
    ['Fecha de nacimiento', p.fechaNacimiento ?? '—'],
    ['N.º de atención', String(a.atencionId)],
    ['Fecha de toma', a.fecha],
    ['Sede', a.sede],
    ['Procedencia / prioridad', `${a.procedencia} / ${a.prioridad}`],
  ])
  lineaSolicitante(doc, a.solicitante)
  doc.moveDown(0.3)
  raya(doc)
  for (const e of d.examenes) examen(doc, e)
  doc.moveDown(0.6)
  doc.font('normal').fontSize(7.5).fillColor(GRIS).text(LEYENDA, MARGEN, doc.y, { width: ANCHO })
  validadores(doc, d)
  leyendaVerificacion(
    doc,
    `Verifique este documento en ${d.verificacion.url}. Es copia fiel de la hoja de resultados validada; toda corrección posterior se emite como una nueva versión con su propio código.`,
  )
  piePaginas(
    doc,
    `${d.clinica.nombre} · Resultados N.º ${numero} · Código ${d.verificacion.codigo}`,
  )
  doc.end()
  return fin
}
