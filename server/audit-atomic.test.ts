// A change and its audit row commit together or not at all: with the audit insert of one action
// made to fail (a CHECK constraint on this file's own database), the change is not stored either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test/app.js'
import { crearAtencion, crearPaciente } from './test/factories.js'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** Runs `fn` while the database refuses every audit row of `accion` (a real failure, no mock). */
async function sinAuditoria<T>(accion: string, fn: () => Promise<T>): Promise<T> {
  // DDL takes no parameters; `accion` is one of this file's own constants.
  await t.db.sql.unsafe(`alter table auditoria add constraint prueba_sin_registro check (accion <> '${accion}') not valid`)
  try {
    return await fn()
  } finally {
    await t.db.sql.unsafe('alter table auditoria drop constraint prueba_sin_registro')
  }
}

const contar = async (consulta: Promise<{ n: number }[]>) => (await consulta)[0]!.n

describe('an atención and its audit row commit together', () => {
  it('POST /pacientes/:id/atenciones stores nothing when its audit row fails', async () => {
    const p = await crearPaciente(t)
    const res = await sinAuditoria('atencion.creada', () =>
      t.app.inject({
        method: 'POST',
        url: `/pacientes/${p.id}/atenciones`,
        headers: t.headers,
        payload: { sede: 'Lima', modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] },
      }),
    )
    expect(res.statusCode).toBe(500)
    expect(await contar(t.db.sql`select count(*)::int as n from atenciones where paciente_id = ${p.id}`)).toBe(0)
  })

  it('PATCH /atenciones/:id keeps the old estado when its audit row fails', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const res = await sinAuditoria('atencion.modificada', () =>
      t.app.inject({ method: 'PATCH', url: `/atenciones/${a.id}`, headers: t.headers, payload: { estado: 'En proceso' } }),
    )
    expect(res.statusCode).toBe(500)
    const [fila] = await t.db.sql<{ estado: string }[]>`select estado from atenciones where id = ${a.id}`
    expect(fila!.estado).toBe(a.estado)
  })
})
