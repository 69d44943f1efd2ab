// GET /atenciones/:id/ticket through the real app: the ticket's data, its turno (order of
// registration among the sede's atenciones of the day) and its audit event.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { textoSolicitante } from '../../shared/medico-solicitante.js'
import type { Ticket } from '../../shared/ticket.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'

let t: TestApp
let rosa: number
let bebe: number
const at: number[] = []

// Lima is UTC-5: local 23:30 is 04:30Z of the next day.
const lima = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`).toISOString()

const ticket = (id: number | string, headers = t.headers) =>
  t.app.inject({ method: 'GET', url: `/atenciones/${id}/ticket`, headers })

beforeAll(async () => {
  t = await createTestApp()
  const sql = t.db.sql
  rosa = await insertarPaciente(sql, {
    documento: '01234567',
    primerNombre: 'Rosa',
    segundoNombre: 'María',
    primerApellido: 'Huamán',
    segundoApellido: 'Ñique',
    fechaNacimiento: '1980-05-14',
  })
  bebe = await insertarPaciente(sql, { primerNombre: 'Mateo', fechaNacimiento: '2025-02-20' })
  // Registered in this order; the arrival times are not: the turno follows registration.
  at.push(await insertarAtencion(sql, rosa, { llegada: lima('2025-03-10', '09:00') }))
  at.push(await insertarAtencion(sql, bebe, { llegada: lima('2025-03-10', '08:00') }))
  at.push(
    await insertarAtencion(sql, rosa, { llegada: lima('2025-03-10', '23:30'), sede: 'Cusco' }),
  )
  at.push(
    await insertarAtencion(sql, bebe, {
      llegada: lima('2025-03-10', '23:30'),
      modalidad: 'Eco',
      estudios: ['Abdominal completa', 'Renal'],
      prioridad: 'Urgente',
    }),
  )
  at.push(await insertarAtencion(sql, rosa, { llegada: lima('2025-03-11', '00:10') }))
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('GET /atenciones/:id/ticket', () => {
  test('el paciente, sus estudios, la sede, la llegada y el turno', async () => {
    const res = await ticket(at[3]!)
    expect(res.statusCode).toBe(200)
    expect(res.json<Ticket>()).toEqual({
      atencion: {
        id: at[3],
        sede: 'Lima',
        modalidad: 'Eco',
        estudios: [{ nombre: 'Abdominal completa' }, { nombre: 'Renal' }],
        estado: 'En espera',
        prioridad: 'Urgente',
        fechaLlegada: '2025-03-10',
        horaLlegada: '23:30',
        solicitante: null,
      },
      turno: 3,
      // Inserted without one, as an atención from before salas.
      sala: null,
      // Registered alone: its visit is itself.
      visita: [
        {
          id: at[3],
          modalidad: 'Eco',
          estudios: [{ nombre: 'Abdominal completa' }, { nombre: 'Renal' }],
          sala: null,
        },
      ],
      // The age at arrival, in days for a newborn.
      paciente: {
        id: bebe,
        tipoDocumento: 'dni',
        documento: expect.any(String),
        nombreCompleto: 'Mateo Mamani',
        tipoEdad: 'días',
        edad: 18,
      },
      // The patient had no access code: this first ticket issues one, in groups of four.
      accesoResultados: {
        codigo: expect.stringMatching(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/),
        emitidoEn: expect.any(String),
        venceEn: expect.any(String),
        url: expect.stringMatching(/\/resultados$/),
      },
    })
    // A reprint while that code lasts cannot show it again: only its hash is kept.
    const otra = (await ticket(at[3]!)).json<Ticket>()
    expect(otra.accesoResultados.codigo).toBeNull()
    // It says when the code was given and until when it works: the first ticket's.
    const primera = res.json<Ticket>()
    expect(otra.accesoResultados.emitidoEn).toBe(primera.accesoResultados.emitidoEn)
    expect(otra.accesoResultados.venceEn).toBe(primera.accesoResultados.venceEn)
  })

  test('el turno cuenta por sede y por día de la clínica, en orden de registro', async () => {
    const turnos = []
    for (const id of at) turnos.push((await ticket(id)).json<Ticket>().turno)
    // Lima 10/03: 1, 2, 3; Cusco 10/03: 1; Lima 11/03 (00:10 in Lima, still the 11th): 1.
    expect(turnos).toEqual([1, 2, 1, 3, 1])
    const r = (await ticket(at[0]!)).json<Ticket>()
    expect(r.paciente).toMatchObject({
      nombreCompleto: 'Rosa María Huamán Ñique',
      documento: '01234567',
      tipoEdad: 'años',
      edad: 44,
    })
  })

  test('lleva el médico solicitante de la atención, para imprimirlo con su CMP', async () => {
    const [m] = await t.db.sql<{ id: number }[]>`
      insert into medicos_solicitantes (nombres, apellidos, cmp)
      values ('Lucía', 'Fernández Ruiz', '51234') returning id`
    await t.db.sql`update atenciones set solicitante_id = ${m!.id} where id = ${at[1]!}`
    const r = (await ticket(at[1]!)).json<Ticket>()
    expect(r.atencion.solicitante).toEqual({
      id: m!.id,
      nombres: 'Lucía',
      apellidos: 'Fernández Ruiz',
      cmp: '51234',
      activo: true,
    })
    expect(textoSolicitante(r.atencion.solicitante!)).toBe('Fernández Ruiz, Lucía — CMP 51234')
  })

  test('queda en la auditoría como lectura del paciente', async () => {
    await ticket(at[2]!)
    const [evento] = await t.db.sql<
      { usuario: string; pacienteId: string; detalle: Record<string, unknown> }[]
    >`select usuario, paciente_id, detalle from auditoria where accion = 'ticket.consultado'
      order by id desc limit 1`
    expect(evento).toEqual({
      usuario: 'prueba.recepcion',
      pacienteId: String(rosa),
      detalle: { atencion: at[2] },
    })
  })

  test('404 en español si no existe, sin evento; 401 sin sesión', async () => {
    const [antes] = await t.db
      .sql`select count(*)::int as n from auditoria where accion = 'ticket.consultado'`
    const res = await ticket(999_999)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Atención no encontrada' })
    const [despues] = await t.db
      .sql`select count(*)::int as n from auditoria where accion = 'ticket.consultado'`
    expect(despues!.n).toBe(antes!.n)
    const sin = await ticket(at[0]!, {})
    expect(sin.statusCode).toBe(401)
  })
})
