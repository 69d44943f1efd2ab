import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente, datosAtencion } from '../test/factories.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const json = () => ({ ...t.headers, 'content-type': 'application/json' })
const postAtencion = (pacienteId: number | string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/pacientes/${pacienteId}/atenciones`, headers: json(), payload })
const patch = (id: number | string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/atenciones/${id}`, headers: json(), payload })

describe('POST /pacientes/:id/atenciones', () => {
  test('201 con valores por defecto: ahora, En espera, Ambulatorio, Rutina', async () => {
    const p = await crearPaciente(t)
    const res = await postAtencion(p.id, datosAtencion({ estudios: [{ nombre: 'Tórax PA' }, { nombre: 'Mano' }] }))
    expect(res.statusCode).toBe(201)
    const a = res.json()
    expect(a).toMatchObject({
      pacienteId: p.id,
      sede: 'Lima',
      modalidad: 'RX',
      estudios: [{ nombre: 'Tórax PA' }, { nombre: 'Mano' }],
      estado: 'En espera',
      procedencia: 'Ambulatorio',
      prioridad: 'Rutina',
      fechaLlegada: hoyEn(t.config.clinicTz),
    })
    expect(a.horaLlegada).toMatch(/^\d{2}:\d{2}$/)
    const [quien] = await t.db.sql`
      select u.usuario from atenciones a left join usuarios u on u.id = a.creado_por where a.id = ${a.id}`
    expect(quien!.usuario).toBe('prueba.personal')
  })

  test('fecha y hora locales de la clínica', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id, { fechaLlegada: '2024-12-31', horaLlegada: '23:30', prioridad: 'Urgente', procedencia: 'Emergencia' })
    expect(a).toMatchObject({ fechaLlegada: '2024-12-31', horaLlegada: '23:30', prioridad: 'Urgente', procedencia: 'Emergencia' })
    const [fila] = await t.db.sql`select llegada from atenciones where id = ${a.id}`
    // Lima is UTC-5 all year.
    expect((fila!.llegada as Date).toISOString()).toBe('2025-01-01T04:30:00.000Z')
  })

  test('valores inválidos: 400 con mensaje por campo y nada guardado', async () => {
    const p = await crearPaciente(t)
    const casos: [object, string, RegExp][] = [
      [{ sede: 'Tacna' }, 'sede', /Sede no válida/],
      [{ modalidad: 'CT' }, 'modalidad', /Modalidad no válida/],
      [{ estudios: [] }, 'estudios', /al menos un estudio/],
      [{ estudios: [{ nombre: 'Glucosa' }] }, 'estudios', /no disponible para DX \(RX\)/],
      [{ estudios: [{ nombre: 'Mano' }, { nombre: 'Mano' }] }, 'estudios', /repetido/],
      [{ estado: 'Completado' }, 'estado', /Programada o En espera/],
      [{ prioridad: 'Altísima' }, 'prioridad', /Prioridad no válida/],
      [{ fechaLlegada: '2024-02-30', horaLlegada: '10:00' }, 'fechaLlegada', /Fecha inválida/],
      [{ fechaLlegada: '2024-02-03', horaLlegada: '25:00' }, 'horaLlegada', /Hora inválida/],
      [{ horaLlegada: '10:00' }, 'fechaLlegada', /fecha de llegada/],
      [{ fechaLlegada: '2999-01-01', horaLlegada: '10:00' }, 'fechaLlegada', /Programada/],
      [{ fechaLlegada: '1999-12-31', horaLlegada: '10:00' }, 'fechaLlegada', /posterior a 2000/],
      [{ estudios: [{ nombre: 'Mano\u0000' }] }, 'estudios', /no disponible/],
    ]
    for (const [cambio, campo, mensaje] of casos) {
      const res = await postAtencion(p.id, { ...datosAtencion(), ...cambio })
      expect(res.statusCode, JSON.stringify(cambio)).toBe(400)
      const error = res.json().errores.find((e: { campo: string }) => e.campo === campo)
      expect(error?.mensaje, JSON.stringify(cambio)).toMatch(mensaje)
    }
    const [n] = await t.db.sql`select count(*)::int as n from atenciones where paciente_id = ${p.id}`
    expect(n!.n).toBe(0)
  })

  test('una atención Programada puede tener fecha futura', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id, { estado: 'Programado', fechaLlegada: '2999-01-02', horaLlegada: '07:15' })
    expect(a).toMatchObject({ estado: 'Programado', fechaLlegada: '2999-01-02', horaLlegada: '07:15' })
  })

  test('paciente inexistente: 404; id no numérico: 400', async () => {
    let res = await postAtencion(987654, datosAtencion())
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Paciente no encontrado')
    res = await postAtencion('abc', datosAtencion())
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toContainEqual({ campo: 'id', mensaje: 'Identificador inválido' })
  })
})

describe('PATCH /atenciones/:id', () => {
  test('avanza por la lista de trabajo hasta Informado', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    for (const estado of ['En proceso', 'Completado', 'Informado']) {
      const res = await patch(a.id, { estado })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: a.id, estado })
    }
  })

  test('cambios sin sentido: 409 con mensaje, sin tocar el estado', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id, { estado: 'Programado' })
    expect((await patch(a.id, { estado: 'Cancelado' })).statusCode).toBe(200)
    let res = await patch(a.id, { estado: 'En espera' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('No se puede pasar una atención de Cancelado a En espera: Cancelado es un estado final')
    const b = await crearAtencion(t, p.id)
    res = await patch(b.id, { estado: 'Informado' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/solo a: En proceso, Cancelado/)
    const [fila] = await t.db.sql`select estado from atenciones where id = ${b.id}`
    expect(fila!.estado).toBe('En espera')
  })

  test('repetir el estado actual no cambia nada', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const res = await patch(a.id, { estado: 'En espera' })
    expect(res.statusCode).toBe(200)
    expect(res.json().estado).toBe('En espera')
  })

  test('estado desconocido: 400; atención inexistente: 404', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    let res = await patch(a.id, { estado: 'Perdido' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'estado', mensaje: 'Estado no válido' }])
    res = await patch(a.id, {})
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'estado', mensaje: 'Campo requerido' }])
    res = await patch(999999, { estado: 'En proceso' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Atención no encontrada')
  })

  test('dos cambios a la vez desde el mismo estado: uno gana, el otro recibe 409', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    expect((await patch(a.id, { estado: 'En proceso' })).statusCode).toBe(200)
    // Completado and Cancelado are each reachable from En proceso, but not from one another.
    const [r1, r2] = await Promise.all([patch(a.id, { estado: 'Completado' }), patch(a.id, { estado: 'Cancelado' })])
    expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([200, 409])
  })
})
