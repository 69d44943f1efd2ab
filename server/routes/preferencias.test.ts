// The worklist's sede is remembered per account, on the server: it follows the user to another
// browser, and one account's choice is not another's. The day comes from the clinic's clock.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import { createTestApp, type TestApp } from '../test/app.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const leer = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/preferencias', headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const cambiar = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/preferencias', headers, payload })

test('sin elegir, todas las sedes; el día es el de la clínica', async () => {
  expect(await leer(t.headers)).toEqual({ sede: null, sala: null, hoy: hoyEn(t.config.clinicTz) })
})

test('la sede elegida queda con la cuenta: otra sesión de la misma cuenta la ve, otra cuenta no', async () => {
  const res = await cambiar(t.headers, { sede: 'Cusco' })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toEqual({ sede: 'Cusco', sala: null, hoy: hoyEn(t.config.clinicTz) })
  // Another login of the same account (another browser, another computer).
  expect((await leer(await t.login('recepcion'))).sede).toBe('Cusco')
  expect((await leer(await t.login('admin'))).sede).toBeNull()
  expect((await cambiar(t.headers, { sede: null })).statusCode).toBe(200)
  expect((await leer(t.headers)).sede).toBeNull()
})

test('una sede que no existe, o un cuerpo sin sede, es un 400 y nada cambia', async () => {
  await cambiar(t.headers, { sede: 'Lima' })
  for (const cuerpo of [{ sede: 'Tacna' }, {}, { sede: 3 }]) {
    const res = await cambiar(t.headers, cuerpo)
    expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
    expect(res.json().errores?.[0]?.campo, res.body).toBe('sede')
  }
  expect((await leer(t.headers)).sede).toBe('Lima')
})

test('la sala queda con la cuenta, aparte de la sede; una sala que no existe o cerrada es un 400', async () => {
  const sql = t.db.sql
  const [sala, otra] = await sql<{ id: number }[]>`
    select id from salas where sede = 'Cusco' and activa order by id limit 2`
  await cambiar(t.headers, { sede: 'Cusco' })
  const res = await cambiar(t.headers, { sala: sala!.id })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toMatchObject({ sede: 'Cusco', sala: sala!.id })
  expect((await leer(await t.login('recepcion'))).sala).toBe(sala!.id)
  expect((await leer(await t.login('admin'))).sala).toBeNull()
  // Changing the sede leaves the sala; both at once, both.
  expect((await cambiar(t.headers, { sede: 'Lima' })).json()).toMatchObject({ sala: sala!.id })
  expect((await cambiar(t.headers, { sede: 'Cusco', sala: otra!.id })).json()).toMatchObject({
    sede: 'Cusco',
    sala: otra!.id,
  })
  const activa = async (si: boolean, headers: Record<string, string>) => {
    const r = await t.app.inject({
      method: 'PATCH',
      url: `/configuracion/salas/${sala!.id}`,
      headers,
      payload: { activa: si },
    })
    expect(r.statusCode, r.body).toBe(200)
  }
  const admin = await t.login('admin')
  await activa(false, admin)
  for (const cuerpo of [{ sala: sala!.id }, { sala: 999_999 }, { sala: 'x' }, { sala: 0 }]) {
    const r = await cambiar(t.headers, cuerpo)
    expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400)
    expect(r.json().errores?.[0]?.campo, r.body).toBe('sala')
  }
  await activa(true, admin)
  expect((await leer(t.headers)).sala).toBe(otra!.id)
  expect((await cambiar(t.headers, { sala: null })).json().sala).toBeNull()
})

test('sin sesión: 401', async () => {
  expect((await t.app.inject({ url: '/preferencias' })).statusCode).toBe(401)
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/preferencias',
    headers: { origin: t.headers.origin! },
    payload: { sede: 'Lima' },
  })
  expect(res.statusCode).toBe(401)
})
