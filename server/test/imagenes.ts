// Images for the tests of the signature-and-stamp image: PNGs written byte by byte (any size, a
// coloured band to find again in a rendered page, or broken pixel data) and a JPEG drawn by pdfkit
// and rasterised by pdftoppm (poppler-utils, which the informe tests already need).
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import PDFDocument from 'pdfkit'

export type Rgb = [number, number, number]
export const ROJO: Rgb = [220, 0, 0]
export const AZUL: Rgb = [0, 0, 200]

function trozo(tipo: string, datos: Buffer): Buffer {
  const largo = Buffer.alloc(4)
  largo.writeUInt32BE(datos.length)
  const cuerpo = Buffer.concat([Buffer.from(tipo, 'latin1'), datos])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(cuerpo))
  return Buffer.concat([largo, cuerpo, crc])
}

/**
 * A PNG of `ancho` × `alto`: a band of `color` across the middle third on white (RGB) or on
 * transparent (RGBA, the kind pdfkit decodes to split its alpha). `idat` replaces the pixel data.
 */
export function png(
  ancho: number,
  alto: number,
  color: Rgb,
  opciones: { alfa?: boolean; idat?: Buffer } = {},
) {
  const canales = opciones.alfa ? 4 : 3
  const filas: Buffer[] = []
  for (let y = 0; y < alto; y++) {
    const fila = Buffer.alloc(1 + ancho * canales)
    const banda = y >= alto / 3 && y < (2 * alto) / 3
    for (let x = 0; x < ancho; x++) {
      const px = banda ? [...color, 255] : opciones.alfa ? [0, 0, 0, 0] : [255, 255, 255]
      for (let c = 0; c < canales; c++) fila[1 + x * canales + c] = px[c]!
    }
    filas.push(fila)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(ancho, 0)
  ihdr.writeUInt32BE(alto, 4)
  ihdr[8] = 8
  ihdr[9] = opciones.alfa ? 6 : 2
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    trozo('IHDR', ihdr),
    trozo('IDAT', opciones.idat ?? deflateSync(Buffer.concat(filas))),
    trozo('IEND', Buffer.alloc(0)),
  ])
}

/** A 160 × 60 JPEG, written in `dir`: a stroke drawn by pdfkit and rasterised by pdftoppm. */
export async function hacerJpeg(dir: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: [160, 60], margin: 0 })
  const partes: Buffer[] = []
  doc.on('data', (p: Buffer) => partes.push(p))
  const fin = new Promise<void>((resolve) => doc.on('end', resolve))
  doc.lineWidth(4).strokeColor('#1e3a8a').moveTo(10, 45).bezierCurveTo(40, 5, 80, 55, 150, 15)
  doc.stroke().end()
  await fin
  writeFileSync(join(dir, 'trazo.pdf'), Buffer.concat(partes))
  execFileSync('pdftoppm', [
    '-jpeg',
    '-r',
    '72',
    '-singlefile',
    join(dir, 'trazo.pdf'),
    join(dir, 'trazo'),
  ])
  return readFileSync(join(dir, 'trazo.jpg'))
}

/** The data URL Mi cuenta sends. */
export const dataUrl = (tipo: string, bytes: Buffer) =>
  `data:${tipo};base64,${bytes.toString('base64')}`
