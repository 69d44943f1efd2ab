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

/**
 * Signing in, the health check, the clinic's name and logo the login screen shows, a document's
 * verification, and the patient's and the solicitante's own ways to their documents.
 */
const ABIERTAS = new Set([
  'POST /sesion',
  'GET /healthz',
  'HEAD /healthz',
  'GET /clinica',
  'HEAD /clinica',
  'GET /clinica/logo',
  'HEAD /clinica/logo',
  'GET /v/:codigo',
  'HEAD /v/:codigo',
  'GET /verificar/:codigo',
  'HEAD /verificar/:codigo',
  'POST /resultados/acceso',
  'GET /resultados/documentos',
  'HEAD /resultados/documentos',
  'GET /resultados/documentos/:tipo/:id',
  'HEAD /resultados/documentos/:tipo/:id',
  'POST /resultados/salir',
  // A solicitante's link: the token in the path is the key (docs/seguridad.md).
  'GET /resultados/enlace/:token',
  'HEAD /resultados/enlace/:token',
])
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

describe('toda ruta pide sesión', () => {
  it('conoce las rutas: las de la aplicación, la documentación y los archivos del cliente', () => {
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

  it('las únicas rutas abiertas son POST /sesion, /healthz, la identidad de la clínica, la verificación de documentos, el acceso del paciente a sus resultados y los archivos del cliente construido', () => {
    const abiertas = rutasRegistradas(app).filter((r) => !r.auth)
    for (const r of abiertas) {
      expect(
        ABIERTAS.has(`${r.method} ${r.url}`) || esArchivoDelCliente(r.url),
        `${r.method} ${r.url}`,
      ).toBe(true)
    }
    expect(abiertas.map((r) => `${r.method} ${r.url}`)).toContain('POST /sesion')
  })

  it('responde 401 {message: "Sesión requerida"} en toda otra ruta sin cookie', async () => {
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

  it('una cookie falsificada o vencida no vale más que ninguna', async () => {
    for (const cookie of ['sesion=', 'sesion=abc', `sesion=${'A'.repeat(43)}`, 'otra=1']) {
      const res = await app.inject({
        url: '/usuarios',
        headers: { cookie, accept: 'application/json' },
      })
      expect(res.statusCode, cookie).toBe(401)
    }
  })

  it('deja abiertos la página de la aplicación, los archivos del cliente y /healthz', async () => {
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

  it('también deja /docs (el documento OpenAPI y su interfaz) detrás de la sesión', async () => {
    expect((await app.inject({ url: '/docs/json' })).statusCode).toBe(401)
    await crearUsuario(db.sql, {
      usuario: 'doc.lector',
      nombre: 'Lector',
      rol: 'recepcion',
      contrasena: 'una-clave-de-prueba-larga',
    })
    const headers = await iniciarSesionPrueba(app, testConfig(), 'doc.lector')
    const res = await app.inject({ url: '/docs/json', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json().paths['/sesion']).toBeDefined()
  })
})

describe('las llamadas que modifican deben venir de este sitio, como JSON', () => {
  const intento = (
    headers: Record<string, string>,
    payload: string | object = { usuario: 'x', contrasena: 'y' },
  ) => app.inject({ method: 'POST', url: '/sesion', headers, payload })

  it('rechaza con 403 un Origin ajeno, un Origin null y la falta de Origin', async () => {
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

  it('acepta el mismo Origin, o Sec-Fetch-Site: same-origin sin Origin', async () => {
    expect((await intento({ origin: ORIGEN_PRUEBA })).statusCode).toBe(401)
    expect((await intento({ origin: 'http://localhost:80' })).statusCode).toBe(401)
    expect((await intento({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401)
  })

  it('rechaza con 415 un cuerpo que no es JSON (un formulario o un envío text/plain)', async () => {
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

  it('deja pasar un DELETE sin cuerpo y sin tipo de contenido', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/sesion',
      headers: { origin: ORIGEN_PRUEBA },
    })
    expect(res.statusCode).toBe(401)
  })

  it('acepta un origen listado en CORS_ORIGIN, y envía cabeceras CORS solo para él', async () => {
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

  it('no envía cabeceras CORS cuando CORS_ORIGIN está vacío', async () => {
    const res = await app.inject({ url: '/healthz', headers: { origin: 'https://otro.example' } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})
