// Renaming a sede through the real app (migration 0049): its atenciones, salas, the accounts that
// work there and its feriados take the new name in the same change, searches find them by it, the
// old name is gone; a name another sede has (in any letters) is a 409, bad input a Spanish 400,
// and only admins may.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente, LUNES_A_SABADO } from '../test/factories.js'
import { proximo } from '../test/fechas.js'

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
    expect(res.json()).toEqual({
      nombre: 'Trujillo',
      activa: true,
      informeDobleFirma: false,
      laboratorioAutovalidacion: false,
    })

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
      informeDobleFirma: false,
      laboratorioAutovalidacion: false,
    })
    expect((await renombrar('TRUJILLO', { nombre: 'Trujillo', activa: false })).json()).toEqual({
      nombre: 'Trujillo',
      activa: false,
      informeDobleFirma: false,
      laboratorioAutovalidacion: false,
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

  test('mientras se renombra, una reserva y una llegada en esa sede esperan y reciben 409 en español: ni 500 ni bloqueo mutuo', async () => {
    const sql = t.db.sql
    expect((await enviar('POST', '/configuracion/sedes', { nombre: 'Chiclayo' })).statusCode).toBe(
      201,
    )
    const sala = (
      await enviar('POST', '/configuracion/salas', {
        sede: 'Chiclayo',
        modalidad: 'LAB',
        nombre: 'Toma',
        horario: LUNES_A_SABADO,
      })
    ).json<{ id: number }>()
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id, {
      sede: 'Chiclayo',
      modalidad: 'LAB',
      estudios: [{ nombre: 'Glucosa' }],
    })
    // One of its atenciones held by another transaction: the rename waits there, mid-way.
    let soltar = () => {}
    let tomada = () => {}
    const suelta = new Promise<void>((r) => (soltar = r))
    const yaTomada = new Promise<void>((r) => (tomada = r))
    const retenida = sql.begin(async (tx) => {
      await tx`select id from atenciones where id = ${a.id} for update`
      tomada()
      await suelta
    })
    await yaTomada
    const esperando = async () =>
      (
        await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`
      )[0]!.n
    const renombre = renombrar('Chiclayo', { nombre: 'Chiclayo Norte' })
    await expect.poll(esperando, { timeout: 10_000 }).toBe(1)
    const reserva = t.app.inject({
      method: 'POST',
      url: '/citas',
      headers: json(t.headers),
      payload: {
        pacienteId: p.id,
        salaId: sala.id,
        inicio: `${proximo('America/Lima', 2)}T10:00`,
        estudios: [{ nombre: 'Glucosa' }],
      },
    })
    const llegada = t.app.inject({
      method: 'POST',
      url: `/pacientes/${p.id}/atenciones`,
      headers: json(t.headers),
      payload: { sede: 'Chiclayo', modalidad: 'LAB', estudios: [{ nombre: 'Glucosa' }] },
    })
    await expect.poll(esperando, { timeout: 10_000 }).toBe(3)
    soltar()
    await retenida
    const [r, c, l] = await Promise.all([renombre, reserva, llegada])
    expect(r.statusCode, r.body).toBe(200)
    for (const res of [c, l]) {
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json().message).toBe(
        'La sede cambió de nombre mientras se guardaba: recargue la página e intente de nuevo',
      )
    }
    expect(await sql`select 1 from atenciones where sede = 'Chiclayo'`).toEqual([])
    expect(await sql`select id from atenciones where sede = 'Chiclayo Norte'`).toHaveLength(1)
    // The day's turno counter (migration 0079) went along with it.
    expect(await sql`select 1 from turnos_dia where sede = 'Chiclayo'`).toEqual([])
    expect(await sql`select 1 from turnos_dia where sede = 'Chiclayo Norte'`).toHaveLength(1)
  })
})
