import { describe, expect, test } from 'vitest'
import { DEPARTAMENTOS, MUNICIPIOS, esDepartamento, esMunicipioDe } from './ubigeo.js'

/** Each departamento with the provincia of its capital city, written independently of the data. */
const CAPITALES: Record<string, string> = {
  Amazonas: 'Chachapoyas',
  Áncash: 'Huaraz',
  Apurímac: 'Abancay',
  Arequipa: 'Arequipa',
  Ayacucho: 'Huamanga',
  Cajamarca: 'Cajamarca',
  Callao: 'Callao',
  Cusco: 'Cusco',
  Huancavelica: 'Huancavelica',
  Huánuco: 'Huánuco',
  Ica: 'Ica',
  Junín: 'Huancayo',
  'La Libertad': 'Trujillo',
  Lambayeque: 'Chiclayo',
  Lima: 'Lima',
  Loreto: 'Maynas',
  'Madre de Dios': 'Tambopata',
  Moquegua: 'Mariscal Nieto',
  Pasco: 'Pasco',
  Piura: 'Piura',
  Puno: 'Puno',
  'San Martín': 'Moyobamba',
  Tacna: 'Tacna',
  Tumbes: 'Tumbes',
  Ucayali: 'Coronel Portillo',
}

/** The six first pairs (docs/datos.md#catálogos), which stored patients carry. */
const PARES_ESPEC = [
  ['Lima', 'Lima'],
  ['Lima', 'Callao'],
  ['Arequipa', 'Arequipa'],
  ['Arequipa', 'Camaná'],
  ['Cusco', 'Cusco'],
  ['Cusco', 'Urubamba'],
] as const

const es = new Intl.Collator('es')
const listas = Object.entries(MUNICIPIOS) as [string, readonly string[]][]

describe('departamentos y provincias del Perú', () => {
  test('los 24 departamentos y el Callao, en el orden del INEI, que es el alfabético', () => {
    expect(DEPARTAMENTOS).toEqual(Object.keys(CAPITALES))
    expect(DEPARTAMENTOS).toHaveLength(25)
    expect([...DEPARTAMENTOS].sort(es.compare)).toEqual(DEPARTAMENTOS)
  })

  test('196 provincias del INEI más el Callao también en Lima: 197 pares', () => {
    const pares = listas.flatMap(([d, ps]) => ps.map((p) => `${d}/${p}`))
    expect(pares).toHaveLength(197)
    expect(pares.filter((p) => p !== 'Lima/Callao')).toHaveLength(196)
    expect(MUNICIPIOS.Lima).toHaveLength(11)
    expect(MUNICIPIOS.Callao).toEqual(['Callao'])
  })

  test('cada lista empieza por la provincia de la capital y sigue en orden alfabético', () => {
    for (const [d, ps] of listas) {
      expect(ps[0], d).toBe(CAPITALES[d])
      expect([...ps.slice(1)].sort(es.compare), d).toEqual(ps.slice(1))
    }
  })

  test('sin repetidos dentro de un departamento', () => {
    for (const [d, ps] of listas) expect(new Set(ps).size, d).toBe(ps.length)
  })

  test('nombres escritos como en español: mayúscula inicial, partículas en minúscula, nada en mayúsculas', () => {
    const palabra = /^\p{Lu}\p{Ll}+$/u
    const particulas = new Set(['de', 'del', 'la', 'las', 'los', 'y'])
    for (const nombre of [...DEPARTAMENTOS, ...listas.flatMap(([, ps]) => ps)]) {
      const palabras = nombre.split(' ')
      palabras.forEach((w, i) =>
        expect(palabra.test(w) || (i > 0 && particulas.has(w)), `${nombre}: ${w}`).toBe(true),
      )
      // The database keeps at most 40 characters (migration 0002).
      expect(nombre.length, nombre).toBeLessThanOrEqual(40)
    }
    // A few the source writes without accents.
    expect(MUNICIPIOS.Amazonas).toContain('Rodríguez de Mendoza')
    expect(MUNICIPIOS.Loreto).toContain('Datem del Marañón')
    expect(MUNICIPIOS.Ica).toContain('Nasca')
    expect(MUNICIPIOS.Ucayali).toContain('Purús')
  })

  test('los seis pares de la especificación siguen valiendo', () => {
    for (const [d, m] of PARES_ESPEC) expect(esMunicipioDe(d, m), `${d}/${m}`).toBe(true)
    expect(MUNICIPIOS.Lima[0]).toBe('Lima')
    expect(MUNICIPIOS.Arequipa[0]).toBe('Arequipa')
    expect(MUNICIPIOS.Cusco[0]).toBe('Cusco')
  })

  test('una provincia de otro departamento o un departamento desconocido no valen', () => {
    expect(esMunicipioDe('Puno', 'Yunguyo')).toBe(true)
    expect(esMunicipioDe('Puno', 'Cusco')).toBe(false)
    expect(esMunicipioDe('Callao', 'Lima')).toBe(false)
    expect(esMunicipioDe('Atlantis', 'Lima')).toBe(false)
    expect(esDepartamento('Ancash')).toBe(false)
    expect(esDepartamento('toString')).toBe(false)
  })
})
