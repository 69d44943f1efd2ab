// The samples' labels as a printer and a scanner meet them: the PDF turned into 300 dpi images
// (pdftoppm) whose barcodes a decoder (zbarimg) reads back as the samples' numbers, the label's
// page exactly 50×25 mm, its narrowest bar wide enough for a cheap scanner and no text past its
// edges (pdftotext's boxes).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codigoMuestra } from '../../shared/muestras.js'
import { recipienteCorto, renderizarEtiquetas, type Etiqueta } from './etiquetas-pdf.js'

/** zbarimg's stdout only: it complains on stderr of a desktop bus no test has. */
const CALLADO: ['ignore', 'pipe', 'ignore'] = ['ignore', 'pipe', 'ignore']
let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clinica-etiquetas-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

const MM = 72 / 25.4
const CREADO = new Date('2026-11-28T15:00:00Z')

const etiqueta = (id: number, cambios: Partial<Etiqueta> = {}): Etiqueta => ({
  codigo: codigoMuestra(id),
  paciente: 'Quispe Mamani, Rosa Elena',
  documento: 'DNI 45871236',
  recipiente: 'Tubo tapa lila (EDTA)',
  estudios: ['Hemograma completo'],
  fecha: '2026-11-28',
  ...cambios,
})

async function escribir(nombre: string, etiquetas: Etiqueta[], formato: 'etiqueta' | 'a4') {
  const archivo = join(dir, `${nombre}.pdf`)
  writeFileSync(archivo, await renderizarEtiquetas(etiquetas, formato, CREADO))
  return archivo
}

/** Each page at 300 dpi (`-png` or `-gray` for PGM), in page order. */
function paginas(archivo: string, nombre: string, tipo: '-png' | '-gray'): string[] {
  execFileSync('pdftoppm', ['-r', '300', tipo, archivo, join(dir, nombre)])
  const ext = tipo === '-png' ? '.png' : '.pgm'
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${nombre}-`) && f.endsWith(ext))
    .sort()
    .map((f) => join(dir, f))
}

/** What zbarimg reads on an image, one symbol a line. */
const leer = (png: string): string[] =>
  execFileSync('zbarimg', ['--raw', '-q', png], { stdio: CALLADO })
    .toString()
    .trim()
    .split('\n')
    .filter(Boolean)

const info = (archivo: string) => execFileSync('pdfinfo', [archivo]).toString()

/** Every word and its left and right edges on its page (pdftotext -bbox), in points. */
function palabras(archivo: string): { texto: string; x: [number, number] }[] {
  const html = execFileSync('pdftotext', ['-bbox', archivo, '-']).toString()
  return [...html.matchAll(/xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g)].map(
    (m) => ({ texto: m[3]!, x: [Number(m[1]), Number(m[2])] }),
  )
}

/** The dark runs of each row of an 8-bit PGM image, in pixels. */
function corridas(pgm: string): number[][] {
  const datos = readFileSync(pgm)
  const cabecera = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(datos.subarray(0, 50).toString('latin1'))!
  const [ancho, alto] = [Number(cabecera[1]), Number(cabecera[2])]
  const inicio = cabecera[0].length
  return Array.from({ length: alto }, (_, y) => {
    const fila: number[] = []
    let n = 0
    for (let x = 0; x <= ancho; x++) {
      if (x < ancho && datos[inicio + y * ancho + x]! < 128) n++
      else if (n > 0) {
        fila.push(n)
        n = 0
      }
    }
    return fila
  })
}

/**
 * The bars' widths in pixels: the row with the most dark runs among those that repeat 3.4 mm
 * (40 pixels) lower, which only bars do, not text.
 */
function anchosDeBarras(pgm: string): number[] {
  const filas = corridas(pgm)
  let mejor: number[] = []
  for (let y = 0; y + 40 < filas.length; y++)
    if (filas[y]!.length > mejor.length && filas[y]!.join() === filas[y + 40]!.join())
      mejor = filas[y]!
  return mejor
}

describe('etiquetas de muestras', () => {
  it('formato etiqueta: una página de 50×25 mm por muestra, con su código de barras legible', async () => {
    const etiquetas = [etiqueta(42), etiqueta(43), etiqueta(98_765_432)]
    const archivo = await escribir('sueltas', etiquetas, 'etiqueta')
    const i = info(archivo)
    expect(i).toMatch(/Pages:\s+3\n/)
    const [, ancho, alto] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(i)!
    expect(Number(ancho) / MM).toBeCloseTo(50, 1)
    expect(Number(alto) / MM).toBeCloseTo(25, 1)
    const leidas = paginas(archivo, 'sueltas', '-png').map(leer)
    expect(leidas).toEqual([['00000042'], ['00000043'], ['98765432']])
    // 0.25 mm at 300 dpi is 2.95 pixels: every bar is at least that.
    for (const pgm of paginas(archivo, 'sueltas-gris', '-gray')) {
      const barras = anchosDeBarras(pgm)
      // 8 digits in Code128: start, four pairs of digits, check and stop, 3 bars each (stop 4).
      expect(barras).toHaveLength(22)
      expect(Math.min(...barras)).toBeGreaterThanOrEqual(3)
    }
  })

  it('formato a4: hojas de 3 × 8 etiquetas, cada código legible, la segunda hoja con las que sobran', async () => {
    const etiquetas = Array.from({ length: 26 }, (_, i) => etiqueta(1000 + i))
    const archivo = await escribir('hoja', etiquetas, 'a4')
    const i = info(archivo)
    expect(i).toMatch(/Pages:\s+2\n/)
    expect(i).toMatch(/Page size:\s+595.2\d* x 841.8\d* pts \(A4\)/)
    const [primera, segunda] = paginas(archivo, 'hoja', '-png').map(leer)
    const codigos = etiquetas.map((e) => e.codigo)
    expect(primera!.sort()).toEqual(codigos.slice(0, 24))
    expect(segunda!.sort()).toEqual(codigos.slice(24))
  })

  it('lo que imprime: nombre, documento, fecha del día, tubo y estudios; lo largo se corta con «…» dentro de la etiqueta', async () => {
    const larga = etiqueta(7, {
      paciente: 'Villanueva Huamaní de la Cruz Santisteban, María de los Ángeles Guadalupe',
      documento: 'CE 001234567',
      recipiente: 'Tubo tapa amarilla (gel separador)',
      estudios: ['Glucosa', 'Perfil lipídico', 'Creatinina', 'Perfil hepático', 'TSH'],
    })
    for (const formato of ['etiqueta', 'a4'] as const) {
      const nombres = etiqueta(8, {
        paciente: 'Quispe Mamani, María de los Ángeles Guadalupe Esperanza',
      })
      const archivo = await escribir(`texto-${formato}`, [etiqueta(6), larga, nombres], formato)
      const texto = execFileSync('pdftotext', ['-layout', archivo, '-']).toString()
      expect(texto).toContain('Quispe Mamani, Rosa Elena')
      expect(texto).toContain('DNI 45871236')
      expect(texto).toContain('28/11/2026')
      expect(texto).toContain('Tapa lila (EDTA)')
      expect(texto).toContain('Hemograma completo')
      // A long name keeps its first nombre: the apellidos are cut instead (the sheet's columns
      // share a text line, so the line is checked on the label's format, after its page break).
      if (formato === 'etiqueta') {
        expect(texto).toMatch(/\fVillanueva Huamaní de la.*…, María\n/)
        expect(texto).toMatch(/\fQuispe Mamani, María\n/)
      }
      expect(texto).not.toContain('Guadalupe')
      expect(texto).toContain('CE 001234567')
      expect(texto).toContain('Tapa amarilla (gel separador)')
      expect(texto).toMatch(/Glucosa, Perfil lipídico, .*…/)
      // No word past the label's printable 46 mm (2 mm inside each edge), in whichever cell.
      const celda = formato === 'etiqueta' ? 50 * MM : 70 * MM
      const borde = (celda - 46 * MM) / 2
      for (const p of palabras(archivo)) {
        const izquierda = Math.floor(p.x[0] / celda) * celda
        expect(p.x[0] - izquierda, p.texto).toBeGreaterThanOrEqual(borde - 0.01)
        expect(p.x[1] - izquierda, p.texto).toBeLessThanOrEqual(celda - borde + 0.01)
      }
    }
  })

  it('el tubo se nombra corto', () => {
    expect(recipienteCorto('Tubo tapa lila (EDTA)')).toBe('Tapa lila (EDTA)')
    expect(recipienteCorto('Frasco estéril de orina')).toBe('Frasco estéril de orina')
  })
})
