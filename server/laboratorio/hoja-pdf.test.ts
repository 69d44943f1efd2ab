// The result sheet's PDF as poppler reads it back: the words and flags it prints, the partial
// banner, the code and validators, a long sheet's pages with the header on each and no row split,
// the same bytes for the same input, hostile text that does not stall, and page 1's pixels.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { documentoHoja, filasLargas } from '../test/hoja.js'
import type { DocumentoHoja } from './hoja-documento.js'
import { renderizarHoja } from './hoja-pdf.js'

const dir = mkdtempSync(join(tmpdir(), 'clinica-hoja-'))
const EN = new Date('2025-06-05T16:05:00Z')
let n = 0

async function pdf(d: DocumentoHoja): Promise<string> {
  const archivo = join(dir, `hoja-${++n}.pdf`)
  writeFileSync(archivo, await renderizarHoja(d, EN))
  return archivo
}

/** The text of the pages, one string each, with each line's columns kept together. */
function paginas(archivo: string): string[] {
  const texto = execFileSync('pdftotext', ['-layout', archivo, '-'], { encoding: 'utf8' })
  return texto.split('\f').filter((p) => p.trim() !== '')
}

/** The first line that starts with `inicio`, its runs of blanks as one space. */
const lineaCon = (texto: string, inicio: string) =>
  texto
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .find((l) => l.startsWith(inicio))

describe('la hoja de resultados', () => {
  it('imprime cada examen con valores, unidades, rangos, banderas, anteriores y correcciones', async () => {
    const hojas = paginas(await pdf(documentoHoja()))
    expect(hojas).toHaveLength(2)
    const todo = hojas.join('\n')
    expect(todo).toContain('Clínica Santa Rosa de Lima')
    expect(todo).toContain('RUC 20601234567')
    expect(todo).toContain('RENIPRESS N.º 00012345')
    expect(todo).toContain('RESULTADOS DE LABORATORIO')
    expect(todo).toContain('Hoja N.º 004521 · Versión 2 · Emitida el 05/06/2025 11:05')
    expect(todo).toContain('INFORME PARCIAL — hay resultados pendientes de validación')
    expect(todo).toContain('Paciente: QUISPE MAMANI, Rosa Elena')
    expect(todo).toContain('N.º de historia clínica: 004521')
    expect(todo).toContain('Fecha de toma: 05/06/2025 07:42')
    expect(todo).toContain('Médico solicitante: Salazar Ríos, Pedro Andrés — CMP 12345')
    expect(todo).toContain('HEMOGRAMA COMPLETO Muestra: Sangre total (EDTA)')
    expect(todo).toContain('Serie blanca')
    expect(lineaCon(todo, 'Hemoglobina')).toBe(
      'Hemoglobina 13,2 g/dL 12,0 – 16,0 12,8 (14/01/2025)',
    )
    expect(lineaCon(todo, 'Leucocitos 14')).toBe(
      'Leucocitos 14,6 H 10³/µL 4,0 – 11,0 7,1 (14/01/2025)',
    )
    expect(lineaCon(todo, 'Linfocitos')).toBe('Linfocitos 16 L % 20 – 45')
    expect(lineaCon(todo, 'Plaquetas 18')).toBe('Plaquetas 18 LL 10³/µL 150 – 450 212 (14/01/2025)')
    expect(todo).toContain('crítico bajo')
    expect(lineaCon(todo, 'Colesterol LDL')).toBe('Colesterol LDL (calculado) 158 H mg/dL < 130')
    expect(lineaCon(todo, 'Colesterol HDL')).toBe('Colesterol HDL 41 mg/dL ≥ 40')
    expect(todo).toContain('Corregido (antes: 14). Motivo: Error de transcripción del equipo')
    expect(lineaCon(todo, 'Triglicéridos')).toBe('Triglicéridos Pendiente mg/dL < 150')
    expect(lineaCon(todo, 'Proteínas')).toBe('Proteínas ++ Negativo')
    expect(todo).toContain('L bajo · H alto · LL crítico bajo · HH crítico alto')
    expect(todo).toContain('Lic. TM Carmen Huamán')
    expect(todo).toContain('CTMP 8812')
    expect(todo).toContain('Validado el 05/06/2025 10:58')
    expect(todo).toContain('Dr. Luis Paredes Soto')
    expect(todo).toContain('CMP 40211')
    expect(todo).toContain('Código 7KQ2-M9XD')
    expect(todo).toContain(
      'Verifique este documento en https://resultados.clinica.example/v/7KQ2M9',
    )
    expect(hojas[0]).toContain('Página 1 de 2')
    expect(hojas[1]).toContain('Página 2 de 2')
    expect(hojas[1]).toContain('Resultados N.º 004521 · Código 7KQ2-M9XD')
  })

  it('sin resultados pendientes no lleva la banda de informe parcial', async () => {
    const d = documentoHoja()
    const texto = paginas(await pdf({ ...d, hoja: { ...d.hoja, parcial: false } })).join('\n')
    expect(texto).toContain('RESULTADOS DE LABORATORIO')
    expect(texto).not.toContain('INFORME PARCIAL')
  })

  it('sin médico solicitante no lleva esa línea', async () => {
    const d = documentoHoja()
    const texto = paginas(await pdf({ ...d, atencion: { ...d.atencion, solicitante: null } }))
    expect(texto.join('\n')).toContain('Procedencia / prioridad')
    expect(texto.join('\n')).not.toContain('Médico solicitante')
  })

  it('da los mismos bytes para el mismo documento y la misma fecha', async () => {
    const d = documentoHoja()
    const a = await renderizarHoja(d, EN)
    const b = await renderizarHoja(documentoHoja(), new Date(EN.getTime()))
    expect(b.equals(a)).toBe(true)
    const otra = await renderizarHoja(d, new Date(EN.getTime() + 1000))
    expect(otra.equals(a)).toBe(false)
  })

  it('una hoja larga ocupa varias páginas, con la cabecera en cada una y ninguna fila partida', async () => {
    const hojas = paginas(
      await pdf(
        documentoHoja({
          examenes: [{ nombre: 'Bioquímica', muestra: 'Suero', filas: filasLargas(120) }],
        }),
      ),
    )
    expect(hojas.length).toBeGreaterThanOrEqual(4)
    const vistos: number[] = []
    hojas.forEach((h, i) => {
      expect(h).toContain(`Página ${i + 1} de ${hojas.length}`)
      const filas = [...h.matchAll(/Analito de prueba (\d+)\s+(\d+) H\s+mg\/dL\s+70 – 100/g)]
      if (filas.length === 0) return
      expect(h).toContain(i === 0 ? 'BIOQUÍMICA Muestra: Suero' : 'BIOQUÍMICA (continuación)')
      expect(h).toMatch(/Examen \/ Analito\s+Resultado\s+Unidad\s+Valores de referencia/)
      // The first row of each page is under its section's name, repeated after a break.
      const primera = Number(filas[0]![1])
      expect(h).toContain(`Grupo ${Math.floor((primera - 1) / 10) + 1}`)
      for (const [, numero, valor] of filas) {
        expect(Number(valor)).toBe(99 + Number(numero))
        vistos.push(Number(numero))
      }
    })
    expect(vistos).toEqual(Array.from({ length: 120 }, (_, i) => i + 1))
  })

  it('un texto largo se ajusta, y un texto hostil no detiene la generación', async () => {
    const largo = Array.from({ length: 190 }, (_, i) => `palabra${i}`).join(' ')
    expect(largo.length).toBeLessThanOrEqual(2000)
    const hostil = `\u202E${'ب'.repeat(20)}\u200F${'x'.repeat(10_000)} ${'Ñ'.repeat(10_000)}`
    const d = documentoHoja()
    const [hemograma, lipidico] = d.examenes as [
      DocumentoHoja['examenes'][number],
      DocumentoHoja['examenes'][number],
    ]
    const inicio = performance.now()
    const archivo = await pdf({
      ...d,
      paciente: { ...d.paciente, nombre: hostil.slice(0, 300) },
      examenes: [
        {
          ...hemograma,
          filas: [
            { ...hemograma.filas[0]!, nombre: 'Frotis de sangre periférica', valor: largo },
            { ...hemograma.filas[1]!, nombre: hostil, valor: hostil, seccion: hostil },
          ],
        },
        {
          ...lipidico,
          nombre: hostil,
          filas: [
            {
              ...lipidico.filas[1]!,
              correccion: { valorAnterior: hostil, motivo: hostil },
              anterior: { valor: hostil, fecha: '01/01/2025' },
            },
          ],
        },
      ],
    })
    expect(performance.now() - inicio).toBeLessThan(5000)
    const texto = paginas(archivo).join('\n').replace(/\s+/g, ' ')
    // Whole words on each line of the wrapped text, to its last.
    for (const palabra of [
      'Frotis de sangre periférica palabra0 palabra1',
      'palabra188 palabra189',
    ])
      expect(texto.includes(palabra), palabra).toBe(true)
    expect(texto.includes('Código 7KQ2-M9XD')).toBe(true)
  })

  it('la página 1 lleva el rojo de los valores críticos y el ámbar de la banda parcial', async () => {
    const archivo = await pdf(documentoHoja())
    execFileSync('pdftoppm', ['-r', '80', '-f', '1', '-l', '1', archivo, join(dir, 'pagina')])
    const ppm = readFileSync(join(dir, 'pagina-1.ppm'))
    // P6 header: magic, width, height, maximum, then RGB bytes.
    const cabecera = ppm.subarray(0, 20).toString('latin1').split(/\s+/)
    const inicio = ppm.length - Number(cabecera[1]) * Number(cabecera[2]) * 3
    const cerca = (r: number, g: number, b: number) => {
      let cuenta = 0
      for (let i = inicio; i < ppm.length; i += 3)
        if (
          Math.abs(ppm[i]! - r) < 30 &&
          Math.abs(ppm[i + 1]! - g) < 30 &&
          Math.abs(ppm[i + 2]! - b) < 30
        )
          cuenta++
      return cuenta
    }
    expect(cerca(0xb4, 0x23, 0x18)).toBeGreaterThan(20)
    expect(cerca(0xfe, 0xf3, 0xc7)).toBeGreaterThan(500)
    // The logo's blue band, drawn in the letterhead.
    expect(cerca(0, 0, 200)).toBeGreaterThan(200)
  })
})
