// The clinic's identity: anyone reads it (the login screen has no session), only an admin changes
// it, a wrong RUC, phone, code or image is a Spanish 400 that changes nothing, and every change is
// in the audit trail.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { LOGO_BYTES_MAXIMO, MENSAJES_CLINICA, type Clinica } from '../../shared/clinica.js'
import { createTestApp, type TestApp } from '../test/app.js'

let t: TestApp
let admin: Record<string, string>
/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
})
afterAll(async () => {
  await t?.close()
})

const leer = async (): Promise<Clinica> => (await t.app.inject({ url: '/clinica' })).json()
const cambiar = (payload: object, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: '/configuracion/clinica', headers, payload })
const logo = (imagen: string, headers = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/configuracion/clinica/logo',
    headers,
    payload: { imagen },
  })

const IDENTIDAD = {
  nombre: 'Centro de Diagnóstico San Martín',
  ruc: '20100070970',
  direccion: 'Av. Arequipa 1234, Lince, Lima',
  telefono: '(01) 471-2233',
  renipress: '00012345',
}

test('sin sesión se lee; un administrador la cambia y queda en la auditoría', async () => {
  expect(await leer()).toEqual({
    nombre: 'Clínica',
    ruc: null,
    direccion: null,
    telefono: null,
    renipress: null,
    logo: null,
  })
  const res = await cambiar(IDENTIDAD)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toEqual({ ...IDENTIDAD, logo: null })
  expect(await leer()).toEqual({ ...IDENTIDAD, logo: null })
  const [evento] = await t.db.sql<{ detalle: object; usuario: string }[]>`
    select detalle, usuario from auditoria where accion = 'clinica.modificada' order by id desc limit 1`
  expect(evento).toMatchObject({ detalle: IDENTIDAD })
  // A field set to null is cleared; the others stay.
  expect((await cambiar({ telefono: null })).json()).toMatchObject({
    telefono: null,
    nombre: IDENTIDAD.nombre,
  })
  await cambiar({ telefono: IDENTIDAD.telefono })
})

test('el personal no la cambia; datos inválidos son un 400 en español y nada cambia', async () => {
  expect((await cambiar({ nombre: 'Otra' }, t.headers)).statusCode).toBe(403)
  const casos: [object, string, string][] = [
    [{ ruc: '20100070971' }, 'ruc', 'RUC inválido: el dígito verificador no corresponde'],
    [{ ruc: '123' }, 'ruc', 'El RUC debe tener 11 dígitos'],
    [{ telefono: 'llamar' }, 'telefono', MENSAJES_CLINICA.telefono],
    [{ renipress: '123' }, 'renipress', MENSAJES_CLINICA.renipress],
    [{ nombre: ' Clínica' }, 'nombre', MENSAJES_CLINICA.nombre],
    [{ nombre: '' }, 'nombre', MENSAJES_CLINICA.nombre],
    [{}, 'cuerpo', 'Indique al menos un cambio'],
  ]
  for (const [cuerpo, campo, mensaje] of casos) {
    const res = await cambiar(cuerpo)
    expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
    expect(res.json().errores, JSON.stringify(cuerpo)).toContainEqual({ campo, mensaje })
  }
  expect((await cambiar({ color: 'rojo' })).statusCode).toBe(400)
  expect(await leer()).toEqual({ ...IDENTIDAD, logo: null })
})

test('el logo: PNG o JPEG por sus bytes, servido con su versión; se quita', async () => {
  expect((await t.app.inject({ url: '/clinica/logo' })).statusCode).toBe(404)
  expect((await logo(`data:image/png;base64,${PNG}`, t.headers)).statusCode).toBe(403)
  // Declared JPEG, but its bytes are a PNG: stored and served as what it is.
  const res = await logo(`data:image/jpeg;base64,${PNG}`)
  expect(res.statusCode, res.body).toBe(200)
  const { logo: url } = res.json<Clinica>()
  expect(url).toMatch(/^\/clinica\/logo\?v=[0-9a-f]{12}$/)
  const imagen = await t.app.inject({ url: url! })
  expect(imagen.statusCode).toBe(200)
  expect(imagen.headers['content-type']).toBe('image/png')
  expect(imagen.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true)
  const otra = await t.app.inject({
    url: url!,
    headers: { 'if-none-match': String(imagen.headers.etag) },
  })
  expect(otra.statusCode).toBe(304)

  // Not an image of those two, or too big: refused, the logo stays.
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
  const grande = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(LOGO_BYTES_MAXIMO)])
  for (const imagenMala of [
    `data:image/png;base64,${svg.toString('base64')}`,
    `data:image/svg+xml;base64,${svg.toString('base64')}`,
    `data:image/png;base64,${grande.toString('base64')}`,
    'no es una imagen',
  ]) {
    const r = await logo(imagenMala)
    expect(r.statusCode, imagenMala.slice(0, 30)).toBe(400)
    expect(r.body).toContain('El logo debe ser una imagen PNG o JPEG')
  }
  // Past the body limit: a 413 in Spanish before anything is read.
  const enorme = await logo(`data:image/png;base64,${'A'.repeat(300 * 1024)}`)
  expect(enorme.statusCode).toBe(413)
  expect(enorme.json().message).toBe('El cuerpo de la solicitud es demasiado grande')
  expect((await leer()).logo).toBe(url)

  const quitado = await t.app.inject({
    method: 'DELETE',
    url: '/configuracion/clinica/logo',
    headers: admin,
  })
  expect(quitado.statusCode, quitado.body).toBe(200)
  expect(quitado.json<Clinica>().logo).toBeNull()
  expect((await t.app.inject({ url: '/clinica/logo' })).statusCode).toBe(404)
})
