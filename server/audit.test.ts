// What the audit trail records of patient work: registered, viewed, listed, searched (the filters,
// not the results), atención created and changed, and logout; each with user, address and time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, ORIGEN_PRUEBA, type TestApp } from './test/app.js'
import { crearPaciente, insertarPaciente } from './test/factories.js'

let t: TestApp
let admin: Record<string, string>

interface Fila {
  accion: string
  usuario: string
  direccion: string
  pacienteId: string | null
  detalle: Record<string, unknown> | null
  en: Date
}
const eventos = async (accion: string) =>
  t.db.sql<
    Fila[]
  >`select accion, usuario, direccion, paciente_id, detalle, en from auditoria where accion = ${accion} order by id`

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
})
afterAll(() => t.close())

describe('auditoría del trabajo con pacientes', () => {
  it('deja en la auditoría un registro de paciente, una consulta, una búsqueda, una atención y su cambio, con quién y desde dónde', async () => {
    const p = await crearPaciente(t, { primerNombre: 'Zoraida', primerApellido: 'Quispicondori' })
    const registro = await eventos('paciente.registrado')
    expect(registro).toHaveLength(1)
    expect(registro[0]).toMatchObject({
      usuario: 'prueba.recepcion',
      direccion: '127.0.0.1',
      pacienteId: String(p.id),
      detalle: null,
    })
    expect(Date.now() - registro[0]!.en.getTime()).toBeLessThan(60_000)

    expect((await t.app.inject({ url: `/pacientes/${p.id}`, headers: t.headers })).statusCode).toBe(
      200,
    )
    expect(await eventos('paciente.consultado')).toMatchObject([
      { usuario: 'prueba.recepcion', pacienteId: String(p.id) },
    ])

    const busqueda = await t.app.inject({
      url: '/pacientes/buscar?primerApellido=quispic&sede=&limite=10',
      headers: t.headers,
    })
    expect(busqueda.statusCode).toBe(200)
    expect(busqueda.json()).toHaveLength(1)
    const [buscado] = await eventos('pacientes.buscados')
    // The filters given, without empty ones or paging; nothing of what was found.
    expect(buscado!.detalle).toEqual({ primerApellido: 'quispic' })
    expect(JSON.stringify(buscado)).not.toContain('Zoraida')
    expect(JSON.stringify(buscado)).not.toContain(p.documento)

    const atencion = await t.app.inject({
      method: 'POST',
      url: `/pacientes/${p.id}/atenciones`,
      headers: t.headers,
      payload: { sede: 'Lima', modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] },
    })
    expect(atencion.statusCode).toBe(201)
    const a = atencion.json()
    expect(await eventos('atencion.creada')).toMatchObject([
      {
        usuario: 'prueba.recepcion',
        pacienteId: String(p.id),
        detalle: { atencion: a.id, modalidad: 'RX', estado: a.estado },
      },
    ])
    const cambio = await t.app.inject({
      method: 'PATCH',
      url: `/atenciones/${a.id}`,
      headers: t.headers,
      payload: { estado: 'En proceso' },
    })
    expect(cambio.statusCode).toBe(200)
    expect(await eventos('atencion.modificada')).toMatchObject([
      {
        usuario: 'prueba.recepcion',
        pacienteId: String(p.id),
        detalle: { atencion: a.id, estado: 'En proceso' },
      },
    ])

    // "Who looked at this patient": one call, for an admin.
    const historia = await t.app.inject({ url: `/auditoria?pacienteId=${p.id}`, headers: admin })
    expect((historia.json() as { accion: string }[]).map((e) => e.accion)).toEqual([
      'atencion.modificada',
      'atencion.creada',
      'paciente.consultado',
      'paciente.registrado',
    ])
  })

  it('no registra nada por una búsqueda rechazada ni por un paciente inexistente', async () => {
    const antes = (await t.db.sql`select count(*)::int as n from auditoria`)[0]!.n as number
    expect(
      (await t.app.inject({ url: '/pacientes/buscar?sede=Marte', headers: t.headers })).statusCode,
    ).toBe(400)
    expect((await t.app.inject({ url: '/pacientes/999999', headers: t.headers })).statusCode).toBe(
      404,
    )
    expect((await t.db.sql`select count(*)::int as n from auditoria`)[0]!.n).toBe(antes)
  })

  it('registra un cierre de sesión', async () => {
    const sesion = await t.login('recepcion')
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/sesion',
      headers: { cookie: sesion.cookie!, origin: ORIGEN_PRUEBA },
    })
    expect(res.statusCode).toBe(204)
    expect(await eventos('sesion.cerrada')).toMatchObject([
      { usuario: 'prueba.recepcion', direccion: '127.0.0.1' },
    ])
  })
})

describe('auditoría de las listas de pacientes', () => {
  it('registra cada página de GET /pacientes: su tamaño, dónde empieza y cuántos pacientes entregó', async () => {
    for (let i = 0; i < 3; i++) await insertarPaciente(t.db.sql, { primerApellido: 'Huamanchumo' })
    const antes = (await eventos('pacientes.listados')).length
    const primera = await t.app.inject({ url: '/pacientes?limite=2', headers: t.headers })
    expect(primera.statusCode).toBe(200)
    const siguiente = /^<([^>]+)>; rel="next"$/.exec(primera.headers.link as string)![1]!
    const segunda = await t.app.inject({ url: siguiente, headers: t.headers })
    expect(segunda.statusCode).toBe(200)
    const cursor = new URL(siguiente, 'http://x').searchParams.get('cursor')!
    const listados = (await eventos('pacientes.listados')).slice(antes)
    expect(listados).toMatchObject([
      {
        usuario: 'prueba.recepcion',
        direccion: '127.0.0.1',
        pacienteId: null,
        detalle: { lista: 'pacientes', limite: 2, pacientes: 2 },
      },
      {
        usuario: 'prueba.recepcion',
        detalle: {
          lista: 'pacientes',
          limite: 2,
          pacientes: segunda.json().length,
          despues: JSON.parse(Buffer.from(cursor, 'base64url').toString()),
        },
      },
    ])
    // What was read, never what it said.
    expect(JSON.stringify(listados)).not.toContain('Huamanchumo')
  })

  it('registra los últimos pacientes del dashboard con cuántos entregó', async () => {
    const antes = (await eventos('pacientes.listados')).length
    const res = await t.app.inject({ url: '/estadisticas', headers: t.headers })
    expect(res.statusCode).toBe(200)
    const servidos = (res.json() as { ultimosPacientes: unknown[] }).ultimosPacientes.length
    expect(servidos).toBeGreaterThan(0)
    expect((await eventos('pacientes.listados')).slice(antes)).toMatchObject([
      {
        usuario: 'prueba.recepcion',
        pacienteId: null,
        detalle: { lista: 'tablero', pacientes: servidos },
      },
    ])
  })

  it('registra la consulta de posibles duplicados con sus nombres y fecha de nacimiento, no sus resultados', async () => {
    const p = await crearPaciente(t, {
      primerNombre: 'Eulalia',
      primerApellido: 'Ccallo',
      fechaNacimiento: '1961-03-03',
    })
    const antes = (await eventos('pacientes.buscados')).length
    const res = await t.app.inject({
      url: '/pacientes/posibles-duplicados?primerNombre=eulalia&primerApellido=ccallo&fechaNacimiento=1961-03-03',
      headers: t.headers,
    })
    expect(res.json()).toHaveLength(1)
    const [evento] = (await eventos('pacientes.buscados')).slice(antes)
    expect(evento!.detalle).toMatchObject({
      busqueda: 'posibles duplicados',
      primerNombre: 'eulalia',
      primerApellido: 'ccallo',
      fechaNacimiento: '1961-03-03',
    })
    expect(JSON.stringify(evento)).not.toContain(p.documento)
  })
})
