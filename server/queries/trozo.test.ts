// Pieces of a statement composed as plain data run as the statement postgres.js would have built
// from the same template, with every value a parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { consulta, crudo, nada, nombre, t, unir } from './trozo.js'

describe('composición', () => {
  it('un trozo dentro de otro se empalma: su texto entre los textos, sus valores en su lugar', () => {
    const dentro = t`b = ${2} and c = ${3}`
    const tr = t`a = ${1} and ${dentro} and d = ${4}`
    expect(tr.partes).toEqual(['a = ', ' and b = ', ' and c = ', ' and d = ', ''])
    expect(tr.valores).toEqual([1, 2, 3, 4])
  })

  it('un trozo al borde, vacío o sin valores no deja partes de más', () => {
    const tr = t`${crudo('select')} ${nada()}${t`${1}`}${crudo('')}`
    expect(tr.partes).toEqual(['select ', ''])
    expect(tr.valores).toEqual([1])
  })

  it('unir pone el separador entre los trozos y nada alrededor', () => {
    const tr = unir([t`(${1})`, crudo('(x)'), t`(${2}, ${3})`], ' union all ')
    expect(tr.partes).toEqual(['(', ') union all (x) union all (', ', ', ')'])
    expect(tr.valores).toEqual([1, 2, 3])
    expect(unir([], ', ')).toEqual(nada())
  })

  it('un nombre va como postgres.js escribe un identificador', () => {
    expect(nombre('fechaNacimiento').partes).toEqual(['"fecha_nacimiento"'])
    expect(nombre('a.b"c').partes).toEqual(['"a"."b""c"'])
  })
})

describe('en PostgreSQL', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(() => db.drop())

  it('cada valor llega como parámetro, con su tipo, también los de postgres.js', async () => {
    const fecha = new Date('2026-11-27T15:04:05.678Z')
    const hostil = "'); drop table pacientes; --"
    const [f] = await consulta<
      { n: number; texto: string; fecha: Date; nulo: null; lista: number[]; json: unknown }[]
    >(
      db.sql,
      t`select ${t`${41}::int + ${1}`} as n, ${hostil}::text as texto, ${fecha} as fecha,
        ${null}::int as nulo, ${[1, 2, 3]}::int[] as lista, ${db.sql.json({ a: [1] })}::jsonb as json`,
    )
    expect(f).toEqual({
      n: 42,
      texto: hostil,
      fecha,
      nulo: null,
      lista: [1, 2, 3],
      json: { a: [1] },
    })
  })

  it('la misma forma es la misma plantilla: postgres.js no guarda una por sentencia', () => {
    const forma = (v: number) => t`select ${t`${v}::int`} as n`
    // The driver's Query keeps its template's strings; its type does not say so.
    const plantilla = (v: number) => consulta(db.sql, forma(v)) as unknown as { strings: unknown }
    expect(plantilla(1).strings).toBe(plantilla(2).strings)
  })

  it('escrito como valor de postgres.js, un trozo se rechaza antes de salir', () => {
    expect(() => db.sql`select ${t`1` as unknown as number}`).toThrow(/consulta\(\)/)
  })
})
