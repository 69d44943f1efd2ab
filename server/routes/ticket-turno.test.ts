// The ticket's turno is kept (migration 0079): taken when the desk registers, books or moves an
// atención to another sede or day, from one counter per sede and clinic day; a visit shares one;
// desks registering at once never share a number; a printed number never moves; atenciones from
// before numbers were kept count as they did, and the day's new numbers follow them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Ticket } from '../../shared/ticket.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente, insertarAtencion } from '../test/factories.js'
import { proximo } from '../test/fechas.js'

const LIMA = 'America/Lima'
let t: TestApp
let paciente: number

const json = () => ({ ...t.headers, 'content-type': 'application/json' })
const turno = async (id: number) => {
  const res = await t.app.inject({ url: `/atenciones/${id}/ticket`, headers: t.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Ticket>().turno
}
const turnos = (ids: readonly number[]) => Promise.all(ids.map(turno))
const enviar = async (method: 'POST' | 'PATCH', url: string, payload: object, codigo: number) => {
  const res = await t.app.inject({ method, url, headers: json(), payload })
  expect(res.statusCode, res.body).toBe(codigo)
  return res.json<{ id: number; atenciones: { id: number }[] }>()
}
const registrar = async (sede: string, fechaLlegada: string, horaLlegada = '09:00') =>
  (
    await enviar(
      'POST',
      `/pacientes/${paciente}/atenciones`,
      { sede, modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }], fechaLlegada, horaLlegada },
      201,
    )
  ).id
const corregir = (id: number, payload: object) => enviar('PATCH', `/atenciones/${id}`, payload, 200)
const guardado = async (ids: readonly number[]) =>
  (
    await t.db.sql<{ id: number; n: number | null }[]>`
      select id, numero_turno as n from atenciones where id = any(${ids as number[]}::int[])`
  )
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
    .map((f) => f.n)

beforeAll(async () => {
  t = await createTestApp()
  paciente = (await crearPaciente(t)).id
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('el turno del ticket se guarda', () => {
  test('al registrar: seguido por sede y día, uno por visita; corregir a otro día o sede da otro y no mueve los demás', async () => {
    // Fixed past days of the clinic, never the day the test runs.
    const D = '2026-03-12'
    const a = await registrar('Lima', D)
    const v = await enviar(
      'POST',
      `/pacientes/${paciente}/visitas`,
      {
        sede: 'Lima',
        fechaLlegada: D,
        horaLlegada: '09:30',
        atenciones: [
          { modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] },
          { modalidad: 'LAB', estudios: [{ nombre: 'Glucosa' }] },
        ],
      },
      201,
    )
    const [rx, lab] = v.atenciones.map((x) => x.id) as [number, number]
    const cusco = await registrar('Cusco', D)
    // 23:50 in Lima is still the 12th there, whatever the server's own zone.
    const c = await registrar('Lima', D, '23:50')
    expect(await turnos([a, rx, lab, cusco, c])).toEqual([1, 2, 2, 1, 3])
    expect(await guardado([a, rx, lab, cusco, c])).toEqual([1, 2, 2, 1, 3])

    // Another day: the next number of that day; the 12th's numbers stay where they were printed.
    await corregir(c, { fechaLlegada: '2026-03-13', horaLlegada: '08:00' })
    expect(await turno(c)).toBe(1)
    const e = await registrar('Lima', D)
    expect(await turnos([a, rx, lab, e])).toEqual([1, 2, 2, 4])
    // Back to the 12th: a number not printed there before.
    await corregir(c, { fechaLlegada: D, horaLlegada: '10:00' })
    expect(await turno(c)).toBe(5)
    // Another sede, the same day: that sede's next.
    await corregir(cusco, { sede: 'Lima' })
    expect(await turno(cusco)).toBe(6)
    // The same sede and day (another hour, another priority): its own number.
    await corregir(a, { fechaLlegada: D, horaLlegada: '18:00', prioridad: 'Urgente' })
    expect(await turno(a)).toBe(1)
    const [contador] = await t.db.sql<{ ultimo: number }[]>`
      select ultimo from turnos_dia where sede = 'Lima' and dia = ${D}`
    expect(contador!.ultimo).toBe(6)
  })

  test('dos mostradores a la vez nunca toman el mismo número', async () => {
    const D = '2026-03-16'
    const ids = await Promise.all(Array.from({ length: 16 }, () => registrar('Arequipa', D)))
    const n = (await turnos(ids)).sort((x, y) => x - y)
    expect(n).toEqual(Array.from({ length: 16 }, (_, i) => i + 1))
  })

  test('las atenciones de antes cuentan como contaban; los números nuevos del día van después', async () => {
    // Stored as before numbers were kept: no numero_turno.
    const lima = (hora: string) => new Date(`2026-03-18T${hora}:00-05:00`).toISOString()
    const viejas = [
      await insertarAtencion(t.db.sql, paciente, { llegada: lima('11:00') }),
      await insertarAtencion(t.db.sql, paciente, { llegada: lima('08:00') }),
      await insertarAtencion(t.db.sql, paciente, { llegada: lima('23:30') }),
    ]
    expect(await guardado(viejas)).toEqual([null, null, null])
    expect(await turnos(viejas)).toEqual([1, 2, 3])
    const nueva = await registrar('Lima', '2026-03-18', '07:00')
    expect(await turno(nueva)).toBe(4)
    expect(await turnos(viejas)).toEqual([1, 2, 3])
    // One of them moved away takes a number there; those after it count one less, never reaching
    // the numbers given since.
    await corregir(viejas[0]!, { fechaLlegada: '2026-03-19', horaLlegada: '11:00' })
    expect(await turno(viejas[0]!)).toBe(1)
    expect(await turnos([viejas[1]!, viejas[2]!, nueva])).toEqual([1, 2, 4])
  })

  test('una cita toma el suyo al reservarla; reprogramada a otro día, el siguiente de ese día', async () => {
    const [sala] = await t.db.sql<{ id: number }[]>`
      select id from salas where sede = 'Lima' and modalidad = 'MRI' order by id limit 1`
    const dia1 = proximo(LIMA, 2)
    const dia2 = proximo(LIMA, 4)
    const reservar = async (inicio: string) =>
      (
        await enviar(
          'POST',
          '/citas',
          { pacienteId: paciente, salaId: sala!.id, inicio, estudios: [{ nombre: 'Cerebro' }] },
          201,
        )
      ).id
    const x = await reservar(`${dia1}T09:00`)
    const y = await reservar(`${dia1}T10:00`)
    const w = await reservar(`${dia2}T08:00`)
    expect(await turnos([x, y, w])).toEqual([1, 2, 1])
    await enviar(
      'POST',
      `/citas/${x}/reprogramar`,
      { salaId: sala!.id, inicio: `${dia2}T09:00` },
      200,
    )
    expect(await turnos([x, y, w])).toEqual([2, 2, 1])
    expect(await turno(await reservar(`${dia1}T11:00`))).toBe(3)
    expect(await turno(await reservar(`${dia2}T11:00`))).toBe(3)
  })
})

describe('en la base embebida', () => {
  test('toma, comparte y renueva el turno igual', async () => {
    const e = await createTestApp({}, { embedded: true })
    try {
      const p = (await crearPaciente(e)).id
      const registrar = async (payload: object, url = `/pacientes/${p}/atenciones`) => {
        const res = await e.app.inject({
          method: 'POST',
          url,
          headers: { ...e.headers, 'content-type': 'application/json' },
          payload: { sede: 'Lima', fechaLlegada: '2026-03-12', horaLlegada: '09:00', ...payload },
        })
        expect(res.statusCode, res.body).toBe(201)
        return res.json<{ id: number; atenciones: { id: number }[] }>()
      }
      const leer = async (id: number) =>
        (await e.app.inject({ url: `/atenciones/${id}/ticket`, headers: e.headers })).json<Ticket>()
          .turno
      const RX = { modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] }
      const a = (await registrar(RX)).id
      const v = await registrar(
        { atenciones: [RX, { modalidad: 'LAB', estudios: [{ nombre: 'Glucosa' }] }] },
        `/pacientes/${p}/visitas`,
      )
      const ids = [a, ...v.atenciones.map((x) => x.id)]
      expect(await Promise.all(ids.map(leer))).toEqual([1, 2, 2])
      const res = await e.app.inject({
        method: 'PATCH',
        url: `/atenciones/${a}`,
        headers: { ...e.headers, 'content-type': 'application/json' },
        payload: { sede: 'Cusco' },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(await leer(a)).toBe(1)
      expect(await leer((await registrar(RX)).id)).toBe(3)
    } finally {
      await e.close()
    }
  }, 120_000)
})
