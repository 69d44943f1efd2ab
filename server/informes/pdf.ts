// The signed informe as an A4 PDF (docs/producto.md#el-documento): the clinic's letterhead, the
// patient and study (NTS 139-MINSA: patient, N.º de historia, N.º de informe), the sections, the
// signer with colegiatura and instant (and their signature-and-stamp image, if they uploaded one),
// page numbers, and a QR with a short code that lead to its verification. pdfkit (pinned) draws it,
// with the pieces it shares with the lab's result sheet in pdf-partes.ts. It is rendered once, at
// signing; the bytes are stored and served as they are, never drawn again.
import {
  seccionesDe,
  type Bloque,
  type ContenidoInforme,
  type TipoInforme,
  type Tramo,
} from '../../shared/informes.js'
import {
  A4,
  ANCHO,
  CAJA_FIRMA,
  ficha,
  firmante,
  LADO_QR,
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
  type ClinicaPdf,
  type FirmantePdf,
  type PacientePdf,
} from './pdf-partes.js'

export interface DocumentoInforme {
  clinica: ClinicaPdf
  paciente: PacientePdf
  estudio: {
    atencionId: number
    modalidad: string
    estudios: string[]
    sede: string
    fecha: string
    procedencia: string
    prioridad: string
    /** «Apellidos, Nombres — CMP 12345», or null when the atención names none. */
    solicitante: string | null
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
  firma: FirmantePdf & { en: string }
  preliminar: (FirmantePdf & { en: string }) | null
  verificacion: { url: string; codigo: string }
}

function fuenteDe(t: Tramo): string {
  if (t.n && t.c) return 'negritaCursiva'
  if (t.n) return 'negrita'
  if (t.c) return 'cursiva'
  return 'normal'
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

function bloqueFirma(doc: PDFKit.PDFDocument, d: DocumentoInforme) {
  const conImagen = !!d.firma.imagen || !!d.preliminar?.imagen
  // Room for the image above the line; without one, the line sits where a pen signs it.
  const sobreLinea = conImagen ? CAJA_FIRMA.alto + 6 : 40
  const alto = (d.preliminar ? 150 : 120) + sobreLinea - 40
  if (doc.y + alto > A4.alto - MARGEN - PIE) doc.addPage()
  doc.moveDown(1.5)
  const y = doc.y
  const ladoQr = LADO_QR
  qrConCodigo(doc, d.verificacion, y)
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
  leyendaVerificacion(
    doc,
    `Verifique este documento en ${d.verificacion.url}. Es copia fiel del informe firmado; cualquier cambio posterior se emite como adenda o corrección con su propio código.`,
  )
}

const TITULO_TIPO: Record<TipoInforme, string> = {
  original: '',
  adenda: ' · Adenda',
  correccion: ' · Corrección',
}

/** The PDF's bytes. `creadoEn` fixes the document's own date (its metadata) to the signature's. */
export async function renderizarInforme(d: DocumentoInforme, creadoEn: Date): Promise<Buffer> {
  const { doc, fin } = nuevoDocumento(
    {
      titulo: `Informe N.º ${d.informe.numero}`,
      autor: d.firma.nombre,
      productor: d.clinica.nombre,
    },
    creadoEn,
  )
  membrete(doc, d.clinica)
  titulo(
    doc,
    `INFORME DE ${d.estudio.modalidad.toUpperCase()}`,
    `N.º de informe ${d.informe.numero} · Versión ${d.informe.version}${TITULO_TIPO[d.informe.tipo]}`,
  )
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
  lineaSolicitante(doc, e.solicitante)
  doc.moveDown(0.3)
  raya(doc)

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

  piePaginas(
    doc,
    `${d.clinica.nombre} · Informe N.º ${d.informe.numero} · Código ${d.verificacion.codigo}`,
  )
  doc.end()
  return fin
}
