// Steps the equipment reported that matched no atención: listed, given their atención (which takes
// the step's estado) or set aside, each once. The rows are stored as the DICOM server stores them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente } from '../test/factories.js'

let t: TestApp
let rxLima: number
beforeAll(async () => {
  t = await createTestApp()
  const [s] = await t.db.sql<{ id: number }[]>`
    select id from salas where sede = 'Lima' and modalidad = 'RX'`
  rxLima = s!.id
  await t.db
    .sql`update salas set ae_title = 'RX1LIMA', direccion = '10.0.0.21' where id = ${rxLima}`
})
afterAll(async () => {
  await t?.close()
})

let siguiente = 1
async function pasoSinAtencion(estado: string, datos: object = {}) {
  const uid = `1.2.826.0.1.3680043.10.1.${siguiente++}`
  await t.db.sql`
    insert into mpps (uid, sala_id, estado, datos)
    values (${uid}, ${rxLima}, ${estado}, ${t.db.sql.json(datos as never)})`
  return uid
}

const json = () => ({ ...t.headers, 'content-type': 'application/json' })
const conciliar = (uid: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/mpps/${uid}/conciliacion`, headers: json(), payload })
const pendientes = async () =>
  (await t.app.inject({ url: '/mpps/pendientes', headers: t.headers })).json()
const estadoDe = async (id: number) =>
  (await t.db.sql<{ estado: string }[]>`select estado from atenciones where id = ${id}`)[0]!.estado

describe('pasos de equipo sin atención', () => {
  test('la lista muestra lo que el equipo dijo, del más antiguo al más nuevo', async () => {
    const uid = await pasoSinAtencion('IN PROGRESS', {
      PatientName: [{ Alphabetic: 'Ñique Huamán^Rosa María' }],
      PatientID: '01234567',
      ScheduledStepAttributesSequence: [{ AccessionNumber: '99', StudyInstanceUID: '2.25.1' }],
      PerformedProcedureStepDescription: 'Tórax PA',
      PerformedProcedureStepStartDate: '20261124',
      PerformedProcedureStepStartTime: '101530.000',
    })
    const lista = await pendientes()
    expect(lista.total).toBeGreaterThanOrEqual(1)
    const total = await t.app.inject({ url: '/mpps/pendientes/total', headers: t.headers })
    expect(total.json()).toEqual({ total: lista.total })
    expect(lista.pasos.find((p: { uid: string }) => p.uid === uid)).toMatchObject({
      estado: 'IN PROGRESS',
      sala: { id: rxLima, nombre: 'RX 1', sede: 'Lima', aeTitle: 'RX1LIMA' },
      paciente: 'Ñique Huamán Rosa María',
      documento: '01234567',
      numeroAcceso: '99',
      descripcion: 'Tórax PA',
      inicio: '2026-11-24 10:15',
    })
    const [leido] = await t.db.sql`
      select detalle from auditoria where accion = 'mpps.consultados' order by id desc limit 1`
    expect(leido!.detalle).toEqual({ pasos: lista.pasos.length })
  })

  test('asignado a su atención, el paso le da su estado y sale de la lista', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const uid = await pasoSinAtencion('COMPLETED', { PatientName: 'Otro^Nombre' })
    const res = await conciliar(uid, { atencionId: a.id })
    expect(res.statusCode).toBe(204)
    expect(await estadoDe(a.id)).toBe('Completado')
    const [paso] = await t.db.sql`select atencion_id, conciliado_en from mpps where uid = ${uid}`
    expect(paso!.atencionId).toBe(a.id)
    expect(paso!.conciliadoEn).toBeInstanceOf(Date)
    expect((await pendientes()).pasos.map((x: { uid: string }) => x.uid)).not.toContain(uid)
    const eventos = await t.db.sql`
      select accion, usuario, paciente_id, detalle from auditoria
      where detalle->>'uid' = ${uid} or (accion = 'atencion.modificada' and detalle->>'atencion' = ${String(a.id)})
      order by id`
    expect(eventos).toEqual([
      {
        accion: 'mpps.conciliado',
        usuario: 'prueba.recepcion',
        pacienteId: String(p.id),
        detalle: { uid, atencion: a.id, estado: 'COMPLETED' },
      },
      {
        accion: 'atencion.modificada',
        usuario: 'prueba.recepcion',
        pacienteId: String(p.id),
        detalle: { atencion: a.id, estado: 'Completado', desde: 'En espera' },
      },
    ])
    // Once only.
    expect((await conciliar(uid, { descartar: true })).statusCode).toBe(409)
  })

  test('un paso no mueve una atención Informada ni Cancelada', async () => {
    const p = await crearPaciente(t)
    const informada = await crearAtencion(t, p.id)
    await t.db.sql`update atenciones set estado = 'Informado' where id = ${informada.id}`
    const uid = await pasoSinAtencion('IN PROGRESS')
    expect((await conciliar(uid, { atencionId: informada.id })).statusCode).toBe(204)
    expect(await estadoDe(informada.id)).toBe('Informado')
    const cancelada = await crearAtencion(t, p.id)
    await t.db.sql`
      update atenciones set estado = 'Cancelado', motivo_cancelacion = 'x' where id = ${cancelada.id}`
    const otro = await pasoSinAtencion('COMPLETED')
    expect((await conciliar(otro, { atencionId: cancelada.id })).statusCode).toBe(204)
    expect(await estadoDe(cancelada.id)).toBe('Cancelado')
  })

  test('descartado: sale de la lista sin tocar ninguna atención', async () => {
    const uid = await pasoSinAtencion('DISCONTINUED')
    expect((await conciliar(uid, { descartar: true })).statusCode).toBe(204)
    const [paso] = await t.db.sql`select atencion_id, conciliado_en from mpps where uid = ${uid}`
    expect(paso).toMatchObject({ atencionId: null, conciliadoEn: expect.any(Date) })
  })

  test('errores en castellano, sin cambiar nada', async () => {
    const p = await crearPaciente(t)
    const eco = await crearAtencion(t, p.id, {
      modalidad: 'Eco',
      estudios: [{ nombre: 'Renal' }],
    })
    const uid = await pasoSinAtencion('IN PROGRESS')
    const casos: [string, object, number, object][] = [
      [
        uid,
        { atencionId: 999_999 },
        400,
        { campo: 'atencionId', mensaje: 'Atención no encontrada' },
      ],
      [
        uid,
        { atencionId: eco.id },
        400,
        {
          campo: 'atencionId',
          mensaje: 'La atención es de Eco y el paso viene de una sala de RX',
        },
      ],
      ['1.2.3.999', { descartar: true }, 404, { message: 'Paso no encontrado' }],
    ]
    for (const [u, cuerpo, codigo, error] of casos) {
      const res = await conciliar(u, cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(codigo)
      const r = res.json()
      if ('campo' in error) expect(r.errores).toContainEqual(error)
      else expect(r).toMatchObject(error)
    }
    for (const cuerpo of [{}, { atencionId: 1, descartar: true }, { descartar: false }]) {
      expect((await conciliar(uid, cuerpo)).statusCode).toBe(400)
    }
    expect((await conciliar('no-es-un-uid', { descartar: true })).statusCode).toBe(400)
    expect(await estadoDe(eco.id)).toBe('En espera')
    const [paso] = await t.db.sql`select conciliado_en from mpps where uid = ${uid}`
    expect(paso!.conciliadoEn).toBeNull()
  })

  test('dos personas a la vez: una lo asigna, la otra recibe 409', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const b = await crearAtencion(t, p.id)
    const uid = await pasoSinAtencion('IN PROGRESS')
    const otra = await t.login('recepcion')
    const [r1, r2] = await Promise.all([
      conciliar(uid, { atencionId: a.id }),
      t.app.inject({
        method: 'POST',
        url: `/mpps/${uid}/conciliacion`,
        headers: { ...otra, 'content-type': 'application/json' },
        payload: { atencionId: b.id },
      }),
    ])
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([204, 409])
    const movidas = [await estadoDe(a.id), await estadoDe(b.id)].filter((e) => e === 'En proceso')
    expect(movidas).toHaveLength(1)
  })

  test('la lista de trabajo marca la atención que su equipo interrumpió mientras espera', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const b = await crearAtencion(t, p.id)
    await t.db.sql`update atenciones set estado = 'En proceso' where id = ${a.id}`
    const uid = await pasoSinAtencion('DISCONTINUED')
    expect((await conciliar(uid, { atencionId: a.id })).statusCode).toBe(204)
    expect(await estadoDe(a.id)).toBe('En espera')
    const res = await t.app.inject({
      url: `/pacientes/buscar?documento=${p.documento}`,
      headers: t.headers,
    })
    const filas = res.json() as { atencionId: number; interrumpida: boolean }[]
    expect(filas.find((f) => f.atencionId === a.id)?.interrumpida).toBe(true)
    expect(filas.find((f) => f.atencionId === b.id)?.interrumpida).toBe(false)
  })
})
