// The sala of an atención registered at the desk (migration 0026): the one the equipment reads its
// worklist from. Its own database: the test adds salas, which changes every other default.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente, datosAtencion, LUNES_A_SABADO } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
const salaId: Record<string, number> = {}
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  for (const s of await t.db.sql<{ id: number; sede: string; modalidad: string }[]>`
    select id, sede, modalidad from salas`)
    salaId[`${s.sede} ${s.modalidad}`] = s.id
})
afterAll(async () => {
  await t?.close()
})

const enviar = (method: 'POST' | 'PATCH', url: string, payload: object, headers = t.headers) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
  })
const registrar = async (pacienteId: number, cambios: object = {}) =>
  enviar('POST', `/pacientes/${pacienteId}/atenciones`, datosAtencion(cambios))
const guardada = async (id: number) =>
  (await t.db.sql<{ salaId: number | null }[]>`select sala_id from atenciones where id = ${id}`)[0]
    ?.salaId

describe('la sala de una atención registrada en el mostrador', () => {
  test('sin sala pedida: la única activa de su sede y modalidad', async () => {
    const p = await crearPaciente(t)
    const rx = await registrar(p.id)
    expect(rx.statusCode).toBe(201)
    expect(rx.json().salaId).toBe(salaId['Lima RX'])
    // In a sala but booked into no time: an arrival, not a cita, wherever it is read.
    expect(rx.json().cita).toBe(false)
    const ficha = await t.app.inject({ url: `/pacientes/${p.id}`, headers: t.headers })
    expect(ficha.json().atenciones).toMatchObject([{ id: rx.json().id, cita: false }])
    const eco = await registrar(p.id, {
      sede: 'Cusco',
      modalidad: 'Eco',
      estudios: [{ nombre: 'Abdominal completa' }],
    })
    expect(eco.json().salaId).toBe(salaId['Cusco Eco'])
    expect(await guardada(eco.json().id)).toBe(salaId['Cusco Eco'])
    const ticket = await t.app.inject({
      url: `/atenciones/${eco.json().id}/ticket`,
      headers: t.headers,
    })
    expect(ticket.json().sala).toBe('Eco 1')
  })

  test('una sala de otra sede, de otra modalidad, inexistente o inactiva: 400 bajo salaId, nada guardado', async () => {
    const p = await crearPaciente(t)
    const inactiva = await enviar(
      'POST',
      '/configuracion/salas',
      { sede: 'Lima', modalidad: 'MRI', nombre: 'MRI vieja', horario: LUNES_A_SABADO },
      admin,
    )
    expect(inactiva.statusCode).toBe(201)
    const vieja = inactiva.json().id as number
    expect(
      (await enviar('PATCH', `/configuracion/salas/${vieja}`, { activa: false }, admin)).statusCode,
    ).toBe(200)
    const [antes] = await t.db.sql`select count(*)::int as n from atenciones`
    const casos: [object, string][] = [
      [{ salaId: salaId['Arequipa RX'] }, 'La sala no es de esa sede'],
      [{ salaId: salaId['Lima Eco'] }, 'La sala no es de RX: elija una sala de esa modalidad'],
      [{ salaId: 999_999 }, 'Sala no encontrada'],
      [
        { modalidad: 'MRI', estudios: [{ nombre: 'Cerebro' }], salaId: vieja },
        'La sala no está activa',
      ],
      [{ salaId: 0 }, 'Sala no válida'],
    ]
    for (const [cambios, mensaje] of casos) {
      const res = await registrar(p.id, cambios)
      expect(res.statusCode, JSON.stringify(cambios)).toBe(400)
      expect(res.json().errores).toContainEqual({ campo: 'salaId', mensaje })
    }
    const [despues] = await t.db.sql`select count(*)::int as n from atenciones`
    expect(despues).toEqual(antes)
  })

  test('con dos salas activas de la modalidad: la pedida, o ninguna si no se pide', async () => {
    const p = await crearPaciente(t)
    const res = await enviar(
      'POST',
      '/configuracion/salas',
      { sede: 'Arequipa', modalidad: 'Eco', nombre: 'Eco 2', horario: LUNES_A_SABADO },
      admin,
    )
    const eco2 = res.json().id as number
    const eco = { sede: 'Arequipa', modalidad: 'Eco', estudios: [{ nombre: 'Renal' }] }
    expect((await registrar(p.id, eco)).json().salaId).toBeNull()
    expect((await registrar(p.id, { ...eco, salaId: eco2 })).json().salaId).toBe(eco2)
  })

  test('corregir la modalidad lleva la atención a la sala de la nueva; corregir la sala queda auditado', async () => {
    const p = await crearPaciente(t)
    const a = (await registrar(p.id)).json()
    const res = await enviar('PATCH', `/atenciones/${a.id}`, {
      modalidad: 'MRI',
      estudios: [{ nombre: 'Cerebro' }],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().salaId).toBe(salaId['Lima MRI'])
    const otra = await enviar(
      'POST',
      '/configuracion/salas',
      { sede: 'Lima', modalidad: 'MRI', nombre: 'MRI 2', horario: LUNES_A_SABADO },
      admin,
    )
    const mri2 = otra.json().id as number
    const movida = await enviar('PATCH', `/atenciones/${a.id}`, { salaId: mri2 })
    expect(movida.statusCode).toBe(200)
    expect(await guardada(a.id)).toBe(mri2)
    const [evento] = await t.db.sql`
      select detalle from auditoria where accion = 'atencion.modificada' order by id desc limit 1`
    expect(evento!.detalle).toMatchObject({
      atencion: a.id,
      cambios: { salaId: { antes: salaId['Lima MRI'], despues: mri2 } },
    })
    const mala = await enviar('PATCH', `/atenciones/${a.id}`, { salaId: salaId['Lima RX'] })
    expect(mala.statusCode).toBe(400)
    expect(await guardada(a.id)).toBe(mri2)
  })

  test('una cita no cambia de sala por corrección: se reprograma', async () => {
    const p = await crearPaciente(t)
    const [cita] = await t.db.sql<{ id: number }[]>`
      insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad,
        llegada, sala_id, turno)
      values (${p.id}, 'Lima', 'RX', '{Tórax PA}', 'Programado', 'Ambulatorio', 'Rutina',
        '2031-03-03T15:00:00Z', ${salaId['Lima RX']!},
        tstzrange('2031-03-03T15:00:00Z', '2031-03-03T15:15:00Z', '[)'))
      returning id`
    const otra = await enviar(
      'POST',
      '/configuracion/salas',
      { sede: 'Lima', modalidad: 'RX', nombre: 'RX 3', horario: LUNES_A_SABADO },
      admin,
    )
    const res = await enviar('PATCH', `/atenciones/${cita!.id}`, { salaId: otra.json().id })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores[0].campo).toBe('salaId')
    expect(await guardada(cita!.id)).toBe(salaId['Lima RX'])
  })
})
