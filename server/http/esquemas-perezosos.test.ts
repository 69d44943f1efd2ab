// The schemas compiled on a route's first request validate and serialize as Fastify's own did:
// each call reports its own errors (the wrapper copies them from the validator it called) and the
// response schema still drops what it does not name; and nothing is compiled at start: a schema
// that cannot compile lets the server start and fails only its own route's requests.
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { compiladoresPerezosos } from './esquemas-perezosos.js'

const servidor = () => Fastify({ schemaController: { compilersFactory: compiladoresPerezosos() } })

describe('esquemas compilados en la primera solicitud', () => {
  it('valida y serializa como Fastify, cada llamada con sus propios errores', async () => {
    const app = servidor()
    app.post(
      '/eco',
      {
        schema: {
          body: {
            type: 'object',
            required: ['n'],
            properties: { n: { type: 'integer', minimum: 1 } },
          },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (req) => ({ ...(req.body as object), secreto: 'no sale' }),
    )
    const llamar = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/eco', payload })
    const malo = await llamar({ n: 0 })
    expect([malo.statusCode, malo.json().message]).toEqual([400, 'body/n must be >= 1'])
    const bueno = await llamar({ n: 3 })
    expect([bueno.statusCode, bueno.json()]).toEqual([200, { n: 3 }])
    const otro = await llamar({})
    expect([otro.statusCode, otro.json().message]).toEqual([
      400,
      "body must have required property 'n'",
    ])
    await app.close()
  })

  it('no compila nada al arrancar: un esquema roto falla solo en su ruta', async () => {
    const app = servidor()
    app.post('/rota', { schema: { body: { $ref: '#/definitions/noExiste' } } }, async () => ({
      ok: true,
    }))
    app.get('/sana', { schema: { querystring: { type: 'object' } } }, async () => ({ ok: true }))
    await app.ready()
    expect((await app.inject({ url: '/sana' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: '/rota', payload: {} })).statusCode).toBe(500)
    await app.close()
  })
})
