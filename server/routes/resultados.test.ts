// Typing an atención's lab results: the read with its ranges and ETag, flags at the limits, the
// calculated analitos, values checked against their analito, samples that must have arrived,
// If-Match (428, 400, 412 and two technologists at once), critical values' call-backs opened and
// closed, the estados that take no values, who may save, and every read and change audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FilaResultado, ResultadosAtencion } from '../../shared/resultados.js'
import { MENSAJES_RESULTADOS as M } from '../../shared/resultados.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente, ultimoEvento } from '../test/factories.js'
import { analitos, atencionLab, llamadas, type Llamadas } from '../test/resultados.js'

let t: TestApp
let tec: Record<string, string>
let otroTec: Record<string, string>
let ids: Record<string, number>
let api: Llamadas

beforeAll(async () => {
  t = await createTestApp()
  tec = await t.login('tecnologo')
  await crearUsuario(t.db.sql, {
    usuario: 'rosa.lab',
    nombre: 'Rosa Laboratorio',
    rol: 'tecnologo',
    contrasena: CONTRASENA_PRUEBA,
  })
  otroTec = await iniciarSesionPrueba(t.app, t.config, 'rosa.lab')
  ids = await analitos(t.db.sql)
  api = llamadas(t)
})
afterAll(() => t?.close())

const fila = (r: ResultadosAtencion, codigo: string): FilaResultado =>
  r.examenes.flatMap((e) => e.filas).find((f) => f.analito.codigo === codigo)!

describe('GET /atenciones/:id/resultados', () => {
  it('lee los exámenes con sus analitos, el rango de la paciente y la ETag, y lo audita', async () => {
    const { atencion, paciente } = await atencionLab(t.db.sql, {
      estudios: ['Hemograma completo', 'Glucosa'],
    })
    const res = await api.leer(atencion, tec)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers.etag).toBe('"0"')
    const r = res.json() as ResultadosAtencion
    expect(r.examenes.map((e) => e.nombre)).toEqual(['Hemograma completo', 'Glucosa'])
    expect(r.examenes[0]!.muestra?.estado).toBe('recibida')
    expect(r.examenes[0]!.muestra?.codigo).toMatch(/^[0-9]{8}$/)
    // An adult woman's hemoglobin range, not a man's.
    expect(fila(r, 'HGB').rango).toMatchObject({ sexo: 'Femenino', normalMin: 12, normalMax: 16 })
    expect(fila(r, 'HGB').seccion).toBe('Serie roja')
    expect(fila(r, 'GLU').resultado).toBeNull()
    expect(r.puedeValidar).toBe(false)
    const e = await ultimoEvento(t)
    expect(e.accion).toBe('resultados.consultados')
    expect(e.detalle).toEqual({ atencion })
    const [p] = await t.db.sql`select paciente_id from auditoria order by id desc limit 1`
    expect(Number(p!.pacienteId)).toBe(paciente)
  })

  it('una atención que no es de laboratorio es un 409; una que no existe, un 404', async () => {
    const paciente = await insertarPaciente(t.db.sql)
    const rx = await insertarAtencion(t.db.sql, paciente)
    const antes = await ultimoEvento(t)
    const res = await api.leer(rx, tec)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(M.noLaboratorio)
    expect(await ultimoEvento(t)).toEqual(antes)
    expect((await api.leer(999_999, tec)).statusCode).toBe(404)
  })
})

describe('PUT /atenciones/:id/resultados', () => {
  it('guarda con su bandera en cada límite y abre y cierra el aviso de un valor crítico', async () => {
    const { atencion } = await atencionLab(t.db.sql)
    const glu = ids.GLU!
    // Adult glucose: normal 70–100, critical 40–400, limits inside.
    for (const [valor, bandera] of [
      [100, null],
      [101, 'H'],
      [70, null],
      [69, 'L'],
      [40, 'L'],
      [400, 'H'],
      [401, 'HH'],
      [39, 'LL'],
    ] as const) {
      const res = await api.guardar(atencion, tec, [{ analitoId: glu, valor }])
      expect(res.statusCode, res.body).toBe(200)
      const f = fila(res.json(), 'GLU')
      expect([valor, f.resultado!.bandera]).toEqual([valor, bandera])
    }
    const [h] = await t.db.sql<{ id: number; comunicadoEn: Date | null }[]>`
      select h.id, h.comunicado_en from hallazgos_criticos h join resultados r on r.id = h.resultado_id
      where r.atencion_id = ${atencion}`
    expect(h).toBeDefined()
    const leido = fila((await api.leer(atencion, tec)).json(), 'GLU').resultado!
    expect(leido.critico).toEqual({ hallazgoId: h!.id, comunicadoEn: null })
    const [r] = await t.db.sql`select revision, unidad, normal_min::float8, critico_max::float8
      from resultados where atencion_id = ${atencion}`
    expect(r).toEqual({ revision: 8, unidad: 'mg/dL', normalMin: 70, criticoMax: 400 })
    // Retyped within range before anyone called: the pending call-back goes.
    const bien = await api.guardar(atencion, tec, [{ analitoId: glu, valor: 85 }])
    expect(fila(bien.json(), 'GLU').resultado!.critico).toBeNull()
    expect(await t.db.sql`select 1 from hallazgos_criticos where id = ${h!.id}`).toHaveLength(0)
    const e = await ultimoEvento(t)
    expect(e.accion).toBe('resultados.guardados')
    expect(e.detalle).toMatchObject({ atencion, analitos: ['GLU'] })
  })

  it('calcula LDL, VLDL y Castelli, y sin LDL con triglicéridos de 400 o más', async () => {
    const { atencion } = await atencionLab(t.db.sql, { estudios: ['Perfil lipídico'] })
    const res = await api.guardar(atencion, tec, [
      { analitoId: ids.COL!, valor: 200 },
      { analitoId: ids.HDL!, valor: 50 },
      { analitoId: ids.TRI!, valor: 150 },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const r = res.json() as ResultadosAtencion
    expect(fila(r, 'LDL').resultado!.valor).toBe(120)
    expect(fila(r, 'VLDL').resultado!.valor).toBe(30)
    expect(fila(r, 'CASTELLI').resultado!.valor).toBe(4)
    const alto = (await api.guardar(atencion, tec, [{ analitoId: ids.TRI!, valor: 400 }])).json()
    expect(fila(alto, 'LDL').resultado!.valor).toBeNull()
    expect(fila(alto, 'VLDL').resultado!.valor).toBe(80)
    expect(fila(alto, 'VLDL').resultado!.bandera).toBe('H')
    // A calculated one is never sent.
    const calc = await api.guardar(atencion, tec, [{ analitoId: ids.LDL!, valor: 100 }])
    expect(calc.statusCode).toBe(400)
    expect(calc.json().errores[0]).toEqual({
      campo: 'resultados.0.valor',
      mensaje: M.analitoCalculado('Colesterol LDL (calculado)'),
    })
  })

  it('rechaza valores mal escritos con su mensaje, sin guardar nada', async () => {
    const { atencion } = await atencionLab(t.db.sql, {
      estudios: ['Hemograma completo', 'Glucosa', 'Examen de orina'],
    })
    const casos: [number, unknown, string][] = [
      [ids.HGB!, 12.35, M.decimales('Hemoglobina', 1)],
      [ids.GLU!, 100.5, M.decimales('Glucosa', 0)],
      [ids.GLU!, '100', M.numeroInvalido('Glucosa')],
      // Past any measure, or below nothing: never stored, flagged or printed.
      [ids.GLU!, 1e308, M.fueraDeEscala('Glucosa')],
      [ids.GLU!, 1e21, M.fueraDeEscala('Glucosa')],
      [ids.GLU!, 1_000_000_000, M.fueraDeEscala('Glucosa')],
      [ids.GLU!, -5, M.fueraDeEscala('Glucosa')],
      [ids['OR-PH']!, -3, M.fueraDeEscala('pH')],
      [ids['OR-COLOR']!, 'Verde', M.opcionInvalida('Color')],
      [ids['OR-COLOR']!, 3, M.opcionInvalida('Color')],
      [ids['OR-SED-LEU']!, 'dos\u0000tres', M.textoInvalido('Leucocitos')],
      [ids['OR-SED-LEU']!, 5, M.textoEsperado('Leucocitos')],
      [ids['OR-SED-LEU']!, 'x'.repeat(2001), M.textoLargo('Leucocitos')],
      [ids['OR-SED-LEU']!, '😀'.repeat(2001), M.textoLargo('Leucocitos')],
      [ids.TSH!, 1, M.analitoAjeno('TSH')],
    ]
    const etag = await api.etag(atencion, tec)
    for (const [analitoId, valor, mensaje] of casos) {
      const res = await api.guardar(
        atencion,
        tec,
        [
          { analitoId: ids.HEM!, valor: 4.5 },
          { analitoId, valor: valor as number },
        ],
        etag,
      )
      expect([res.statusCode, res.json().errores?.[0]?.mensaje]).toEqual([400, mensaje])
      expect(res.json().errores[0].campo).toMatch(/^resultados\.1\./)
    }
    const dos = await api.guardar(
      atencion,
      tec,
      [
        { analitoId: ids.GLU!, valor: 90 },
        { analitoId: ids.GLU!, valor: 91 },
      ],
      etag,
    )
    expect([dos.statusCode, dos.json().errores[0].mensaje]).toEqual([400, M.repetido('GLU')])
    const nada = await api.guardar(atencion, tec, [], etag)
    expect([nada.statusCode, nada.json().errores[0]]).toEqual([
      400,
      { campo: 'resultados', mensaje: 'Envíe de 1 a 200 resultados' },
    ])
    expect(await t.db.sql`select 1 from resultados where atencion_id = ${atencion}`).toHaveLength(0)
    // Options and text as typed (text trimmed).
    const bien = await api.guardar(
      atencion,
      tec,
      [
        { analitoId: ids['OR-COLOR']!, valor: 'Amarillo' },
        { analitoId: ids['OR-SED-LEU']!, valor: '  2-4  ' },
        { analitoId: ids.HGB!, valor: 12.5 },
      ],
      etag,
    )
    expect(bien.statusCode, bien.body).toBe(200)
    expect(fila(bien.json(), 'OR-SED-LEU').resultado!.valor).toBe('2-4')
    expect(fila(bien.json(), 'OR-COLOR').resultado!.bandera).toBeNull()
    // 2000 characters are the most, an emoji counting as one; the largest number is stored whole.
    const largo = await api.guardar(atencion, tec, [
      { analitoId: ids['OR-SED-LEU']!, valor: '😀'.repeat(2000) },
      { analitoId: ids.GLU!, valor: 999_999_999 },
    ])
    expect(largo.statusCode, largo.body).toBe(200)
    expect(fila(largo.json(), 'GLU').resultado).toMatchObject({ valor: 999_999_999, bandera: 'HH' })
  })

  it('una muestra que no llegó al laboratorio no recibe valores', async () => {
    const { atencion } = await atencionLab(t.db.sql, { recibir: false })
    const res = await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 90 }])
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(M.muestraNoRecibida('Glucosa'))
    const [u] = await t.db.sql`select id from usuarios order by id limit 1`
    await t.db.sql`update muestras set estado = 'rechazada', recibida_por = null,
      recibida_en = null, rechazada_por = ${u!.id}, rechazada_en = now(),
      motivo_rechazo = 'Hemolizada' where atencion_id = ${atencion}`
    expect(
      (await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 90 }])).statusCode,
    ).toBe(409)
  })

  it('pide If-Match; con una vieja responde 412 con lo guardado; de dos a la vez gana uno', async () => {
    const { atencion } = await atencionLab(t.db.sql)
    const put = (h: Record<string, string>, valor: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/atenciones/${atencion}/resultados`,
        headers: h,
        payload: { resultados: [{ analitoId: ids.GLU!, valor }] },
      })
    const sin = await put(tec, 90)
    expect([sin.statusCode, sin.json().message]).toEqual([428, M.sinVersion])
    const mala = await put({ ...tec, 'if-match': '"7-1"' }, 90)
    expect([mala.statusCode, mala.json().message]).toEqual([400, M.versionInvalida])
    const etag = await api.etag(atencion, tec)
    const [a, b] = await Promise.all([
      put({ ...tec, 'if-match': etag }, 90),
      put({ ...otroTec, 'if-match': etag }, 95),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412])
    const perdio = a.statusCode === 412 ? a : b
    const gano = a.statusCode === 412 ? b : a
    expect(perdio.json().message).toBe(M.versionVieja)
    expect(fila(perdio.json().actual, 'GLU').resultado!.valor).toBe(
      fila(gano.json(), 'GLU').resultado!.valor,
    )
    expect(perdio.headers.etag).toBe(gano.headers.etag)
    expect(await t.db.sql`select 1 from resultados where atencion_id = ${atencion}`).toHaveLength(1)
    // The weak form of the current one is taken.
    const debil = await put({ ...tec, 'if-match': `W/${String(gano.headers.etag)}` }, 92)
    expect(debil.statusCode, debil.body).toBe(200)
    // The same values again change nothing, not even the ETag.
    const igual = await put({ ...tec, 'if-match': String(debil.headers.etag) }, 92)
    expect(igual.headers.etag).toBe(debil.headers.etag)
  })

  it('Programado, Cancelado y No se presentó no reciben valores; recepción no puede guardar', async () => {
    for (const [estado, mensaje] of [
      ['Programado', M.sinLlegada],
      ['Cancelado', M.atencionCerrada('Cancelado')],
      ['No se presentó', M.atencionCerrada('No se presentó')],
    ] as const) {
      const { atencion } = await atencionLab(t.db.sql, { estado })
      const res = await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 90 }])
      expect([res.statusCode, res.json().message]).toEqual([409, mensaje])
    }
    const { atencion } = await atencionLab(t.db.sql)
    const res = await api.guardar(atencion, t.headers, [{ analitoId: ids.GLU!, valor: 90 }])
    expect(res.statusCode).toBe(403)
    expect(await t.db.sql`select 1 from resultados where atencion_id = ${atencion}`).toHaveLength(0)
  })

  it('borrar un valor aún no validado lo deja sin valor', async () => {
    const { atencion } = await atencionLab(t.db.sql)
    await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 30 }])
    const res = await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: null }])
    expect(res.statusCode, res.body).toBe(200)
    const r = fila(res.json(), 'GLU').resultado!
    expect([r.valor, r.bandera, r.critico]).toEqual([null, null, null])
  })
})
