// The samples' rules on the embedded home (PGlite), as an on-premise clinic without its own
// PostgreSQL runs them: one tube per recipiente registered once however many desks ask, the first
// reception starting a waiting atención, a second scan told when, a rejection and its new sample.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_MUESTRAS as M, type Muestra } from '../../shared/muestras.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'

let t: TestApp
let tecnologo: Record<string, string>

beforeAll(async () => {
  t = await createTestApp({}, { embedded: true })
  tecnologo = await t.login('tecnologo')
})
afterAll(() => t?.close())

const post = (url: string, payload?: object, headers = tecnologo) =>
  t.app.inject({ method: 'POST', url, headers, payload })

describe('muestras en la base embebida', () => {
  it('registrar, recibir, volver a escanear y rechazar', async () => {
    const paciente = await insertarPaciente(t.db.sql)
    const id = await insertarAtencion(t.db.sql, paciente, {
      modalidad: 'LAB',
      estudios: ['Perfil lipídico', 'Hemograma completo', 'Glucosa'],
      estado: 'En espera',
    })
    const [a, b] = await Promise.all([
      post(`/atenciones/${id}/muestras`),
      post(`/atenciones/${id}/muestras`, undefined, t.headers),
    ])
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200])
    const muestras = a!.json<Muestra[]>()
    expect(b!.json()).toEqual(muestras)
    expect(muestras.map((m) => m.estudios)).toEqual([
      ['Perfil lipídico', 'Glucosa'],
      ['Hemograma completo'],
    ])

    const [suero, edta] = muestras
    expect((await post(`/muestras/${suero!.codigo}/recepcion`)).statusCode).toBe(200)
    const [{ estado }] = await t.db.sql<[{ estado: string }]>`
      select estado from atenciones where id = ${id}`
    expect(estado).toBe('En proceso')
    const otra = await post(`/muestras/${suero!.codigo}/recepcion`)
    expect(otra.statusCode).toBe(409)
    expect(otra.json().message).toMatch(
      /^Esta muestra ya se recibió \(\d\d\/\d\d\/\d{4} \d\d:\d\d\)$/,
    )

    const rechazo = await post(`/muestras/${edta!.codigo}/rechazo`, { motivo: 'Mal rotulada' })
    expect(rechazo.statusCode, rechazo.body).toBe(200)
    const { nueva } = rechazo.json<{ nueva: Muestra }>()
    expect(nueva).toMatchObject({ estado: 'pendiente', reemplazaA: edta!.codigo })
    expect((await post(`/muestras/${edta!.codigo}/recepcion`)).json().message).toBe(M.rechazada)
    expect((await post('/muestras/0000000a/recepcion')).statusCode).toBe(400)
  })
})
