import { describe, expect, test } from 'vitest'
import { distritosDe, esDistritoDe } from './distritos.js'
import { MUNICIPIOS } from './ubigeo.js'

const es = new Intl.Collator('es')
const pares = (Object.entries(MUNICIPIOS) as [string, readonly string[]][]).flatMap(([d, ps]) =>
  ps.map((p) => [d, p] as const),
)

/** Each provincia below with the distrito of its capital and how many distritos INEI lists. */
const CONOCIDAS = [
  ['Lima', 'Lima', 'Lima', 44],
  ['Callao', 'Callao', 'Callao', 7],
  ['Lima', 'Callao', 'Callao', 7],
  ['Arequipa', 'Arequipa', 'Arequipa', 29],
  ['Cusco', 'Cusco', 'Cusco', 8],
  ['Cusco', 'Urubamba', 'Urubamba', 7],
  ['Loreto', 'Maynas', 'Iquitos', 11],
  ['Ucayali', 'Coronel Portillo', 'Callería', 7],
  ['Áncash', 'Santa', 'Chimbote', 9],
  ['Moquegua', 'Mariscal Nieto', 'Moquegua', 7],
  ['Tumbes', 'Zarumilla', 'Zarumilla', 4],
] as const

describe('distritos del Perú', () => {
  test('los 1.891 distritos del ubigeo, cada provincia con los suyos', () => {
    const total = pares
      .filter(([d, p]) => !(d === 'Lima' && p === 'Callao'))
      .reduce((n, [d, p]) => n + distritosDe(d, p).length, 0)
    expect(total).toBe(1891)
    for (const [d, p] of pares) expect(distritosDe(d, p).length, `${d}/${p}`).toBeGreaterThan(0)
    for (const [d, p, capital, n] of CONOCIDAS) {
      expect(distritosDe(d, p)[0], `${d}/${p}`).toBe(capital)
      expect(distritosDe(d, p), `${d}/${p}`).toHaveLength(n)
    }
  })

  test('la capital primero, las demás en orden alfabético y sin repetidos', () => {
    for (const [d, p] of pares) {
      const ds = distritosDe(d, p)
      expect([...ds.slice(1)].sort(es.compare), `${d}/${p}`).toEqual(ds.slice(1))
      expect(new Set(ds).size, `${d}/${p}`).toBe(ds.length)
    }
  })

  test('nombres escritos como en español, que caben en la columna', () => {
    const palabra = /^\p{Lu}\p{Ll}+(-\p{Lu}\p{Ll}+)?$/u
    const particulas = new Set(['de', 'del', 'la', 'las', 'los', 'y'])
    for (const [d, p] of pares)
      for (const nombre of distritosDe(d, p)) {
        nombre
          .split(' ')
          .forEach((w, i) =>
            expect(palabra.test(w) || (i > 0 && particulas.has(w)), `${nombre}: ${w}`).toBe(true),
          )
        // migrations/0042_pacientes_distrito.sql keeps at most 60 characters.
        expect(nombre.length, nombre).toBeLessThanOrEqual(60)
      }
    // Some the source writes in capitals without accents.
    const lima = distritosDe('Lima', 'Lima')
    for (const n of ['Jesús María', 'Breña', 'Rímac', 'San Martín de Porres', 'Villa El Salvador'])
      expect(lima).toContain(n)
    expect(distritosDe('Arequipa', 'Arequipa')).toContain('José Luis Bustamante y Rivero')
    expect(distritosDe('Callao', 'Callao')).toContain('Carmen de la Legua Reynoso')
    expect(distritosDe('Ica', 'Nasca')[0]).toBe('Nasca')
  })

  test('un distrito de otra provincia, o de un par desconocido, no vale', () => {
    expect(esDistritoDe('Lima', 'Lima', 'Miraflores')).toBe(true)
    expect(esDistritoDe('Arequipa', 'Arequipa', 'Miraflores')).toBe(true)
    expect(esDistritoDe('Cusco', 'Cusco', 'Miraflores')).toBe(false)
    expect(esDistritoDe('Lima', 'Lima', 'miraflores')).toBe(false)
    expect(esDistritoDe('Callao', 'Lima', 'Lima')).toBe(false)
    expect(esDistritoDe('Atlantis', 'Lima', 'Lima')).toBe(false)
    expect(distritosDe('Lima', 'toString')).toEqual([])
  })
})
