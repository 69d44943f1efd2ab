// The laboratory's samples through the real app on PostgreSQL: one tube per recipiente of an
// arrived LAB atención, registered once however many desks ask at once, received by the scanned
// label (which starts a waiting atención) exactly once, rejected with its reason for a new one,
// and every hostile code a 400 or a 404, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fechaEnZona, fechaLegible, horaEnZona } from '../../shared/edad.js'
import { MENSAJES_MUESTRAS as M, type Muestra } from '../../shared/muestras.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'

const TZ = 'America/Lima'
let t: TestApp
let tecnologo: Record<string, string>
let medico: Record<string, string>

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: TZ })
  tecnologo = await t.login('tecnologo')
  medico = await t.login('medico')
})
afterAll(() => t?.close())

const TODOS = ['Hemograma completo', 'Glucosa', 'Perfil lipídico', 'Examen de orina']

async function atencionLab(estudios = TODOS, estado = 'En espera', modalidad = 'LAB') {
  const paciente = await insertarPaciente(t.db.sql)
  return insertarAtencion(t.db.sql, paciente, { modalidad, estudios, estado })
}

const tomar = (id: number, h = tecnologo) =>
  t.app.inject({ method: 'POST', url: `/atenciones/${id}/muestras`, headers: h })
const recibir = (codigo: string, h = tecnologo) =>
  t.app.inject({ method: 'POST', url: `/muestras/${codigo}/recepcion`, headers: h })
const rechazar = (codigo: string, body: object, h = tecnologo) =>
  t.app.inject({ method: 'POST', url: `/muestras/${codigo}/rechazo`, headers: h, payload: body })

async function tomadas(id: number): Promise<Muestra[]> {
  const res = await tomar(id)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const eventos = (accion: string) =>
  t.db.sql<{ usuario: string; pacienteId: string; detalle: Record<string, unknown> }[]>`
    select usuario, paciente_id, detalle from auditoria where accion = ${accion} order by id`

const estadoDe = async (id: number) =>
  (await t.db.sql<{ estado: string }[]>`select estado from atenciones where id = ${id}`)[0]!.estado

describe('registrar las muestras', () => {
  it('un tubo por recipiente, con los estudios que lleva en el orden de la atención', async () => {
    const id = await atencionLab([
      'Examen de orina',
      'Glucosa',
      'Hemograma completo',
      'Perfil lipídico',
    ])
    const muestras = await tomadas(id)
    expect(muestras.map((m) => [m.recipiente, m.estudios])).toEqual([
      ['Frasco estéril de orina', ['Examen de orina']],
      ['Tubo tapa amarilla (gel separador)', ['Glucosa', 'Perfil lipídico']],
      ['Tubo tapa lila (EDTA)', ['Hemograma completo']],
    ])
    for (const m of muestras) {
      expect(m.codigo).toBe(String(m.id).padStart(8, '0'))
      expect(m).toMatchObject({ atencionId: id, estado: 'pendiente', recibidaEn: null })
    }
    expect(muestras[1]!.muestra).toBe('Suero')
    const [registro] = (await eventos('muestras.registradas')).slice(-1)
    expect(registro!.usuario).toBe('prueba.tecnologo')
    expect(registro!.detalle).toEqual({ atencion: id, nuevas: muestras.map((m) => m.codigo) })

    const lista = await t.app.inject({ url: `/atenciones/${id}/muestras`, headers: medico })
    expect(lista.statusCode).toBe(200)
    expect(lista.json()).toEqual(muestras)
    const [lectura] = (await eventos('muestras.consultadas')).slice(-1)
    expect(lectura).toMatchObject({
      usuario: 'prueba.medico',
      detalle: { atencion: id, muestras: 3 },
    })
  })

  it('es idempotente, también con dos mostradores a la vez', async () => {
    const id = await atencionLab()
    const primeras = await tomadas(id)
    expect(await tomadas(id)).toEqual(primeras)

    const otra = await atencionLab()
    const [a, b] = await Promise.all([tomar(otra), tomar(otra, t.headers)])
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200])
    expect(a!.json()).toEqual(b!.json())
    const [{ n }] = await t.db.sql<[{ n: number }]>`
      select count(*)::int as n from muestras where atencion_id = ${otra}`
    expect(n).toBe(3)
  })

  it('solo para una atención de laboratorio a la que el paciente llegó y que sigue abierta', async () => {
    const casos: [number, number, string][] = [
      [await atencionLab(TODOS, 'Programado'), 409, M.sinLlegada],
      [await atencionLab(TODOS, 'Cancelado'), 409, M.atencionCerrada('Cancelado')],
      [await atencionLab(TODOS, 'No se presentó'), 409, M.atencionCerrada('No se presentó')],
      [await atencionLab(TODOS, 'Informado'), 409, M.atencionCerrada('Informado')],
      [await atencionLab(['Tórax PA'], 'En espera', 'RX'), 409, M.noLaboratorio],
      [2_000_000_000, 404, M.atencionNoEncontrada],
    ]
    for (const [id, codigo, mensaje] of casos) {
      const res = await tomar(id)
      expect(res.statusCode, res.body).toBe(codigo)
      expect(res.json().message).toBe(mensaje)
    }
    const [{ n }] = await t.db.sql<[{ n: number }]>`
      select count(*)::int as n from muestras where atencion_id = any(${casos.map((c) => c[0])})`
    expect(n).toBe(0)
    for (const id of [
      await atencionLab(TODOS, 'En proceso'),
      await atencionLab(TODOS, 'Completado'),
    ])
      expect((await tomar(id)).statusCode).toBe(200)
  })

  it('el médico las ve pero no las registra; recepción sí', async () => {
    const id = await atencionLab()
    const res = await tomar(id, medico)
    expect(res.statusCode).toBe(403)
    expect((await tomar(id, t.headers)).statusCode).toBe(200)
  })
})

describe('recepción por la etiqueta escaneada', () => {
  it('recibe la muestra, y la primera pone la atención En proceso', async () => {
    const id = await atencionLab()
    const [edta, suero] = await tomadas(id)
    const res = await recibir(edta!.codigo)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      id: edta!.id,
      estado: 'recibida',
      recibidaPor: 'Tecnólogo de Prueba',
    })
    expect(await estadoDe(id)).toBe('En proceso')
    const [cambio] = (await eventos('atencion.modificada')).slice(-1)
    expect(cambio!.detalle).toMatchObject({
      atencion: id,
      estado: 'En proceso',
      desde: 'En espera',
    })
    const [recepcion] = (await eventos('muestra.recibida')).slice(-1)
    expect(recepcion!.detalle).toEqual({ atencion: id, muestra: edta!.codigo })

    // The second sample: the atención is already started, no estado change is recorded.
    const antes = (await eventos('atencion.modificada')).length
    expect((await recibir(` ${suero!.codigo} `)).statusCode).toBe(200)
    expect((await eventos('atencion.modificada')).length).toBe(antes)
  })

  it('un segundo escaneo dice cuándo se recibió; dos a la vez, uno gana', async () => {
    const id = await atencionLab()
    const [edta, suero] = await tomadas(id)
    expect((await recibir(edta!.codigo)).statusCode).toBe(200)
    const [{ recibidaEn }] = await t.db.sql<[{ recibidaEn: Date }]>`
      select recibida_en from muestras where id = ${edta!.id}`
    const otra = await recibir(edta!.codigo)
    expect(otra.statusCode).toBe(409)
    expect(otra.json().message).toBe(
      M.yaRecibida(`${fechaLegible(fechaEnZona(recibidaEn, TZ))} ${horaEnZona(recibidaEn, TZ)}`),
    )
    const ambos = await Promise.all([recibir(suero!.codigo), recibir(suero!.codigo, t.headers)])
    expect(ambos.map((r) => r.statusCode).sort()).toEqual([200, 409])
  })

  it('recibir mientras otro mostrador registra las muestras de la misma atención: ambos terminan', async () => {
    for (let i = 0; i < 5; i++) {
      const id = await atencionLab()
      const [edta, suero] = await tomadas(id)
      const res = await Promise.all([
        tomar(id),
        recibir(edta!.codigo),
        tomar(id, t.headers),
        rechazar(suero!.codigo, { motivo: 'Insuficiente' }),
      ])
      expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
      expect(await estadoDe(id)).toBe('En proceso')
    }
  })

  it('códigos hostiles: 400 o 404, nunca 500', async () => {
    const casos: [string, number][] = [
      ['abcdefgh', 400],
      ['123456789', 400],
      ['1234567', 400],
      ['00000000', 400],
      ['99999999999999999999', 400],
      ['%D9%A1%D9%A2%D9%A3%D9%A4%D9%A5%D9%A6%D9%A7%D9%A8', 400],
      ['0000004%EF%BC%92', 400],
      ['-0000001', 400],
      ['1e700000', 400],
      ['%00', 400],
      ['..%2F..%2Fatenciones', 400],
      ['0000%2F42', 400],
      ['x'.repeat(60), 400],
      ['99999999', 404],
    ]
    for (const [codigo, esperado] of casos) {
      const res = await recibir(codigo)
      expect(res.statusCode, `${codigo}: ${res.body}`).toBe(esperado)
      const r2 = await rechazar(codigo, { motivo: 'Hemolizada' })
      expect(r2.statusCode, `${codigo}: ${r2.body}`).toBe(esperado)
    }
    expect((await recibir('12345678')).json().message).toBe(M.noEncontrada)
    expect((await recibir('abc')).json().message).toBe(M.codigoInvalido)
    for (const url of ['/muestras/../atenciones/1/recepcion', '/muestras//recepcion'])
      expect(
        (await t.app.inject({ method: 'POST', url, headers: tecnologo })).statusCode,
      ).toBeLessThan(500)
  })

  it('el médico no recibe muestras', async () => {
    const [m] = await tomadas(await atencionLab())
    expect((await recibir(m!.codigo, medico)).statusCode).toBe(403)
  })
})

describe('rechazo', () => {
  it('rechaza con su motivo y registra la nueva muestra que reemplaza a la rechazada', async () => {
    const id = await atencionLab()
    const [edta] = await tomadas(id)
    const res = await rechazar(edta!.codigo, { motivo: 'Hemolizada' })
    expect(res.statusCode, res.body).toBe(200)
    const { rechazada, nueva } = res.json<{ rechazada: Muestra; nueva: Muestra }>()
    expect(rechazada).toMatchObject({
      id: edta!.id,
      estado: 'rechazada',
      motivoRechazo: 'Hemolizada',
      notaRechazo: null,
      rechazadaPor: 'Tecnólogo de Prueba',
    })
    expect(nueva).toMatchObject({
      estado: 'pendiente',
      recipiente: edta!.recipiente,
      muestra: edta!.muestra,
      estudios: edta!.estudios,
      reemplazaA: edta!.codigo,
    })
    const [registro] = (await eventos('muestra.rechazada')).slice(-1)
    expect(registro!.detalle).toEqual({
      atencion: id,
      muestra: edta!.codigo,
      motivo: 'Hemolizada',
      nueva: nueva.codigo,
    })
    // The list keeps both; registering again adds nothing; the old label is refused.
    const lista = await tomadas(id)
    expect(lista.map((m) => m.id)).toContain(edta!.id)
    expect(lista.filter((m) => m.estado !== 'rechazada')).toHaveLength(3)
    expect((await recibir(edta!.codigo)).json().message).toBe(M.rechazada)
    expect((await rechazar(edta!.codigo, { motivo: 'Insuficiente' })).statusCode).toBe(409)
    expect((await recibir(nueva.codigo)).statusCode).toBe(200)
  })

  it('«Otro» pide una nota, que se guarda sin caracteres de control; un motivo ajeno es un 400', async () => {
    const id = await atencionLab()
    const [, suero] = await tomadas(id)
    const sinNota = await rechazar(suero!.codigo, { motivo: 'Otro', nota: ' \u0007 ' })
    expect(sinNota.statusCode).toBe(400)
    expect(sinNota.json().errores).toEqual([{ campo: 'nota', mensaje: M.notaRequerida }])
    const ajeno = await rechazar(suero!.codigo, { motivo: 'Cualquiera' })
    expect(ajeno.statusCode).toBe(400)
    expect(ajeno.json().errores).toEqual([{ campo: 'motivo', mensaje: M.motivoRequerido }])
    expect((await rechazar(suero!.codigo, {})).statusCode).toBe(400)
    const [{ estado }] = await t.db.sql<[{ estado: string }]>`
      select estado from muestras where id = ${suero!.id}`
    expect(estado).toBe('pendiente')

    // A received sample may be rejected too.
    expect((await recibir(suero!.codigo)).statusCode).toBe(200)
    const res = await rechazar(suero!.codigo, {
      motivo: 'Otro',
      nota: 'Tubo\u0000 roto\n en   el traslado\u001b',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().rechazada).toMatchObject({
      estado: 'rechazada',
      notaRechazo: 'Tubo roto en el traslado',
      recibidaEn: null,
    })
    // Who received it before is in the audit trail.
    const [recepcion] = (await eventos('muestra.recibida')).slice(-1)
    expect(recepcion!.detalle).toEqual({ atencion: id, muestra: suero!.codigo })
  })

  it('no con un resultado validado de sus exámenes, ni con la atención cerrada', async () => {
    const id = await atencionLab()
    const [edta, suero, orina] = await tomadas(id)
    await t.db.sql`
      insert into resultados (atencion_id, analito_id, valor_numero, estado, validado_en,
        validador_nombre, importado)
      select ${id}, a.id, 92, 'validado', now(), 'Validadora', true from analitos a
      where a.codigo = 'GLU'`
    const res = await rechazar(suero!.codigo, { motivo: 'Lipémica' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(M.conValidados)
    expect((await rechazar(edta!.codigo, { motivo: 'Coagulada' })).statusCode).toBe(200)

    await t.db.sql`update atenciones set estado = 'Cancelado' where id = ${id}`
    const cerrada = await rechazar(orina!.codigo, { motivo: 'Insuficiente' })
    expect(cerrada.statusCode).toBe(409)
    expect(cerrada.json().message).toBe(M.atencionCerrada('Cancelado'))
    expect((await recibir(orina!.codigo)).json().message).toBe(M.atencionCerrada('Cancelado'))
  })
})
