// «Nombre o documento» (the `q` parameter): its words, in any order and without accents, find what
// the separate filters find; a word with digits is the document. Bad terms are a 400 under `q`
// that touches no table, and no term needs a sequential scan.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BusquedaFila } from '../../shared/busqueda.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { capturar, clienteBusqueda, secuenciales } from '../test/planes.js'

let t: TestApp
let captura: ReturnType<typeof capturar>

beforeAll(async () => {
  t = await createTestApp()
  const sql = t.db.sql
  const pacientes = [
    // The one the front desk is looking for, and people who share one of her names.
    ['41234567', 'Lucía', null, 'Núñez', 'Quispe'],
    ['41239999', 'Lucio', null, 'Núñez', 'Rojas'],
    ['42345678', 'María', 'Lucía', 'Torres', 'Nunura'],
    ['43456789', 'Rosa', null, 'Núñez', 'Huamán'],
    ['44567890', 'Juan', 'José', 'De la Cruz', 'Huamán'],
    ['45678901', 'Lucía', 'Elena', 'Salas', 'De la Torre'],
    ['46789012', 'Luciana', null, 'Nuñovero', null],
  ] as const
  for (const [i, [documento, primerNombre, segundoNombre, primerApellido, segundoApellido]] of [
    ...pacientes.entries(),
  ]) {
    const id = await insertarPaciente(sql, {
      documento,
      primerNombre,
      segundoNombre,
      primerApellido,
      segundoApellido,
      creadoEn: `2025-0${1 + (i % 3)}-01T12:00:00Z`,
    })
    // Two arrivals each, at two sedes; the last patient has none (one row, with no visit).
    if (i < pacientes.length - 1)
      for (const [k, sede] of (['Lima', 'Cusco'] as const).entries())
        await insertarAtencion(sql, id, { llegada: `2025-04-0${1 + k}T1${i}:00:00Z`, sede })
  }
  await sql`analyze`
  captura = capturar(t.db.sql, await clienteBusqueda(t.db))
})
afterAll(async () => {
  captura?.soltar()
  await t?.close()
})

const pedir = (query: string) =>
  t.app.inject({ url: `/pacientes/buscar?${query}&limite=200`, headers: t.headers })

async function claves(query: string): Promise<string[]> {
  const res = await pedir(query)
  expect(res.statusCode, `${query} ${res.body}`).toBe(200)
  return res.json<BusquedaFila[]>().map((f) => `${f.id}:${f.atencionId ?? '-'}`)
}

const q = (texto: string) => `q=${encodeURIComponent(texto)}`

describe('«Nombre o documento» encuentra lo mismo que los filtros separados', () => {
  test('nombre y apellido en cualquier orden, con o sin tildes y mayúsculas', async () => {
    const esperadas = await claves('primerNombre=lucia&primerApellido=nunez')
    expect(esperadas).toHaveLength(2)
    for (const texto of [
      'lucia nunez',
      'nunez lucia',
      'LUCÍA NÚÑEZ',
      '  Núñez   Lucía ',
      'Nuñez, lucia',
    ])
      expect(await claves(q(texto)), texto).toEqual(esperadas)
  })

  test('cualquiera de los cuatro nombres: el segundo apellido, el segundo nombre', async () => {
    expect(await claves(q('quispe lucia'))).toEqual(
      await claves('primerNombre=lucia&segundoApellido=quispe'),
    )
    expect(await claves(q('torres lucia'))).toEqual(
      await claves('segundoNombre=lucia&primerApellido=torres'),
    )
    // Lucía as a first or a second name: both patients, as one filter of each field finds them.
    const porCampo = [
      ...(await claves('primerNombre=lucia')),
      ...(await claves('segundoNombre=lucia')),
    ]
    expect((await claves(q('lucía'))).sort()).toEqual(porCampo.sort())
  })

  test('partes de palabras, como se teclean: subcadena desde 3 letras, comienzo por debajo', async () => {
    // Each word in any of the four names: the first ones, or the second ones (María Lucía Torres
    // Núñez); no other pair of fields holds both in this data.
    const union = async (...consultas: string[]) =>
      (await Promise.all(consultas.map(claves))).flat().sort()
    expect((await claves(q('luc nun'))).sort()).toEqual(
      await union('primerNombre=luc&primerApellido=nun', 'segundoNombre=luc&segundoApellido=nun'),
    )
    expect((await claves(q('nu lu'))).sort()).toEqual(
      await union('primerNombre=lu&primerApellido=nu', 'segundoNombre=lu&segundoApellido=nu'),
    )
    expect(await claves(q('luc nun'))).toHaveLength(7)
    // Inside a name, not only at its start: «ucia» in Lucía, «uñez» in Núñez.
    expect((await claves(q('ucia'))).sort()).toEqual(
      await union('primerNombre=ucia', 'segundoNombre=ucia'),
    )
    expect((await claves(q('uñez ucia'))).sort()).toEqual(
      await union('primerNombre=ucia&primerApellido=unez'),
    )
  })

  test('un apellido de varias palabras, y sus palabras cortas en cualquier lugar', async () => {
    const cruz = await claves('primerApellido=de%20la%20cruz')
    expect(cruz).toHaveLength(2)
    expect(await claves(q('de la cruz'))).toEqual(cruz)
    expect(await claves(q('cruz la de juan'))).toEqual(cruz)
    // «la» begins a word of «De la Cruz» and of «De la Torre», not of «Salas».
    expect(await claves(q('la de huaman'))).toEqual(cruz)
  })

  test('un número es el documento, exacto o por su comienzo, junto con nombres o solo', async () => {
    expect(await claves(q('41234567'))).toEqual(await claves('documento=41234567'))
    expect(await claves(q('4123'))).toEqual(await claves('documento=4123'))
    expect(await claves(q('lucia 4123'))).toEqual(await claves('primerNombre=lucia&documento=4123'))
    expect(await claves(q('4123 lucia'))).toHaveLength(2)
    // With the Documento filter too: both are the start of one document.
    expect(await claves(`${q('41234567')}&documento=4123`)).toEqual(
      await claves('documento=41234567'),
    )
  })

  test('con los demás filtros, todo a la vez', async () => {
    expect(await claves(`${q('nunez lucia')}&sede=Cusco`)).toEqual(
      await claves('primerNombre=lucia&primerApellido=nunez&sede=Cusco'),
    )
    expect(await claves(`${q('nunez')}&primerNombre=rosa`)).toEqual(
      await claves('primerNombre=rosa&primerApellido=nunez'),
    )
    // A patient with no arrival yet is found too, once.
    expect(await claves(q('luciana nunovero'))).toEqual(await claves('primerNombre=luciana'))
    expect(await claves(q('luciana nunovero'))).toHaveLength(1)
    expect(await claves(q('lucia perez'))).toEqual([])
  })
})

describe('«Nombre o documento» inválido: 400 bajo q, sin tocar pacientes ni atenciones', () => {
  test.each([
    ['%%%', 'Escriba al menos una letra o un número'],
    ["- ' _", 'Escriba al menos una letra o un número'],
    ['\u0301 \u0301', 'Escriba al menos una letra o un número'],
    ['ana maria de los angeles quispe mamani', 'Escriba como máximo 6 palabras'],
    ['4123 5555', 'Escriba un solo documento'],
  ])('%s', async (texto, mensaje) => {
    captura.tomar()
    const res = await pedir(q(texto))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({
      message: 'Filtros de búsqueda inválidos',
      errores: [{ campo: 'q', mensaje }],
    })
    expect(captura.tomar().filter((s) => /\b(pacientes|atenciones)\b/.test(s.texto))).toEqual([])
  })

  test('un documento que no es el del filtro Documento, y un texto demasiado largo', async () => {
    const otro = await pedir(`${q('4123')}&documento=5555`)
    expect(otro.statusCode).toBe(400)
    expect(otro.json().errores).toEqual([
      { campo: 'q', mensaje: 'El documento no coincide con el del filtro Documento' },
    ])
    const largo = await pedir(q('a'.repeat(151)))
    expect(largo.statusCode).toBe(400)
    expect(largo.json().errores.map((e: { campo: string }) => e.campo)).toEqual(['q'])
  })

  test('dos palabras iguales o un documento repetido no son un error', async () => {
    expect(await claves(q('lucia lucia nunez'))).toEqual(await claves(q('lucia nunez')))
    expect(await claves(q('41234567 41234567'))).toEqual(await claves('documento=41234567'))
  })
})

test('ninguna búsqueda de «Nombre o documento» necesita un Seq Scan de pacientes o atenciones', async () => {
  for (const texto of [
    'lucia nunez',
    'nunez',
    'lu',
    'la de huaman',
    'de la cruz juan jose',
    '4123',
    '41234567 lucia',
    "o'higgins a",
  ]) {
    captura.tomar()
    const res = await pedir(`${q(texto)}`)
    expect(res.statusCode, texto).toBe(200)
    const sentencias = captura.tomar().filter((s) => /\b(pacientes|atenciones)\b/.test(s.texto))
    expect(sentencias.length, texto).toBeGreaterThan(0)
    for (const s of sentencias)
      expect(
        await secuenciales(await clienteBusqueda(t.db), s, ['pacientes', 'atenciones']),
        texto,
      ).toEqual([])
  }
})
