// Probable duplicates that one user cannot blow up, and that two desks registering one person at
// the same moment still find: a new record pairs with a bounded number of namesakes, however many
// exist, and concurrent registrations of one person are paired.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente, datosPaciente } from '../test/factories.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const paresDe = async (id: number) => {
  const [fila] = await t.db.sql<{ n: number }[]>`
    select count(*)::int as n from duplicados where ${id} in (paciente_a, paciente_b)`
  return fila!.n
}

describe('homónimos', () => {
  test('un registro nuevo se empareja con 20 homónimos a lo más, los más antiguos', async () => {
    const nombres = { primerNombre: 'Homónimo', primerApellido: 'Masivo' }
    const NACIMIENTO = '1961-06-07'
    // 300 namesakes in one statement, as a load would bring them.
    await t.db.sql`
      insert into pacientes (tipo_documento, documento, primer_nombre, primer_apellido,
        fecha_nacimiento, sexo, departamento, municipio, zona_residencial, politica_aceptada_en,
        politica_version)
      select 'dni', lpad((70000000 + g)::text, 8, '0'), ${nombres.primerNombre},
        ${nombres.primerApellido}, ${NACIMIENTO}, 'Femenino', 'Lima', 'Lima', 'Urbana', now(), '2025-01'
      from generate_series(1, 300) g`
    const [total] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from duplicados d join pacientes p on p.id = d.paciente_b
      where p.primer_apellido = ${nombres.primerApellido}`
    // Quadratic would be 300 × 299 / 2 = 44,850 pairs.
    expect(total!.n).toBeLessThanOrEqual(300 * 20)

    const [primero] = await t.db.sql<{ id: number }[]>`
      select min(id) as id from pacientes where primer_apellido = ${nombres.primerApellido}`
    const nuevo = await crearPaciente(t, { ...nombres, fechaNacimiento: NACIMIENTO })
    expect(await paresDe(nuevo.id)).toBe(20)
    // The oldest records are the ones it is paired with: a flood of later namesakes cannot hide
    // the person registered long before.
    const [conElPrimero] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from duplicados
      where paciente_a = ${primero!.id} and paciente_b = ${nuevo.id}`
    expect(conElPrimero!.n).toBe(1)
  })
})

describe('registrados a la vez', () => {
  test('dos registros de una persona enviados juntos quedan como posible duplicado', async () => {
    const RONDAS = 30
    let emparejados = 0
    for (let i = 0; i < RONDAS; i++) {
      const persona = {
        primerNombre: 'Simultánea',
        primerApellido: `Ronda${String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26))}`,
        fechaNacimiento: '1977-08-09',
      }
      const [a, b] = await Promise.all(
        [0, 1].map(() =>
          t.app.inject({
            method: 'POST',
            url: '/pacientes',
            headers: { ...t.headers, 'content-type': 'application/json' },
            payload: datosPaciente(persona),
          }),
        ),
      )
      expect(a!.statusCode, a!.body).toBe(201)
      expect(b!.statusCode, b!.body).toBe(201)
      if ((await paresDe(a!.json<{ id: number }>().id)) === 1) emparejados += 1
    }
    expect(emparejados).toBe(RONDAS)
  })
})
