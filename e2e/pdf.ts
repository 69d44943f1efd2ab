// Printed pages read back: a PDF's pages as PNG (poppler) and their width, into one folder the
// print tests share; `hay` tells whether a program is installed (.ci/run installs them).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const DIR = process.env.IMPRESION_DIR ?? join(tmpdir(), 'clinica-impresion')
mkdirSync(DIR, { recursive: true })

/** Whether a program is installed (poppler's pdftoppm, zbar's zbarimg): checks that need them. */
export function hay(programa: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${programa}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** The PDF's pages as PNG at `dpi`, into DIR (an earlier run's pages of that name removed); their paths. */
export function aPng(pdf: string, nombre: string, dpi: number): string[] {
  const pagina = new RegExp(`^${nombre}-\\d+\\.png$`)
  const paginas = () => readdirSync(DIR).filter((f) => pagina.test(f))
  for (const f of paginas()) rmSync(join(DIR, f))
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), pdf, join(DIR, nombre)])
  return paginas()
    .sort()
    .map((f) => join(DIR, f))
}

/** PNG width in pixels, from its header. */
export const anchoPng = (png: string) => readFileSync(png).readUInt32BE(16)
