// The served API document is valid OpenAPI for the tools an integrator would point at it, and it
// keeps each field's Spanish message as an extension.
import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test/app.js'

describe('GET /docs/json', () => {
  let t: TestApp
  beforeAll(async () => (t = await createTestApp()))
  afterAll(async () => t?.close())

  it('pasa un validador estándar de OpenAPI', async () => {
    const res = await t.app.inject({ url: '/docs/json', headers: t.headers })
    expect(res.statusCode).toBe(200)
    const documento = res.json()
    // validate() dereferences in place and throws with every problem it finds; a few are shown.
    const problemas = await SwaggerParser.validate(structuredClone(documento)).then(
      () => [],
      (err: { details?: { instancePath: string; message: string }[]; message: string }) =>
        (err.details ?? [{ instancePath: '', message: err.message }]).map(
          (d) => `${d.instancePath} ${d.message}`,
        ),
    )
    expect(problemas.slice(0, 5), `${problemas.length} problemas`).toEqual([])
  })

  it('lleva los mensajes de campo en español como x-mensaje', async () => {
    const texto = (await t.app.inject({ url: '/docs/json', headers: t.headers })).body
    // `mensaje` stays a property of the error shape; as a schema keyword it is gone.
    expect(texto).not.toMatch(/"mensaje":"/)
    expect(texto).toContain('"x-mensaje":"Identificador inválido"')
  })

  it('declara el If-Match que necesita una corrección y la ETag que llevan las respuestas de paciente', async () => {
    const doc = (await t.app.inject({ url: '/docs/json', headers: t.headers })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>
    }
    const ruta = doc.paths['/pacientes/{id}']!
    const parametros = ruta.patch!.parameters as { in: string; name: string; required?: boolean }[]
    expect(parametros).toContainEqual(expect.objectContaining({ in: 'header', name: 'if-match' }))
    const respuestas = (r: Record<string, unknown>) =>
      r.responses as Record<string, { headers?: Record<string, unknown> }>
    expect(Object.keys(respuestas(ruta.get!)['200']!.headers ?? {})).toEqual(['etag'])
    expect(Object.keys(respuestas(ruta.patch!)['200']!.headers ?? {})).toEqual(['etag'])
  })

  it('describe GET /catalogos, para que un integrador conozca las sedes y los nombres de estudios válidos', async () => {
    const doc = (await t.app.inject({ url: '/docs/json', headers: t.headers })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    const catalogos = doc.paths['/catalogos']!.get!
    expect(Object.keys(catalogos.responses)).toContain('200')
    expect(JSON.stringify(catalogos.responses['200'])).toContain('duracionMinutos')
    for (const ruta of [
      '/configuracion/sedes',
      '/configuracion/salas/{id}',
      '/configuracion/estudios/{id}',
    ])
      expect(doc.paths[ruta], ruta).toBeDefined()
  })

  it('lista las llamadas de «Mi cuenta» bajo /sesion, sin la huella de ningún token en sus respuestas', async () => {
    const doc = (await t.app.inject({ url: '/docs/json', headers: t.headers })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    expect(Object.keys(doc.paths['/sesion/contrasena'] ?? {})).toEqual(['put'])
    expect(Object.keys(doc.paths['/sesion/sesiones'] ?? {}).sort()).toEqual(['delete', 'get'])
    expect(Object.keys(doc.paths['/sesion/sesiones/{id}'] ?? {})).toEqual(['delete'])
    const lista = JSON.stringify(doc.paths['/sesion/sesiones']!.get!.responses['200'])
    expect(lista).toContain('"actual"')
    expect(lista).not.toMatch(/token|hash/i)
  })
})
