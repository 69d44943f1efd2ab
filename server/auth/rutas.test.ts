// Every registered route needs a session unless it is one of the few open ones: the test walks
// them all, so a route added later cannot forget it. Also the cross-site guard for mutating calls.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { iniciarSesionPrueba, ORIGEN_PRUEBA, testConfig } from '../test/app.js'
import { rutasRegistradas } from './plugin.js'
import { crearUsuario } from './usuarios.js'

function clienteFalso(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-client-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Clínica</title><div id="root"></div>',
  )
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("clinica")')
  return dir
}

const ABIERTAS = new Set(['POST /sesion', 'GET /healthz', 'HEAD /healthz'])
const esArchivoDelCliente = (url: string) =>
  ['/index.html', '/favicon.svg', '/assets/app-abc123.js'].includes(url)

let db: TestDatabase
let app: FastifyInstance
beforeAll(async () => {
  db = await createTestDatabase()
  app = await buildApp({ config: testConfig(), db, clientDir: clienteFalso() })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await db.drop()
})

describe('every route needs a session', () => {
  it('knows the routes: the app’s own, the docs and the client’s files', () => {
    const claves = rutasRegistradas(app).map((r) => `${r.method} ${r.url}`)
    for (const k of [
      'POST /sesion',
      'GET /sesion',
      'DELETE /sesion',
      'GET /usuarios',
      'GET /auditoria',
      'GET /docs/json',
      'GET /assets/app-abc123.js',
    ]) {
      expect(claves).toContain(k)
    }
  })

  it('the only open routes are POST /sesion, /healthz and the built client’s files', () => {
    const abiertas = rutasRegistradas(app).filter((r) => !r.auth)
    for (const r of abiertas) {
      expect(
        ABIERTAS.has(`${r.method} ${r.url}`) || esArchivoDelCliente(r.url),
        `${r.method} ${r.url}`,
      ).toBe(true)
    }
    expect(abiertas.map((r) => `${r.method} ${r.url}`)).toContain('POST /sesion')
  })

  it('answers 401 {message: "Sesión requerida"} on every other route without a cookie', async () => {
    const cerradas = rutasRegistradas(app).filter((r) => r.auth)
    expect(cerradas.length).toBeGreaterThan(10)
    for (const r of cerradas) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x')
      const conCuerpo = ['POST', 'PATCH', 'PUT'].includes(r.method)
      const res = await app.inject({
        method: r.method as 'GET',
        url,
        headers: { origin: ORIGEN_PRUEBA, accept: 'application/json' },
        ...(conCuerpo ? { payload: {} } : {}),
      })
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401)
      if (r.method !== 'HEAD')
        expect(res.json(), `${r.method} ${r.url}`).toEqual({ message: 'Sesión requerida' })
    }
  })

  it('a forged or stale cookie is no better than none', async () => {
    for (const cookie of ['sesion=', 'sesion=abc', `sesion=${'A'.repeat(43)}`, 'otra=1']) {
      const res = await app.inject({
        url: '/usuarios',
        headers: { cookie, accept: 'application/json' },
      })
      expect(res.statusCode, cookie).toBe(401)
    }
  })

  it('leaves open the SPA shell, the client’s files and /healthz', async () => {
    const shell = await app.inject({
      url: '/pacientes/buscar?primerApellido=x',
      headers: { accept: 'text/html' },
    })
    expect(shell.statusCode).toBe(200)
    expect(shell.body).toContain('<div id="root">')
    expect((await app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
  })

  it('keeps /docs (the OpenAPI document and its UI) behind the session too', async () => {
    expect((await app.inject({ url: '/docs/json' })).statusCode).toBe(401)
    await crearUsuario(db.sql, {
      usuario: 'doc.lector',
      nombre: 'Lector',
      rol: 'personal',
      contrasena: 'una-clave-de-prueba-larga',
    })
    const headers = await iniciarSesionPrueba(app, testConfig(), 'doc.lector')
    const res = await app.inject({ url: '/docs/json', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json().paths['/sesion']).toBeDefined()
  })
})

describe('mutating calls must come from this site, as JSON', () => {
  const intento = (
    headers: Record<string, string>,
    payload: string | object = { usuario: 'x', contrasena: 'y' },
  ) => app.inject({ method: 'POST', url: '/sesion', headers, payload })

  it('refuses a foreign Origin, a null Origin and no Origin at all with 403', async () => {
    for (const origin of [
      'https://malicioso.example',
      'null',
      'http://localhost:8080',
      'http://localhost.example',
    ]) {
      const res = await intento({ origin })
      expect(res.statusCode, origin).toBe(403)
      expect(res.json().message).toMatch(/mismo sitio/)
    }
    expect((await intento({})).statusCode).toBe(403)
    expect(
      (await intento({ origin: 'https://malicioso.example', 'sec-fetch-site': 'cross-site' }))
        .statusCode,
    ).toBe(403)
  })

  it('accepts the same Origin, or Sec-Fetch-Site: same-origin without an Origin', async () => {
    expect((await intento({ origin: ORIGEN_PRUEBA })).statusCode).toBe(401)
    expect((await intento({ origin: 'http://localhost:80' })).statusCode).toBe(401)
    expect((await intento({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401)
  })

  it('refuses a body that is not JSON (a form or text/plain post) with 415', async () => {
    for (const tipo of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await intento(
        { origin: ORIGEN_PRUEBA, 'content-type': tipo },
        'usuario=x&contrasena=y',
      )
      expect(res.statusCode, tipo).toBe(415)
      expect(res.json().message).toBe('Tipo de contenido no soportado: use application/json')
    }
  })

  it('lets a DELETE without a body through without a content type', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/sesion',
      headers: { origin: ORIGEN_PRUEBA },
    })
    expect(res.statusCode).toBe(401)
  })

  it('accepts an origin listed in CORS_ORIGIN, and sends CORS headers only for it', async () => {
    const db2 = await createTestDatabase()
    const app2 = await buildApp({
      config: testConfig({ CORS_ORIGIN: 'https://panel.clinica.example' }),
      db: db2,
      clientDir: clienteFalso(),
    })
    try {
      const permitido = await app2.inject({
        method: 'POST',
        url: '/sesion',
        headers: { origin: 'https://panel.clinica.example' },
        payload: { usuario: 'x', contrasena: 'y' },
      })
      expect(permitido.statusCode).toBe(401)
      expect(permitido.headers['access-control-allow-origin']).toBe('https://panel.clinica.example')
      const ajeno = await app2.inject({
        method: 'POST',
        url: '/sesion',
        headers: { origin: 'https://otro.example' },
        payload: { usuario: 'x', contrasena: 'y' },
      })
      expect(ajeno.statusCode).toBe(403)
      expect(ajeno.headers['access-control-allow-origin']).toBeUndefined()
    } finally {
      await app2.close()
      await db2.drop()
    }
  })

  it('sends no CORS headers when CORS_ORIGIN is empty', async () => {
    const res = await app.inject({ url: '/healthz', headers: { origin: 'https://otro.example' } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})
