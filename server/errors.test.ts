// An unexpected database error is logged by what failed, never by the values it quotes.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { errorParaRegistro } from './errors.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase({ migrated: false })
})
afterAll(() => db.drop())

async function fallo(consulta: () => Promise<unknown>): Promise<unknown> {
  try {
    await consulta()
  } catch (err) {
    return err
  }
  throw new Error('la consulta no falló')
}

it('conserva el código, la tabla y la restricción de un error de la base de datos, y ninguno de los valores que cita', async () => {
  await db.sql`create table prueba_errores (documento text unique, nombre text check (length(nombre) < 5))`
  await db.sql`insert into prueba_errores values ('45871236', 'Ana')`
  const casos = [
    ['23505', await fallo(() => db.sql`insert into prueba_errores values ('45871236', 'Ana')`)],
    [
      '23514',
      await fallo(() => db.sql`insert into prueba_errores values ('11111111', 'Quispicondori')`),
    ],
    ['22P02', await fallo(() => db.sql`select ${'Quispicondori'}::int`)],
  ] as const
  for (const [codigo, err] of casos) {
    // What pino's error serializer would write: the message and every own field.
    expect((err as Error).message + JSON.stringify(err), codigo).toMatch(/45871236|Quispicondori/)
    const registro = JSON.stringify(errorParaRegistro(err))
    expect(registro, codigo).toContain(codigo)
    expect(registro, codigo).not.toMatch(/45871236|Quispicondori|11111111/)
  }
  expect(JSON.stringify(errorParaRegistro(casos[0][1]))).toContain('prueba_errores')
})

it('registra entero cualquier otro error', () => {
  const err = new TypeError('x is undefined')
  expect(errorParaRegistro(err)).toEqual({ err })
})
