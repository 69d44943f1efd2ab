// POST /pacientes/:id/visitas through the real app: one visit of several modalities is one
// atención per modality, each on its own worklist, with one ticket and one turno; a mistake in
// any of them stores none.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Ticket } from '../../shared/ticket.js'
import type { Visita } from '../../shared/visitas.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente } from '../test/factories.js'

let t: TestApp
let paciente: number

const json = () => ({ ...t.headers, 'content-type': 'application/json' })
const visita = (payload: object, id: number | string = paciente) =>
  t.app.inject({ method: 'POST', url: `/pacientes/${id}/visitas`, headers: json(), payload })
const ticket = async (id: number) =>
  (await t.app.inject({ url: `/atenciones/${id}/ticket`, headers: t.headers })).json<Ticket>()
const sola = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/pacientes/${paciente}/atenciones`,
    headers: json(),
    payload,
  })
const cuantas = async () =>
  (await t.db.sql<{ n: number }[]>`select count(*)::int as n from atenciones`)[0]!.n

// A fixed past day of the clinic, never the day the test runs: turnos count per day.
const DIA = { fechaLlegada: '2026-03-12', horaLlegada: '09:15' }
const RX = { modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] }
const LAB = {
  modalidad: 'LAB',
  estudios: [{ nombre: 'Hemograma completo' }, { nombre: 'Glucosa' }],
}

beforeAll(async () => {
  t = await createTestApp()
  paciente = (await crearPaciente(t)).id
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('POST /pacientes/:id/visitas', () => {
  test('RX y LAB en una visita: dos atenciones, un ticket y un turno; las de antes y después cuentan aparte', async () => {
    const antes = (await sola({ sede: 'Lima', ...RX, ...DIA })).json<{ id: number }>()
    const res = await visita({ sede: 'Lima', prioridad: 'Urgente', ...DIA, atenciones: [RX, LAB] })
    expect(res.statusCode, res.body).toBe(201)
    const v = res.json<Visita>()
    expect(v.visita).toEqual(expect.any(Number))
    expect(v.atenciones.map((a) => [a.modalidad, a.estudios.map((e) => e.nombre)])).toEqual([
      ['RX', ['Tórax PA']],
      ['LAB', ['Hemograma completo', 'Glucosa']],
    ])
    // Each its own atención, sharing what the desk registered once.
    for (const a of v.atenciones)
      expect(a).toMatchObject({
        pacienteId: paciente,
        sede: 'Lima',
        estado: 'En espera',
        prioridad: 'Urgente',
        fechaLlegada: '2026-03-12',
        horaLlegada: '09:15',
      })
    const [rx, lab] = v.atenciones as [Visita['atenciones'][0], Visita['atenciones'][0]]
    expect(rx.id).not.toBe(lab.id)
    const despues = (await sola({ sede: 'Lima', ...LAB, ...DIA })).json<{ id: number }>()
    // One ticket: either atención's lists both, with the same turno.
    const [tAntes, tRx, tLab, tDespues] = await Promise.all(
      [antes.id, rx.id, lab.id, despues.id].map(ticket),
    )
    expect(tRx!.turno).toBe(tAntes!.turno + 1)
    expect(tLab!.turno).toBe(tRx!.turno)
    expect(tDespues!.turno).toBe(tRx!.turno + 1)
    expect(tRx!.visita).toEqual(tLab!.visita)
    expect(tRx!.visita.map((x) => [x.id, x.modalidad])).toEqual([
      [rx.id, 'RX'],
      [lab.id, 'LAB'],
    ])
    expect(tAntes!.visita.map((x) => x.id)).toEqual([antes.id])
    // Each on its own modality's worklist.
    for (const [m, id] of [
      ['RX', rx.id],
      ['LAB', lab.id],
    ] as const) {
      const lista = await t.app.inject({
        url: `/pacientes/buscar?fechaInicio=2026-03-12&fechaFin=2026-03-12&modalidad=${m}`,
        headers: t.headers,
      })
      const ids = lista.json<{ atencionId: number }[]>().map((f) => f.atencionId)
      expect(ids, m).toContain(id)
      expect(ids, m).not.toContain(m === 'RX' ? lab.id : rx.id)
    }
    // Audited one by one, with the visit.
    const eventos = await t.db.sql<{ detalle: { atencion: number; visita?: number } }[]>`
      select detalle from auditoria where accion = 'atencion.creada'
        and (detalle->>'atencion')::int in ${t.db.sql([rx.id, lab.id])} order by id`
    expect(eventos.map((e) => e.detalle.visita)).toEqual([v.visita, v.visita])
  })

  test('una sola modalidad es una atención como las demás, sin número de visita', async () => {
    const res = await visita({ sede: 'Arequipa', atenciones: [RX] })
    expect(res.statusCode, res.body).toBe(201)
    const v = res.json<Visita>()
    expect(v.visita).toBeNull()
    expect(v.atenciones).toHaveLength(1)
    expect((await ticket(v.atenciones[0]!.id)).visita).toHaveLength(1)
  })

  test('un error en cualquiera de las modalidades: 400 en español por campo y nada guardado', async () => {
    const n = await cuantas()
    const casos: [object, { campo: string; mensaje: string }[]][] = [
      [
        {
          sede: 'Lima',
          atenciones: [RX, { modalidad: 'LAB', estudios: [{ nombre: 'Tórax PA' }] }],
        },
        [
          {
            campo: 'atenciones.1.estudios',
            mensaje: 'Estudio no disponible para Laboratorio: Tórax PA',
          },
        ],
      ],
      [
        { sede: 'Lima', atenciones: [RX, { ...RX, estudios: [{ nombre: 'Pelvis' }] }] },
        [
          {
            campo: 'atenciones.1.modalidad',
            mensaje: 'Esa modalidad ya está en la visita: marque todos sus estudios en ella',
          },
        ],
      ],
      [
        { sede: 'Tumbes', atenciones: [RX, LAB] },
        [{ campo: 'sede', mensaje: expect.stringContaining('Sede no válida') }],
      ],
      [
        { sede: 'Lima', fechaLlegada: '2999-01-01', atenciones: [RX, LAB] },
        [
          {
            campo: 'fechaLlegada',
            mensaje: 'Solo una atención Programada puede tener fecha futura',
          },
        ],
      ],
      [
        { sede: 'Lima', atenciones: [RX, { ...LAB, salaId: 999999 }] },
        [{ campo: 'atenciones.1.salaId', mensaje: expect.any(String) }],
      ],
    ]
    for (const [cuerpo, errores] of casos) {
      const res = await visita(cuerpo)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().errores, JSON.stringify(cuerpo)).toEqual(errores)
    }
    for (const cuerpo of [
      { sede: 'Lima', atenciones: [] },
      { sede: 'Lima', atenciones: [{ modalidad: 'CT', estudios: [{ nombre: 'x' }] }] },
      { sede: 'Lima', atenciones: [{ modalidad: 'RX', estudios: [] }] },
      { sede: 'Lima', atenciones: 'RX' },
    ]) {
      const res = await visita(cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
      expect(res.json().message).toEqual(expect.any(String))
    }
    expect(await cuantas()).toBe(n)
  })

  test('paciente inexistente: 404 y ninguna atención; id inválido: 400', async () => {
    const n = await cuantas()
    const res = await visita({ sede: 'Lima', atenciones: [RX, LAB] }, 999_999)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Paciente no encontrado' })
    expect((await visita({ sede: 'Lima', atenciones: [RX] }, 'abc')).statusCode).toBe(400)
    expect(await cuantas()).toBe(n)
  })
})
