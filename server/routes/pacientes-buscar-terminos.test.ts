// Search terms made of LIKE metacharacters, punctuation or bare accents: refused or literal, and
// never a scan of pacientes or atenciones.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CAMPOS_NOMBRE } from '../../shared/paciente-datos.js'
import { tieneTrigramas } from '../queries/patrones.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { capturar, clienteBusqueda, secuenciales, type Sentencia } from '../test/planes.js'

let t: TestApp
let captura: ReturnType<typeof capturar>
const TOTAL = 60
beforeAll(async () => {
  t = await createTestApp()
  const apellidos = ['Pérez', 'Núñez', "O'Higgins", 'De La Cruz', 'Quispe', 'Huamán']
  const nombres = ['José', 'María', 'Ana', 'Rosa', 'Juan', 'Elena']
  for (let i = 0; i < TOTAL; i++) {
    const p = await insertarPaciente(t.db.sql, {
      documento: String(40_000_000 + i),
      primerNombre: nombres[i % nombres.length],
      primerApellido: apellidos[(i * 5) % apellidos.length],
      segundoApellido: apellidos[(i * 7 + 1) % apellidos.length],
    })
    if (i % 3 > 0)
      await insertarAtencion(t.db.sql, p, {
        llegada: new Date(Date.UTC(2025, 2, 1 + (i % 20))).toISOString(),
      })
  }
  await t.db.sql`analyze`
  captura = capturar(t.db.sql, await clienteBusqueda(t.db))
})
afterAll(async () => {
  captura?.soltar()
  await t?.close()
})

const buscar = (query: string) =>
  t.app.inject({ url: `/pacientes/buscar?${query}`, headers: t.headers })
/** What reached pacientes or atenciones since the last call (the session lookup aside). */
const deLasTablas = (): Sentencia[] =>
  captura.tomar().filter((s) => /\b(pacientes|atenciones)\b/.test(s.texto))

const SIN_NADA = [
  '%%%',
  '___',
  '\u0301\u0301',
  '\u0301',
  '%',
  '_',
  '\\',
  '\\\\%',
  '%_%',
  "'",
  '-',
  ' . ',
  "'-'",
]

describe('GET /pacientes/buscar con términos sin nada que buscar', () => {
  test('un término sin letras ni números es un 400 bajo su campo y no llega a pacientes ni atenciones', async () => {
    for (const campo of [...CAMPOS_NOMBRE, 'documento']) {
      for (const termino of SIN_NADA) {
        const res = await buscar(`${campo}=${encodeURIComponent(termino)}`)
        const caso = `${campo}=${JSON.stringify(termino)} → ${res.body}`
        expect(res.statusCode, caso).toBe(400)
        expect(res.json(), caso).toEqual({
          message: 'Filtros de búsqueda inválidos',
          errores: [{ campo, mensaje: 'Escriba al menos una letra o un número' }],
        })
        expect(deLasTablas(), caso).toEqual([])
      }
    }
  })

  test('los comodines de LIKE y la barra invertida son literales', async () => {
    const filas = async (query: string) => {
      const res = await buscar(query)
      expect(res.statusCode, `${query} ${res.body}`).toBe(200)
      return res.json<{ primerApellido: string }[]>()
    }
    expect((await filas('primerApellido=perez')).length).toBeGreaterThan(0)
    for (const query of [
      'primerApellido=p_rez',
      'primerApellido=%25rez',
      'primerApellido=pe%25',
      'primerApellido=p%25',
      'primerApellido=p_',
      'primerApellido=%25ez%25',
      'primerNombre=jos%5C',
      'primerNombre=jos%5C%25',
      'primerNombre=%5C%25a',
      'documento=4000%25',
      'documento=4_00',
      'primerApellido=o_higgins',
      'segundoApellido=de%25cruz',
    ]) {
      expect(await filas(query), query).toEqual([])
    }
  })

  test('ningún término con comodines o signos necesita un Seq Scan de pacientes o atenciones', async () => {
    // The check does see one where no index serves.
    const sinIndice = {
      texto: 'select id from pacientes where sexo = $1',
      parametros: ['Femenino'],
      tipos: [25],
    }
    expect(await secuenciales(await clienteBusqueda(t.db), sinIndice, ['pacientes'])).toEqual([
      'pacientes',
    ])
    for (const query of [
      'primerApellido=perez',
      'primerApellido=pe',
      'primerApellido=p_rez',
      'primerApellido=%25ez',
      'primerApellido=a%25%25',
      'segundoApellido=de%20la',
      'primerNombre=a%20b',
      "primerApellido=o'h",
      'primerNombre=jo%25',
      'primerNombre=%25a%25',
      'primerNombre=_a_',
      'primerNombre=Jos%C3%A9%25&primerApellido=p',
      'documento=4000%25',
      'documento=4%25%25',
      'primerNombre=Jose%CC%81%CC%81',
      'primerApellido=%5Cp%5C',
    ]) {
      const res = await buscar(query)
      expect(res.statusCode, `${query} ${res.body}`).toBe(200)
      const sentencias = deLasTablas()
      expect(sentencias.length, query).toBeGreaterThan(0)
      for (const s of sentencias)
        expect(
          await secuenciales(await clienteBusqueda(t.db), s, ['pacientes', 'atenciones']),
          query,
        ).toEqual([])
    }
  })
})

/**
 * Rows a trigram index hands over for the substring pattern of a term, on a copy of the patients'
 * normalised first surnames whose only index is that one (so it is the plan whatever the sizes).
 */
async function filasDelIndice(termino: string): Promise<number> {
  const escapado = termino.replace(/[\\%_]/g, (c) => `\\${c}`)
  let plan: string[] = []
  await t.db.sql.begin(async (tx) => {
    await tx`create temp table apellidos on commit drop as select primer_apellido_norm as x from pacientes`
    await tx`create index apellidos_trgm on apellidos using gin (x gin_trgm_ops)`
    await tx`analyze apellidos`
    await tx`set local enable_seqscan = off`
    const filas = await tx.unsafe<Record<string, string>[]>(
      `explain (analyze, format text) select x from apellidos where x like ('%' || normalizar($1) || '%')`,
      [escapado],
    )
    plan = filas.map((f) => Object.values(f)[0]!)
  })
  const linea = plan.find((l) => /Bitmap Index Scan on apellidos_trgm/.test(l)) ?? plan.join('\n')
  return Number(/actual time=\S+ rows=(\d+)/.exec(linea)?.[1] ?? -1)
}

test('la búsqueda usa el índice de trigramas solo para los términos de los que pg_trgm saca trigramas; los demás van por prefijo', async () => {
  // A pattern with no trigram makes the index hand over every row: a full scan in all but name.
  for (const termino of [
    'perez',
    'pe rez',
    'de la',
    'a b',
    "o'h",
    '%ez',
    '%a%',
    'p_rez',
    'hu',
    'a%%',
    'ab',
    'a-',
    '-a',
    'q%',
    'x y',
  ]) {
    const filas = await filasDelIndice(termino)
    expect(filas, termino).toBeGreaterThanOrEqual(0)
    expect(filas < TOTAL, `${termino}: el índice entregó ${filas} de ${TOTAL} filas`).toBe(
      tieneTrigramas(termino),
    )
  }
})
