// Feriados through the real app: the year's list, the clinic's own added and removed by admins
// (audited), and a feriado closing the agenda and refusing citas, national or the clinic's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { diaIso } from '../../shared/citas.js'
import { hoyEn } from '../../shared/edad.js'
import { feriadoNacional, feriadosNacionales, type Feriado } from '../../shared/feriados.js'
import { diaSiguiente } from '../horario.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
const LIMA = 'America/Lima'
const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })
const crear = (payload: object, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/configuracion/feriados',
    headers: json(headers),
    payload,
  })
const listar = (anio: number | string) =>
  t.app.inject({ url: `/feriados?anio=${anio}`, headers: t.headers })

/** Weekdays (Monday to Saturday, when the default salas open) from 2 days ahead, clinic time. */
function diasHabiles(): string[] {
  let f = diaSiguiente(diaSiguiente(hoyEn(LIMA)))
  const dias: string[] = []
  while (dias.length < 300) {
    if (diaIso(f) <= 6) dias.push(f)
    f = diaSiguiente(f)
  }
  return dias
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('feriados', () => {
  test('GET /feriados: los nacionales del año y los de la clínica; año inválido: 400', async () => {
    const res = await listar(2026)
    expect(res.statusCode).toBe(200)
    const nacionales = res.json<Feriado[]>().filter((f) => f.nacional)
    expect(nacionales).toHaveLength(16)
    expect(nacionales).toContainEqual({
      id: expect.any(Number),
      fecha: '2026-12-25',
      nombre: 'Navidad',
      sede: null,
      nacional: true,
      atiende: false,
    })
    // Written once: asking again lists the same rows.
    expect((await listar(2026)).json()).toEqual(res.json())
    expect((await listar('26')).statusCode).toBe(400)
    expect((await t.app.inject({ url: '/feriados?anio=2026', headers: {} })).statusCode).toBe(401)
  })

  test('agregar y quitar: solo administradores, auditado, en español cuando no vale', async () => {
    const res = await crear({
      fecha: '2027-11-02',
      nombre: '  Día de los Difuntos ',
      sede: 'Cusco',
    })
    expect(res.statusCode, res.body).toBe(201)
    const f = res.json<Feriado>()
    expect(f).toEqual({
      id: expect.any(Number),
      fecha: '2027-11-02',
      nombre: 'Día de los Difuntos',
      sede: 'Cusco',
      nacional: false,
      atiende: false,
    })
    expect((await listar(2027)).json<Feriado[]>()).toContainEqual(f)
    const casos: [object, number, string][] = [
      [
        { fecha: '2027-11-02', nombre: 'Otra vez', sede: 'Cusco' },
        409,
        'Ese día ya es feriado para esa sede',
      ],
      [
        { fecha: '2027-07-28', nombre: 'Patria' },
        409,
        'Ese día ya es feriado nacional: Fiestas Patrias',
      ],
      [{ fecha: '2027-02-30', nombre: 'No existe' }, 400, 'Datos inválidos'],
      [{ fecha: '2027-03-01', nombre: 'Aquí no', sede: 'Tumbes' }, 400, 'Datos inválidos'],
      [{ fecha: '2027-03-01', nombre: '   ' }, 400, 'Datos inválidos'],
    ]
    for (const [cuerpo, estado, mensaje] of casos) {
      const r = await crear(cuerpo)
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(estado)
      expect(r.json().message).toBe(mensaje)
    }
    expect((await crear({ fecha: '2027-03-01', nombre: 'Personal' }, t.headers)).statusCode).toBe(
      403,
    )
    const borrar = (id: number | string, headers = admin) =>
      t.app.inject({ method: 'DELETE', url: `/configuracion/feriados/${id}`, headers })
    expect((await borrar(f.id!, t.headers)).statusCode).toBe(403)
    expect((await borrar(f.id!)).statusCode).toBe(204)
    expect((await borrar(f.id!)).json()).toEqual({ message: 'Feriado no encontrado' })
    expect((await borrar('x')).statusCode).toBe(400)
    const eventos = await t.db.sql<{ accion: string; detalle: { fecha: string; sede: string } }[]>`
      select accion, detalle from auditoria where accion like 'feriado.%' order by id`
    expect(eventos.map((e) => [e.accion, e.detalle.fecha, e.detalle.sede])).toEqual([
      ['feriado.creado', '2027-11-02', 'Cusco'],
      ['feriado.borrado', '2027-11-02', 'Cusco'],
    ])
    // What was refused stored nothing.
    const [n] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from feriados where not nacional`
    expect(n!.n).toBe(0)
    // The law's stay: worked, not removed.
    const navidad = (await listar(2027)).json<Feriado[]>().find((x) => x.fecha === '2027-12-25')!
    const r = await borrar(navidad.id)
    expect(r.statusCode).toBe(409)
    expect(r.json().message).toBe(
      'Un feriado nacional no se quita: si la clínica trabaja ese día, marque que atiende',
    )
  })

  test('un feriado cierra la agenda de la sede y no acepta citas; en otra sede, sí', async () => {
    const [sala] = await t.db.sql<{ id: number }[]>`
      select id from salas where sede = 'Lima' and modalidad = 'LAB' order by id limit 1`
    const paciente = await crearPaciente(t)
    const reservar = (fecha: string) =>
      t.app.inject({
        method: 'POST',
        url: '/citas',
        headers: json(t.headers),
        payload: {
          pacienteId: paciente.id,
          salaId: sala!.id,
          inicio: `${fecha}T10:00`,
          estudios: [{ nombre: 'Glucosa' }],
        },
      })
    const agenda = async (fecha: string, sede = 'Lima') =>
      (
        await t.app.inject({
          url: `/agenda?sede=${sede}&fecha=${fecha}&duracion=15`,
          headers: t.headers,
        })
      ).json<{ feriado: string | null; salas: { apertura: unknown; libres: unknown[] }[] }>()
    // The clinic's own, for Lima only, on a day the law leaves open.
    const propio = diasHabiles().find((d) => !feriadoNacional(d))!
    expect(
      (await crear({ fecha: propio, nombre: 'Aniversario de la sede', sede: 'Lima' })).statusCode,
    ).toBe(201)
    const a = await agenda(propio)
    expect(a.feriado).toBe('Aniversario de la sede')
    for (const s of a.salas) expect(s).toMatchObject({ apertura: null, libres: [] })
    const r = await reservar(propio)
    expect(r.statusCode).toBe(400)
    expect(r.json().errores).toEqual([
      {
        campo: 'inicio',
        mensaje: `El ${propio.split('-').reverse().join('/')} es feriado (Aniversario de la sede): las salas no atienden citas ese día`,
      },
    ])
    const cusco = await agenda(propio, 'Cusco')
    expect(cusco.feriado).toBeNull()
    expect(cusco.salas.some((s) => s.apertura !== null)).toBe(true)
    // A national one, the next that falls on a day the sala opens.
    const anio = Number(propio.slice(0, 4))
    const habiles = new Set(diasHabiles())
    const nacional = [...feriadosNacionales(anio), ...feriadosNacionales(anio + 1)].find((f) =>
      habiles.has(f.fecha),
    )!
    expect((await agenda(nacional.fecha)).feriado).toBe(nacional.nombre)
    expect((await reservar(nacional.fecha)).statusCode).toBe(400)
    // A clinic that works it says so: the agenda opens and the cita is booked.
    const fila = (await listar(nacional.fecha.slice(0, 4)))
      .json<Feriado[]>()
      .find((x) => x.fecha === nacional.fecha)!
    const atender = (atiende: boolean, headers = admin) =>
      t.app.inject({
        method: 'PATCH',
        url: `/configuracion/feriados/${fila.id}`,
        headers: json(headers),
        payload: { atiende },
      })
    expect((await atender(true, t.headers)).statusCode).toBe(403)
    expect((await atender(true)).json()).toMatchObject({ id: fila.id, atiende: true })
    expect((await agenda(nacional.fecha)).feriado).toBeNull()
    expect((await reservar(nacional.fecha)).statusCode).toBe(201)
    expect((await atender(false)).json()).toMatchObject({ atiende: false })
    // The day before a feriado books as always.
    const comun = diasHabiles().find((d) => !feriadoNacional(d) && d !== propio)!
    expect((await reservar(comun)).statusCode).toBe(201)
  })
  test('un feriado nacional cuyo año aún no está escrito cierra el día igual, sin escribir nada al reservar', async () => {
    const [sala] = await t.db.sql<{ id: number }[]>`
      select id from salas where sede = 'Arequipa' and modalidad = 'LAB' order by id limit 1`
    const habiles = new Set(diasHabiles())
    const anio = Number(hoyEn(LIMA).slice(0, 4))
    const nacional = [...feriadosNacionales(anio), ...feriadosNacionales(anio + 1)].find((f) =>
      habiles.has(f.fecha),
    )!
    await t.db.sql`delete from feriados where fecha = ${nacional.fecha}::date and nacional`
    const paciente = await crearPaciente(t)
    const r = await t.app.inject({
      method: 'POST',
      url: '/citas',
      headers: json(t.headers),
      payload: {
        pacienteId: paciente.id,
        salaId: sala!.id,
        inicio: `${nacional.fecha}T10:00`,
        estudios: [{ nombre: 'Glucosa' }],
      },
    })
    expect(r.statusCode).toBe(400)
    expect(r.json().errores[0].mensaje).toContain(`es feriado (${nacional.nombre})`)
    expect(await t.db.sql`select 1 from feriados where fecha = ${nacional.fecha}::date`).toEqual([])
  })
  test('un nombre con caracteres de control: 400 en español, nada guardado', async () => {
    const antes = (await listar(2027)).json<Feriado[]>().length
    for (const nombre of ['a\u0000b', 'a\u0007b', 'Aniversario\nde la sede', 'a\u0085b']) {
      const res = await crear({ fecha: '2027-11-05', nombre })
      expect(res.statusCode, JSON.stringify(nombre)).toBe(400)
      expect(res.json().errores).toEqual([
        {
          campo: 'nombre',
          mensaje: 'Nombre del feriado: de 1 a 80 caracteres, sin caracteres de control',
        },
      ])
    }
    expect((await listar(2027)).json<Feriado[]>()).toHaveLength(antes)
  })
})
