import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { openDatabase } from './db.js'
import { prefersHtml } from './spa.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'
import { testConfig } from './test/app.js'
import type { FastifyInstance } from 'fastify'

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

function fakeClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-client-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Clínica</title><div id="root"></div>',
  )
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("clinica");\n'.repeat(200))
  return dir
}

describe('prefersHtml', () => {
  it.each([
    [BROWSER, true],
    ['text/html', true],
    ['application/json', false],
    ['*/*', false],
    ['application/json, text/html;q=0.5', false],
    [undefined, false],
  ])('%s → %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected)
  })
})

describe('app', () => {
  let db: TestDatabase
  let app: FastifyInstance
  beforeAll(async () => {
    db = await createTestDatabase()
    app = await buildApp({ config: testConfig(), db, clientDir: fakeClient() })
  })
  afterAll(async () => {
    await app.close()
    await db.drop()
  })

  it('responde /healthz con 200 cuando la base de datos responde', async () => {
    const res = await app.inject({ url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ estado: 'ok', baseDeDatos: 'ok' })
  })

  it('da al navegador la página de la aplicación en cualquier ruta del cliente, sin caché y variando según Accept', async () => {
    for (const url of ['/', '/dashboard', '/pacientes/buscar?primerApellido=perez', '/no/existe']) {
      const res = await app.inject({ url, headers: { accept: BROWSER } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers.vary).toContain('Accept')
      expect(res.body).toContain('<div id="root">')
    }
  })

  it('da JSON a un programa en las mismas rutas', async () => {
    const res = await app.inject({ url: '/no/existe', headers: { accept: 'application/json' } })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.headers.vary).toContain('Accept')
    expect(res.json()).toEqual({ message: 'Recurso no encontrado' })
  })

  it('sirve los archivos con hash en el nombre con un año de caché inmutable, comprimidos', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.rawPayload).toString()).toContain('clinica')
  })

  it('pone un id de solicitud en cada respuesta', async () => {
    const res = await app.inject({ url: '/healthz' })
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('healthz sin base de datos', () => {
  it('responde 503 con un mensaje en español', async () => {
    // Nothing listens on port 1: the client fails to connect.
    const db = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nada',
      dataDir: '',
    })
    const app = await buildApp({ config: testConfig(), db, clientDir: fakeClient() })
    try {
      const res = await app.inject({ url: '/healthz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ message: 'Base de datos no disponible' })
    } finally {
      await app.close()
      await db.close()
    }
  })
})
