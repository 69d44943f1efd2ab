// The served API document is valid OpenAPI for the tools an integrator would point at it, and it
// keeps each field's Spanish message as an extension.
import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test/app.js'

describe('GET /docs/json', () => {
  let t: TestApp
  beforeAll(async () => (t = await createTestApp()))
  afterAll(async () => t?.close())

  it('passes a standard OpenAPI validator', async () => {
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

  it('carries the Spanish field messages as x-mensaje', async () => {
    const texto = (await t.app.inject({ url: '/docs/json', headers: t.headers })).body
    // `mensaje` stays a property of the error shape; as a schema keyword it is gone.
    expect(texto).not.toMatch(/"mensaje":"/)
    expect(texto).toContain('"x-mensaje":"Identificador inválido"')
  })
})
