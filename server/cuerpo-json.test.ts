// A JSON body is UTF-8 or it is refused: bytes that are not would be stored as U+FFFD.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from './test/app.js'
import { datosPaciente } from './test/factories.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const post = (url: string, payload: Buffer | string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...t.headers, 'content-type': 'application/json' },
    payload,
  })

/** A registration whose address carries these raw bytes. */
function registroCon(bytes: number[]): Buffer {
  const [antes, despues] = JSON.stringify(datosPaciente({ direccion: 'Av. Perú 1@' })).split(
    '@',
  ) as [string, string]
  return Buffer.concat([Buffer.from(antes), Buffer.from(bytes), Buffer.from(despues)])
}

test('bytes que no son UTF-8 en el cuerpo: 400 en español y nada guardado', async () => {
  // A stray byte, an overlong '/', an encoded surrogate, a cut 3-byte sequence, a Latin-1 'é'.
  for (const bytes of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xe9]]) {
    const res = await post('/pacientes', registroCon(bytes))
    expect(res.statusCode, String(bytes)).toBe(400)
    expect(res.json(), String(bytes)).toEqual({
      message: 'Solicitud inválida: el cuerpo no es texto UTF-8 válido',
    })
  }
  expect(await t.db.sql`select direccion from pacientes`).toEqual([])
})

test('medio par sustituto escapado en cualquier texto: 400 que nombra el campo y nada guardado', async () => {
  const cuerpo = JSON.stringify(datosPaciente({ direccion: 'Av. Perú 1@' }))
  for (const escape of ['\\ud800', '\\udfff', 'x\\ud83d']) {
    const res = await post('/pacientes', cuerpo.replace('@', escape))
    expect(res.statusCode, escape).toBe(400)
    expect(res.json(), escape).toEqual({
      message: 'Datos inválidos',
      errores: [{ campo: 'direccion', mensaje: 'Contiene caracteres no permitidos' }],
    })
  }
  // Also where no validation of the route looks: a sede's name reaches the audit detail.
  const admin = await t.login('admin')
  const sede = await t.app.inject({
    method: 'POST',
    url: '/configuracion/sedes',
    headers: { ...admin, 'content-type': 'application/json' },
    payload: '{"nombre":"Sede\\ud800"}',
  })
  expect(sede.statusCode, sede.body).toBe(400)
  expect(await t.db.sql`select direccion from pacientes`).toEqual([])
  // A whole pair is a character like any other.
  const emoji = await post('/pacientes', cuerpo.replace('@', '\\ud83d\\ude00'))
  expect(emoji.statusCode, emoji.body).toBe(201)
})

test('el cuerpo UTF-8 válido se lee igual que antes: tildes, BOM, JSON roto, vacío, __proto__ y tamaño', async () => {
  const bien = await post('/pacientes', registroCon([...Buffer.from('ñ😀')].slice(0, 2)))
  expect(bien.statusCode, bien.body).toBe(201)
  expect(bien.json().direccion).toBe('Av. Perú 1ñ')
  const conBom = await post('/pacientes', `\ufeff${JSON.stringify(datosPaciente())}`)
  expect(conBom.statusCode, conBom.body).toBe(201)
  const casos: [string, number, string][] = [
    ['{"primerNombre":', 400, 'Solicitud inválida: el cuerpo no es JSON válido'],
    ['', 400, 'Solicitud inválida: el cuerpo no es JSON válido'],
    ['{"__proto__": {"admin": true}}', 400, 'Solicitud inválida: el cuerpo no es JSON válido'],
    [
      '{"constructor": {"prototype": {"x": 1}}}',
      400,
      'Solicitud inválida: el cuerpo no es JSON válido',
    ],
    [
      JSON.stringify({ ...datosPaciente(), direccion: 'x'.repeat(300 * 1024) }),
      413,
      'El cuerpo de la solicitud es demasiado grande',
    ],
  ]
  for (const [cuerpo, estado, message] of casos) {
    const res = await post('/pacientes', cuerpo)
    expect(res.statusCode, cuerpo.slice(0, 50)).toBe(estado)
    expect(res.json(), cuerpo.slice(0, 50)).toEqual({ message })
  }
})
