// Renaming a sede through the real app (migration 0049): its atenciones, salas, the accounts that
// work there and its feriados take the new name in the same change, searches find them by it, the
// old name is gone; a name another sede has (in any letters) is a 409, bad input a Spanish 400,
// and only admins may.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente, LUNES_A_SABADO } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })
const enviar = (method: 'POST' | 'PATCH', url: string, payload: object, headers = admin) =>
  t.app.inject({ method, url, headers: json(headers), payload })
const renombrar = (sede: string, payload: object, headers = admin) =>
  enviar('PATCH', `/configuracion/sedes/${encodeURIComponent(sede)}`, payload, headers)

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('renombrar una sede', () => {
  test('sus atenciones, salas, cuentas y feriados toman el nombre nuevo; el viejo ya no existe', async () => {
    expect((await enviar('POST', '/configuracion/sedes', { nombre: 'Trujilo' })).statusCode).toBe(
      201,
    )
    const sala = await enviar('POST', '/configuracion/salas', {
      sede: 'Trujilo',
      modalidad: 'RX',
      nombre: 'RX 1',
      horario: LUNES_A_SABADO,
    })
    expect(sala.statusCode, sala.body).toBe(201)
    const p = await crearPaciente(t, { primerNombre: 'Norte', primerApellido: 'Chimú' })
    const a = await crearAtencion(t, p.id, { sede: 'Trujilo' })
    expect(
      (await enviar('PATCH', '/preferencias', { sede: 'Trujilo' }, t.headers)).statusCode,
    ).toBe(200)
    expect(
      (
        await enviar('POST', '/configuracion/feriados', {
          fecha: '2027-12-27',
          nombre: 'Aniversario de la sede',
          sede: 'Trujilo',
        })
      ).statusCode,
    ).toBe(201)

    const res = await renombrar('Trujilo', { nombre: 'Trujillo' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ nombre: 'Trujillo', activa: true })

    const ficha = await t.app.inject({ url: `/pacientes/${p.id}`, headers: t.headers })
    expect(ficha.json().atenciones).toMatchObject([{ id: a.id, sede: 'Trujillo' }])
    const salas = await t.app.inject({ url: '/configuracion/salas', headers: admin })
    expect(salas.json()).toContainEqual(
      expect.objectContaining({ sede: 'Trujillo', nombre: 'RX 1' }),
    )
    const prefs = await t.app.inject({ url: '/preferencias', headers: t.headers })
    expect(prefs.json()).toMatchObject({ sede: 'Trujillo' })
    const feriados = await t.app.inject({ url: '/feriados?anio=2027', headers: t.headers })
    expect(feriados.json()).toContainEqual(
      expect.objectContaining({ fecha: '2027-12-27', sede: 'Trujillo' }),
    )
    const catalogos = await t.app.inject({ url: '/catalogos', headers: t.headers })
    const sedes = catalogos.json().sedes.map((s: { nombre: string }) => s.nombre)
    expect(sedes).toContain('Trujillo')
    expect(sedes).not.toContain('Trujilo')
    const buscar = (sede: string) =>
      t.app.inject({ url: `/pacientes/buscar?q=chimu&sede=${sede}`, headers: t.headers })
    expect((await buscar('Trujillo')).json()).toMatchObject([{ id: p.id, sede: 'Trujillo' }])
    expect((await buscar('Trujilo')).statusCode).toBe(400)
    const [evento] = await t.db.sql<{ detalle: unknown }[]>`
      select detalle from auditoria where accion = 'sede.modificada' order by id desc limit 1`
    expect(evento!.detalle).toEqual({ sede: 'Trujilo', nombre: 'Trujillo' })
    // Only its letters: still the same sede.
    expect((await renombrar('Trujillo', { nombre: 'TRUJILLO' })).json()).toEqual({
      nombre: 'TRUJILLO',
      activa: true,
    })
    expect((await renombrar('TRUJILLO', { nombre: 'Trujillo', activa: false })).json()).toEqual({
      nombre: 'Trujillo',
      activa: false,
    })
  })

  test('un nombre de otra sede, vacío o inválido, una sede que no existe, sin permiso: nada cambia', async () => {
    const antes = await t.db.sql`select nombre, activa from sedes order by nombre`
    const casos: [string, object, number, string, Record<string, string>?][] = [
      ['Arequipa', { nombre: 'Lima' }, 409, 'Ya existe una sede con ese nombre'],
      ['Arequipa', { nombre: 'LIMA' }, 409, 'Ya existe una sede con ese nombre'],
      ['Arequipa', {}, 400, 'Datos inválidos'],
      ['Arequipa', { nombre: ' Arequipa' }, 400, 'Datos inválidos'],
      ['Arequipa', { nombre: 'Are\u0000quipa' }, 400, 'Datos inválidos'],
      ['Tacna', { nombre: 'Moquegua' }, 404, 'Sede no encontrada'],
      ['Arequipa', { nombre: 'Arequipa Centro' }, 403, '', t.headers],
    ]
    for (const [sede, payload, estado, mensaje, headers] of casos) {
      const res = await renombrar(sede, payload, headers)
      expect(res.statusCode, JSON.stringify(payload)).toBe(estado)
      if (mensaje) expect(res.json().message).toBe(mensaje)
    }
    expect(await t.db.sql`select nombre, activa from sedes order by nombre`).toEqual(antes)
  })
})
