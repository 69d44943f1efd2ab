// A sala's time through the real app: a day of several opening ranges (a lunch break) and blocked
// periods, each respected by booking, moving and the agenda's free slots; blocks added and removed
// by admins only, audited, bad input refused in Spanish with nothing stored.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BloqueoCreado } from '../../shared/bloqueos.js'
import type { Agenda } from '../../shared/citas.js'
import type { Sala } from '../../shared/configuracion.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente } from '../test/factories.js'
import { proximo } from '../test/fechas.js'
import { feriadoNacional } from '../../shared/feriados.js'

const LIMA = 'America/Lima'
let t: TestApp
let admin: Record<string, string>
let sala: Sala
const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })
/** Monday to Saturday, 08:00–13:00 and 14:00–18:00. */
const CON_ALMUERZO = [1, 2, 3, 4, 5, 6].flatMap((dia) => [
  { dia, abre: '08:00', cierra: '13:00' },
  { dia, abre: '14:00', cierra: '18:00' },
])

const reservar = async (inicio: string, headers = t.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/citas',
    headers: json(headers),
    payload: {
      pacienteId: (await crearPaciente(t)).id,
      salaId: sala.id,
      inicio,
      estudios: [{ nombre: 'Glucosa' }],
    },
  })
const agenda = async (fecha: string) => {
  const res = await t.app.inject({
    url: `/agenda?sede=Lima&fecha=${fecha}&sala=${sala.id}&duracion=10`,
    headers: t.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Agenda>().salas[0]!
}
const bloquear = (payload: object, headers = admin, id = sala.id) =>
  t.app.inject({
    method: 'POST',
    url: `/configuracion/salas/${id}/bloqueos`,
    headers: json(headers),
    payload,
  })
const cambiarHorario = (horario: object[]) =>
  t.app.inject({
    method: 'PATCH',
    url: `/configuracion/salas/${sala.id}`,
    headers: json(admin),
    payload: { horario },
  })
/** `n` calendar days after 'YYYY-MM-DD'. */
const masDias = (fecha: string, n: number) => {
  const d = new Date(`${fecha}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
const mensajes = (body: string) =>
  (JSON.parse(body) as { errores: { mensaje: string }[] }).errores.map((e) => e.mensaje)

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  const res = await t.app.inject({
    method: 'POST',
    url: '/configuracion/salas',
    headers: json(admin),
    payload: {
      sede: 'Lima',
      modalidad: 'LAB',
      nombre: 'Toma de muestras 2',
      horario: CON_ALMUERZO,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  sala = res.json<Sala>()
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('un día con varios tramos', () => {
  test('la sala guarda mañana y tarde; reserva en cada tramo y no a la hora de almuerzo', async () => {
    expect(sala.horario).toEqual(CON_ALMUERZO)
    const fecha = proximo(LIMA, 2)
    expect((await reservar(`${fecha}T12:50`)).statusCode).toBe(201)
    expect((await reservar(`${fecha}T14:00`)).statusCode).toBe(201)
    for (const [hora, fin] of [
      ['12:55', '13:05'],
      ['13:30', '13:40'],
      ['17:55', '18:05'],
      ['07:50', '08:00'],
    ]) {
      const r = await reservar(`${fecha}T${hora}`)
      expect(r.statusCode).toBe(400)
      expect(mensajes(r.body)).toEqual([
        `Fuera del horario de la sala (08:00 a 13:00 y 14:00 a 18:00): la cita terminaría a las ${fin}`,
      ])
    }
    const dia = await agenda(fecha)
    expect(dia.apertura).toEqual({ inicio: `${fecha}T08:00`, fin: `${fecha}T18:00` })
    expect(dia.horario).toEqual([
      { inicio: `${fecha}T08:00`, fin: `${fecha}T13:00` },
      { inicio: `${fecha}T14:00`, fin: `${fecha}T18:00` },
    ])
    const libres = dia.libres!.map((l) => l.inicio.slice(11))
    // Nothing starts in the break or runs into it; the booked slots are skipped.
    expect(libres).toContain('12:40')
    expect(libres).not.toContain('12:50')
    expect(libres.filter((h) => h >= '12:51' && h < '14:10')).toEqual([])
    expect(libres).toContain('14:10')
    expect(libres.at(-1)).toBe('17:50')
  })

  test('tramos que se cruzan o demasiados en un día: 400 en español, nada cambia', async () => {
    const cruzados = await cambiarHorario([
      { dia: 3, abre: '08:00', cierra: '13:00' },
      { dia: 3, abre: '12:30', cierra: '18:00' },
    ])
    expect(cruzados.statusCode).toBe(400)
    expect(mensajes(cruzados.body)).toEqual([
      'Los tramos del miércoles se cruzan: uno debe cerrar antes de que abra el otro',
    ])
    const cuatro = await cambiarHorario(
      ['07:00', '09:00', '11:00', '13:00'].map((abre, i) => ({
        dia: 1,
        abre,
        cierra: ['08:00', '10:00', '12:00', '14:00'][i],
      })),
    )
    expect(cuatro.statusCode).toBe(400)
    expect(mensajes(cuatro.body)).toEqual(['El lunes tiene más de 3 tramos'])
    // Past what any week holds, the schema's own limit says so.
    const demasiados = await cambiarHorario(
      Array.from({ length: 22 }, (_, i) => ({ dia: (i % 7) + 1, abre: '08:00', cierra: '09:00' })),
    )
    expect(demasiados.statusCode).toBe(400)
    expect(mensajes(demasiados.body)).toEqual(['Como máximo 21'])
    const estudios = await t.app.inject({
      method: 'POST',
      url: '/citas',
      headers: json(t.headers),
      payload: {
        pacienteId: 1,
        salaId: sala.id,
        inicio: `${proximo(LIMA, 2)}T09:00`,
        estudios: Array.from({ length: 21 }, () => ({ nombre: 'Glucosa' })),
      },
    })
    expect(estudios.statusCode).toBe(400)
    expect(mensajes(estudios.body)).toEqual(['Como máximo 20'])
    const [fila] = await t.db.sql<{ horario: unknown }[]>`
      select horario from salas where id = ${sala.id}`
    expect(fila!.horario).toEqual(CON_ALMUERZO)
    // Touching ranges are two ranges, not an overlap.
    const juntos = [
      { dia: 1, abre: '08:00', cierra: '13:00' },
      { dia: 1, abre: '13:00', cierra: '18:00' },
    ]
    expect((await cambiarHorario(juntos)).statusCode).toBe(200)
    expect((await cambiarHorario(CON_ALMUERZO)).statusCode).toBe(200)
  })
})

describe('bloqueos', () => {
  test('bloquear un periodo: dice qué citas quedan dentro, rechaza reservas en él y lo muestra en la agenda', async () => {
    const fecha = proximo(LIMA, 4)
    const antes = await reservar(`${fecha}T10:30`)
    expect(antes.statusCode).toBe(201)
    const res = await bloquear({
      inicio: `${fecha}T10:00`,
      fin: `${fecha}T12:00`,
      motivo: 'Mantenimiento del analizador',
    })
    expect(res.statusCode, res.body).toBe(201)
    const creado = res.json<BloqueoCreado>()
    expect(creado.bloqueo).toEqual({
      id: expect.any(Number),
      salaId: sala.id,
      inicio: `${fecha}T10:00`,
      fin: `${fecha}T12:00`,
      motivo: 'Mantenimiento del analizador',
    })
    expect(creado.citas).toEqual([
      {
        id: antes.json<{ id: number }>().id,
        pacienteId: antes.json<{ pacienteId: number }>().pacienteId,
        paciente: expect.any(String),
        inicio: `${fecha}T10:30`,
      },
    ])
    for (const hora of ['10:00', '11:55', '09:55']) {
      const r = await reservar(`${fecha}T${hora}`)
      expect(r.statusCode).toBe(400)
      expect(mensajes(r.body)).toEqual([
        'La sala está bloqueada de 10:00 a 12:00: Mantenimiento del analizador',
      ])
    }
    const despues = await reservar(`${fecha}T12:00`)
    expect(despues.statusCode).toBe(201)
    // Moving a cita into it is refused the same way.
    const mover = await t.app.inject({
      method: 'POST',
      url: `/citas/${despues.json<{ id: number }>().id}/reprogramar`,
      headers: json(t.headers),
      payload: { inicio: `${fecha}T11:00` },
    })
    expect(mover.statusCode).toBe(400)
    expect(mensajes(mover.body)).toEqual([
      'La sala está bloqueada de 10:00 a 12:00: Mantenimiento del analizador',
    ])
    const dia = await agenda(fecha)
    expect(dia.bloqueos).toEqual([
      {
        id: creado.bloqueo.id,
        inicio: `${fecha}T10:00`,
        fin: `${fecha}T12:00`,
        motivo: 'Mantenimiento del analizador',
      },
    ])
    const libres = dia.libres!.map((l) => l.inicio.slice(11))
    expect(libres).toContain('09:50')
    expect(libres.filter((h) => h > '09:50' && h < '12:10')).toEqual([])
    // The cita left inside, «moved» to where it is: as it was, no error and no record.
    const quieta = await t.app.inject({
      method: 'POST',
      url: `/citas/${creado.citas[0]!.id}/reprogramar`,
      headers: json(t.headers),
      payload: { inicio: `${fecha}T10:30` },
    })
    expect(quieta.statusCode, quieta.body).toBe(200)
    expect(quieta.json()).toMatchObject({ id: creado.citas[0]!.id, inicio: `${fecha}T10:30` })
    // Listed while it lasts; the audit names it and the cita left inside.
    const lista = await t.app.inject({
      url: `/configuracion/salas/${sala.id}/bloqueos`,
      headers: admin,
    })
    expect(lista.json()).toEqual([creado.bloqueo])
    const [evento] = await t.db.sql<{ usuario: string; detalle: { citas: number[] } }[]>`
      select usuario, detalle from auditoria where accion = 'bloqueo.creado'
      order by id desc limit 1`
    expect(evento).toMatchObject({
      usuario: 'prueba.admin',
      detalle: { citas: [creado.citas[0]!.id] },
    })
    // Removed, the period books again.
    const borrar = (headers = admin) =>
      t.app.inject({
        method: 'DELETE',
        url: `/configuracion/bloqueos/${creado.bloqueo.id}`,
        headers,
      })
    expect((await borrar(t.headers)).statusCode).toBe(403)
    expect((await borrar()).statusCode).toBe(204)
    expect((await borrar()).statusCode).toBe(404)
    expect((await reservar(`${fecha}T10:00`)).statusCode).toBe(201)
    expect(await t.db.sql`select 1 from auditoria where accion = 'bloqueo.borrado'`).toHaveLength(1)
  })

  test('un bloqueo de varios días se nombra con sus fechas', async () => {
    // A Monday whose week has no feriado nacional up to Friday.
    let n = 0
    const dias = (desde: string) => [0, 1, 2, 3, 4].map((n) => masDias(desde, n))
    let lunes = proximo(LIMA, 1, 8)
    while (dias(lunes).some((d) => feriadoNacional(d))) lunes = proximo(LIMA, 1, 8 + (n += 7))
    const [, , , jueves, viernes] = dias(lunes) as [string, string, string, string, string]
    const res = await bloquear({
      inicio: `${lunes}T00:00`,
      fin: `${viernes}T00:00`,
      motivo: 'Cambio de equipo',
    })
    expect(res.statusCode).toBe(201)
    const r = await reservar(`${jueves}T09:00`)
    expect(mensajes(r.body)).toEqual([
      `La sala está bloqueada del ${lunes.split('-').reverse().join('/')} 00:00 al ${viernes.split('-').reverse().join('/')} 00:00: Cambio de equipo`,
    ])
    expect((await agenda(jueves)).libres).toEqual([])
    expect((await reservar(`${viernes}T09:00`)).statusCode).toBe(201)
  })

  test('lo que no vale: 400 o 404 en español, solo administradores, nada guardado', async () => {
    const fecha = proximo(LIMA, 6)
    const cuenta = async () => (await t.db.sql`select id from bloqueos`).length
    const antes = await cuenta()
    const casos: [object, string[]][] = [
      [
        { inicio: `${fecha}T12:00`, fin: `${fecha}T10:00`, motivo: 'x' },
        ['El bloqueo debe terminar después de comenzar'],
      ],
      [
        { inicio: '2020-01-06T08:00', fin: '2020-01-06T09:00', motivo: 'Pasado' },
        ['El bloqueo ya habría terminado: indique un periodo que no haya pasado'],
      ],
      [
        { inicio: `${fecha}T25:00`, fin: `${fecha}T10:00`, motivo: 'x' },
        ['Fecha y hora inválidas (AAAA-MM-DDTHH:MM)'],
      ],
      [{ inicio: '2027-02-30T08:00', fin: `${fecha}T10:00`, motivo: 'x' }, ['Fecha inválida']],
      [
        { inicio: `${fecha}T08:00`, fin: `${fecha}T10:00`, motivo: ' ' },
        [
          'Motivo: de 1 a 120 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
        ],
      ],
    ]
    for (const [payload, esperados] of casos) {
      const r = await bloquear(payload)
      expect(r.statusCode, JSON.stringify(payload)).toBe(400)
      expect(mensajes(r.body)).toEqual(esperados)
    }
    const valido = { inicio: `${fecha}T08:00`, fin: `${fecha}T10:00`, motivo: 'Capacitación' }
    expect((await bloquear(valido, t.headers)).statusCode).toBe(403)
    const otra = await bloquear(valido, admin, 999_999)
    expect(otra.statusCode).toBe(404)
    expect(otra.json()).toMatchObject({ message: 'Sala no encontrada' })
    expect((await bloquear(valido, admin, -1)).statusCode).toBe(400)
    expect(await cuenta()).toBe(antes)
    // The calendar's last day is a day like any other.
    const lejano = { inicio: '2099-12-30T08:00', fin: '2099-12-31T00:00', motivo: 'Cierre' }
    expect((await bloquear(lejano)).statusCode).toBe(201)
  })

  test('un bloqueo creado mientras se reservan y mueven citas: ninguna queda dentro sin que el bloqueo la nombre', async () => {
    const fecha = proximo(LIMA, 3, 15)
    const horas = Array.from(
      { length: 12 },
      (_, i) =>
        `${String(8 + Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}`,
    )
    // Six citas booked first, in the afternoon, to be moved into the block while it is created.
    const movibles = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(
        async (i) =>
          (
            await reservar(
              `${fecha}T${15 + Math.floor(i / 3)}:${String((i % 3) * 20).padStart(2, '0')}`,
            )
          ).json<{ id: number }>().id,
      ),
    )
    for (let ronda = 0; ronda < 4; ronda++) {
      const desde = ronda === 0 ? '08:00' : ronda === 1 ? '10:00' : ronda === 2 ? '11:00' : '12:00'
      const reservas = horas
        .filter((_, i) => i % 4 === ronda)
        .map(
          (h) =>
            `${fecha}T${String(Number(desde.slice(0, 2)) + Number(h.slice(0, 2)) - 8).padStart(2, '0')}${h.slice(2)}`,
        )
      const [bloqueo] = await Promise.all([
        bloquear({
          inicio: `${fecha}T${desde}`,
          fin: `${fecha}T${String(Number(desde.slice(0, 2)) + 1).padStart(2, '0')}:00`,
          motivo: `Carrera ${ronda}`,
        }),
        ...reservas.map((inicio) => reservar(inicio)),
        t.app.inject({
          method: 'POST',
          url: `/citas/${movibles[ronda]}/reprogramar`,
          headers: json(t.headers),
          payload: { inicio: `${fecha}T${desde.slice(0, 3)}30` },
        }),
      ])
      expect(bloqueo.statusCode, bloqueo.body).toBe(201)
      const creado = bloqueo.json<BloqueoCreado>()
      const dentro = await t.db.sql<{ id: number }[]>`
        select id from atenciones
        where sala_id = ${sala.id} and estado = 'Programado'
          and turno && (select tstzrange(inicio, fin, '[)') from bloqueos where id = ${creado.bloqueo.id})
        order by id`
      expect(
        creado.citas.map((c) => c.id).sort((a, b) => a - b),
        `ronda ${ronda}`,
      ).toEqual(dentro.map((d) => d.id))
    }
  })

  test('deshacer una reprogramación no devuelve la cita a un periodo bloqueado desde entonces', async () => {
    const fecha = proximo(LIMA, 5, 22)
    const cita = (await reservar(`${fecha}T10:00`)).json<{ id: number }>()
    const mover = await t.app.inject({
      method: 'POST',
      url: `/citas/${cita.id}/reprogramar`,
      headers: json(t.headers),
      payload: { inicio: `${fecha}T15:00` },
    })
    expect(mover.statusCode, mover.body).toBe(200)
    const b = await bloquear({ inicio: `${fecha}T10:00`, fin: `${fecha}T12:00`, motivo: 'Avería' })
    expect(b.json<BloqueoCreado>().citas).toEqual([])
    const deshacer = await t.app.inject({
      method: 'POST',
      url: `/citas/${cita.id}/reprogramar/deshacer`,
      headers: json(t.headers),
      payload: { inicio: `${fecha}T15:00` },
    })
    expect(deshacer.statusCode).toBe(409)
    expect(deshacer.json().message).toBe(
      'No se puede deshacer: la sala está bloqueada de 10:00 a 12:00 (Avería). Reprograme la cita.',
    )
    // Still where the move left it.
    expect(
      (
        await t.app.inject({
          url: `/agenda?sede=Lima&fecha=${fecha}&sala=${sala.id}`,
          headers: t.headers,
        })
      ).json<Agenda>().salas[0]!.citas,
    ).toMatchObject([{ id: cita.id, inicio: `${fecha}T15:00` }])
  })
})
