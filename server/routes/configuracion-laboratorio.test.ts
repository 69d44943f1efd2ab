// Configuración › Laboratorio through the real app on PostgreSQL: an admin changes an analito's
// fields and replaces its reference ranges, each audited; every broken rule (limits out of order,
// bands of one sex sharing ages, an age band that ends before it starts, no limit) and hostile
// input is a Spanish 400 that changes nothing; other roles get a 403; saves racing each other leave
// one whole set; and a stored result keeps the limits it was read against.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Analito, CatalogoLaboratorio, RangoReferencia } from '../../shared/laboratorio.js'
import type { FilaResultado } from '../../shared/resultados.js'
import {
  aDias,
  MENSAJES_LABORATORIO_CONFIG as M,
  type AnalitoEntrada,
} from '../../shared/laboratorio-config.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { atencionLab } from '../test/resultados.js'
import { insertarAtencion, insertarPaciente, ultimoEvento } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
let catalogo: CatalogoLaboratorio

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  catalogo = (await t.app.inject({ url: '/laboratorio/analitos', headers: admin })).json()
}, 120_000)
afterAll(() => t?.close())

const analito = (codigo: string) => catalogo.analitos.find((a) => a.codigo === codigo)!
const put = (url: string, payload: unknown, headers = admin) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })
const campos = (id: number, payload: unknown, headers = admin) =>
  put(`/configuracion/analitos/${id}`, payload, headers)
const rangos = (id: number, payload: unknown, headers = admin) =>
  put(`/configuracion/analitos/${id}/rangos`, payload, headers)

/** A band for both sexes from `desde` days, with only its normal limits. */
const banda = (cambios: Partial<RangoReferencia> = {}): RangoReferencia => ({
  sexo: null,
  edadDesdeDias: 0,
  edadHastaDias: null,
  normalMin: 70,
  normalMax: 100,
  criticoMin: null,
  criticoMax: null,
  ...cambios,
})

const entrada = (a: Analito, cambios: Partial<AnalitoEntrada> = {}): AnalitoEntrada => ({
  nombre: a.nombre,
  loinc: a.loinc,
  unidad: a.unidad,
  decimales: a.decimales,
  activo: a.activo,
  deltaPorcentaje: a.deltaPorcentaje,
  ...cambios,
})

/** Everything the catalogue and the trail hold, to show a refusal changed neither. */
const estado = async () => ({
  analitos: await t.db.sql`select * from analitos order by id`,
  rangos: await t.db.sql`select * from rangos_referencia order by id`,
  eventos: (await t.db.sql<{ n: number }[]>`select count(*)::int as n from auditoria`)[0]!.n,
})

describe('los campos de un analito', () => {
  it('el administrador cambia nombre, LOINC, unidad, decimales, delta y estado; queda auditado', async () => {
    const crea = analito('CREA')
    const cambio = entrada(crea, {
      nombre: 'Creatinina sérica',
      loinc: '38483-4',
      unidad: 'mg/dl',
      decimales: 1,
      deltaPorcentaje: 35.5,
      activo: false,
    })
    const res = await campos(crea.id, cambio)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ ...crea, ...cambio })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'analito.modificado',
      usuario: 'prueba.admin',
      detalle: { analito: 'CREA', ...cambio },
    })
    const leido = await t.app.inject({ url: '/laboratorio/analitos', headers: t.headers })
    expect(leido.json().analitos).toContainEqual({ ...crea, ...cambio })
    // Its code and type never change: sent, they are left out like any unknown field.
    const fijos = await campos(crea.id, { ...cambio, codigo: 'CREA2', tipo: 'texto' })
    expect(fijos.json()).toMatchObject({ codigo: 'CREA', tipo: 'numero' })
    // Back as it was, and with no LOINC, unit or delta at all.
    const sin = entrada(crea, { loinc: null, unidad: null, deltaPorcentaje: null })
    expect((await campos(crea.id, sin)).json()).toMatchObject(sin)
  })

  it('decimales y control delta solo en uno numérico: un 400 en español que no cambia nada', async () => {
    const antes = await estado()
    const color = analito('OR-COLOR')
    const casos: [number, unknown, string, string][] = [
      [
        analito('GLU').id,
        entrada(analito('GLU'), { decimales: null }),
        'decimales',
        M.decimalesRequeridos,
      ],
      [color.id, entrada(color, { decimales: 1 }), 'decimales', M.sinDecimales],
      [color.id, entrada(color, { deltaPorcentaje: 20 }), 'deltaPorcentaje', M.sinDelta],
    ]
    for (const [id, payload, campo, mensaje] of casos) {
      const res = await campos(id, payload)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().errores).toEqual([{ campo, mensaje }])
    }
    expect(await estado()).toEqual(antes)
  })

  it('entradas hostiles son un 400 en español, nunca un 500', async () => {
    const glu = analito('GLU')
    const antes = await estado()
    const casos: [unknown, string, string][] = [
      [entrada(glu, { nombre: '' }), 'nombre', M.nombre],
      [entrada(glu, { nombre: 'Glu\u0000cosa' }), 'nombre', M.nombre],
      [entrada(glu, { nombre: ' Glucosa' }), 'nombre', M.nombre],
      [entrada(glu, { nombre: 'x'.repeat(101) }), 'nombre', M.nombre],
      [entrada(glu, { loinc: '2345' }), 'loinc', M.loinc],
      [entrada(glu, { loinc: '2345-7\n' }), 'loinc', M.loinc],
      [entrada(glu, { unidad: 'mg/dL\u202e' }), 'unidad', M.unidad],
      [entrada(glu, { unidad: '' }), 'unidad', M.unidad],
      [{ ...entrada(glu), decimales: 'NaN' }, 'decimales', M.decimales],
      [entrada(glu, { decimales: 5 }), 'decimales', M.decimales],
      [entrada(glu, { decimales: 1.5 }), 'decimales', M.decimales],
      [{ ...entrada(glu), deltaPorcentaje: 'Infinity' }, 'deltaPorcentaje', M.delta],
      [entrada(glu, { deltaPorcentaje: 0 }), 'deltaPorcentaje', M.delta],
      [entrada(glu, { deltaPorcentaje: 1e300 }), 'deltaPorcentaje', M.delta],
      [{ ...entrada(glu), activo: 'sí' }, 'activo', M.activo],
    ]
    for (const [payload, campo, mensaje] of casos) {
      const res = await campos(glu.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().errores, JSON.stringify(payload)).toContainEqual({ campo, mensaje })
    }
    const { nombre: _, ...sinNombre } = entrada(glu)
    expect((await campos(glu.id, sinNombre)).statusCode).toBe(400)
    expect((await campos(glu.id, '{"nombre": 1e999')).statusCode).toBe(400)
    const infinito = JSON.stringify(entrada(glu)).replace(
      '"deltaPorcentaje":50',
      '"deltaPorcentaje":1e999',
    )
    expect((await campos(glu.id, infinito)).statusCode).toBe(400)
    expect((await campos(999_999, entrada(glu))).json()).toEqual({ message: M.analitoNoEncontrado })
    expect((await campos(999_999, entrada(glu))).statusCode).toBe(404)
    expect((await put('/configuracion/analitos/abc', entrada(glu))).statusCode).toBe(400)
    expect(await estado()).toEqual(antes)
  })
})

describe('los rangos de referencia', () => {
  it('se reemplazan en bloque por sexo y edad, con lo que había en la auditoría', async () => {
    const glu = analito('GLU')
    const nuevos = [
      banda({ edadHastaDias: aDias(1, 'meses'), normalMin: 50, normalMax: 90, criticoMin: 40 }),
      banda({ edadDesdeDias: aDias(1, 'meses'), edadHastaDias: aDias(18, 'años'), normalMin: 60 }),
      banda({
        sexo: 'Femenino',
        edadDesdeDias: aDias(18, 'años'),
        criticoMin: 40,
        criticoMax: 400,
      }),
      banda({ sexo: 'Masculino', edadDesdeDias: aDias(18, 'años'), normalMax: 99.5 }),
    ]
    const res = await rangos(glu.id, { rangos: nuevos })
    expect(res.statusCode, res.body).toBe(200)
    // Both sexes first, then by sex and age, as the catalogue orders them.
    expect(res.json()).toEqual({ ...glu, rangos: nuevos })
    expect(nuevos.map((r) => r.edadDesdeDias)).toEqual([0, 31, 6575, 6575])
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'analito.rangos',
      usuario: 'prueba.admin',
      detalle: { analito: 'GLU', anteriores: glu.rangos, rangos: nuevos },
    })
    const leido = await t.app.inject({ url: '/laboratorio/analitos', headers: t.headers })
    expect(leido.json().analitos.find((a: Analito) => a.codigo === 'GLU').rangos).toEqual(nuevos)
    // Bands of both sexes and of one sex may share ages: the patient's own sex is read first.
    const solapadas = [banda(), banda({ sexo: 'Femenino', normalMin: 65 })]
    expect((await rangos(glu.id, { rangos: solapadas })).json().rangos).toEqual(solapadas)
    // An analito may have none: its results show no range and no flag.
    expect((await rangos(glu.id, { rangos: [] })).json().rangos).toEqual([])
    expect((await rangos(glu.id, { rangos: glu.rangos })).json()).toEqual(glu)
  })

  it('cada regla rota es un 400 bajo su campo, en español, y no cambia nada', async () => {
    const glu = analito('GLU')
    const antes = await estado()
    const casos: [RangoReferencia[], string, string][] = [
      [[banda({ normalMin: null, normalMax: null })], 'rangos.0.normalMin', M.sinLimite],
      [[banda({ normalMin: 100, normalMax: 70 })], 'rangos.0.normalMax', M.normalOrden],
      [[banda({ criticoMin: 71 })], 'rangos.0.criticoMin', M.criticoMinNormal],
      [[banda({ normalMin: null, criticoMin: 100 })], 'rangos.0.criticoMin', M.criticoMinMax],
      [[banda({ criticoMax: 99 })], 'rangos.0.criticoMax', M.criticoMaxNormal],
      [[banda({ normalMax: null, criticoMax: 70 })], 'rangos.0.criticoMax', M.criticoMaxMin],
      [[banda({ edadDesdeDias: 366, edadHastaDias: 366 })], 'rangos.0.edadHastaDias', M.hastaMenor],
      [[banda({ edadDesdeDias: 400, edadHastaDias: 31 })], 'rangos.0.edadHastaDias', M.hastaMenor],
      [[banda({ normalMin: 70.1234567 })], 'rangos.0.normalMin', M.decimalesLimite],
      [
        [banda({ edadHastaDias: 6575 }), banda({ edadDesdeDias: 4383 })],
        'rangos.1.edadDesdeDias',
        M.cruce(2, 1, 'ambos sexos, de 0 días a 18 años'),
      ],
      [
        [
          banda({ sexo: 'Masculino', edadDesdeDias: 31, edadHastaDias: 366 }),
          banda({ sexo: 'Femenino', edadDesdeDias: 0 }),
          banda({ sexo: 'Masculino', edadDesdeDias: 62 }),
        ],
        'rangos.2.edadDesdeDias',
        M.cruce(3, 1, 'Masculino, de 1 mes a 1 año'),
      ],
    ]
    for (const [lista, campo, mensaje] of casos) {
      const res = await rangos(glu.id, { rangos: lista })
      expect(res.statusCode, JSON.stringify(lista)).toBe(400)
      expect(res.json()).toMatchObject({ message: 'Datos inválidos' })
      expect(res.json().errores, JSON.stringify(lista)).toContainEqual({ campo, mensaje })
    }
    const color = analito('OR-COLOR')
    const res = await rangos(color.id, { rangos: [banda()] })
    expect(res.json().errores).toEqual([{ campo: 'rangos', mensaje: M.sinRangos }])
    expect(await estado()).toEqual(antes)
  })

  it('entradas hostiles son un 400 en español, nunca un 500', async () => {
    const glu = analito('GLU')
    const antes = await estado()
    const casos: [unknown, string, string][] = [
      [[{ ...banda(), normalMin: 'NaN' }], 'rangos.0.normalMin', M.limite],
      [[{ ...banda(), normalMax: '100' }], 'rangos.0.normalMax', M.limite],
      [[banda({ criticoMax: 1e12 })], 'rangos.0.criticoMax', M.limite],
      [[banda({ criticoMin: -1e12 })], 'rangos.0.criticoMin', M.limite],
      [[{ ...banda(), sexo: 'Otro' }], 'rangos.0.sexo', M.sexo],
      [[{ ...banda(), sexo: 'Femenino\u0000' }], 'rangos.0.sexo', M.sexo],
      [[banda({ edadDesdeDias: -1 })], 'rangos.0.edadDesdeDias', M.edad],
      [[banda({ edadDesdeDias: 1.5 })], 'rangos.0.edadDesdeDias', M.edad],
      [[banda({ edadHastaDias: 10_000_000 })], 'rangos.0.edadHastaDias', M.edad],
      [
        Array.from({ length: 51 }, (_, i) => banda({ edadDesdeDias: i, edadHastaDias: i + 1 })),
        'rangos',
        'Como máximo 50',
      ],
    ]
    for (const [lista, campo, mensaje] of casos) {
      const res = await rangos(glu.id, { rangos: lista })
      expect(res.statusCode, JSON.stringify(lista).slice(0, 200)).toBe(400)
      expect(res.json().errores).toContainEqual({ campo, mensaje })
    }
    const enorme = `{"rangos":[${JSON.stringify(banda()).replace('"normalMax":100', '"normalMax":1e999')}]}`
    expect((await rangos(glu.id, enorme)).statusCode).toBe(400)
    expect((await rangos(glu.id, [banda()])).statusCode).toBe(400)
    expect((await rangos(glu.id, {})).statusCode).toBe(400)
    expect((await rangos(999_999, { rangos: [] })).statusCode).toBe(404)
    expect(await estado()).toEqual(antes)
  })

  it('dos guardados a la vez dejan uno de los dos conjuntos entero, el último', async () => {
    const tsh = analito('TSH')
    const conjuntos = Array.from({ length: 8 }, (_, i) =>
      Array.from({ length: i + 1 }, (_, k) =>
        banda({
          edadDesdeDias: k * 100,
          edadHastaDias: k === i ? null : (k + 1) * 100,
          normalMin: 0.3,
          normalMax: 4 + i,
        }),
      ),
    )
    const respuestas = await Promise.all(conjuntos.map((c) => rangos(tsh.id, { rangos: c })))
    expect(respuestas.map((r) => r.statusCode)).toEqual(conjuntos.map(() => 200))
    const final = (await t.app.inject({ url: '/laboratorio/analitos', headers: admin }))
      .json()
      .analitos.find((a: Analito) => a.codigo === 'TSH').rangos
    expect(conjuntos).toContainEqual(final)
    // The last one committed is the one its audit record names last.
    const [ultimo] = await t.db.sql<{ detalle: { rangos: RangoReferencia[] } }[]>`
      select detalle from auditoria where accion = 'analito.rangos' order by id desc limit 1`
    expect(ultimo!.detalle.rangos).toEqual(final)
  })

  it('un resultado guardado conserva los límites con que se leyó', async () => {
    const glu = analito('GLU')
    const paciente = await insertarPaciente(t.db.sql)
    const atencion = await insertarAtencion(t.db.sql, paciente, {
      modalidad: 'LAB',
      estudios: ['Glucosa'],
      estado: 'En proceso',
    })
    await t.db.sql`
      insert into resultados (atencion_id, analito_id, valor_numero, unidad, normal_min,
        normal_max, critico_min, critico_max, bandera)
      values (${atencion}, ${glu.id}, 105, 'mg/dL', 70, 100, 40, 400, 'H')`
    const leer = () => t.db.sql`select * from resultados where atencion_id = ${atencion}`
    const antes = await leer()
    const res = await rangos(glu.id, { rangos: [banda({ normalMin: 60, normalMax: 110 })] })
    expect(res.statusCode, res.body).toBe(200)
    const cambio = entrada(glu, { decimales: 2 })
    expect((await campos(glu.id, { ...cambio, unidad: 'mmol/L' })).statusCode).toBe(200)
    expect(await leer()).toEqual(antes)
    expect(antes[0]).toMatchObject({ normalMin: '70', normalMax: '100', bandera: 'H' })
  })

  it('la grilla y el guardado leen el rango nuevo al instante, no el que el servidor tenía', async () => {
    const crea = analito('CREA')
    const { atencion } = await atencionLab(t.db.sql, { estudios: ['Creatinina'] })
    const tec = await t.login('tecnologo')
    const fila = async () =>
      (
        (await t.app.inject({ url: `/atenciones/${atencion}/resultados`, headers: tec })).json()
          .examenes[0].filas as FilaResultado[]
      )[0]!
    expect((await fila()).rango).toMatchObject({ normalMin: 0.5, normalMax: 1.1 })
    const res = await rangos(crea.id, {
      rangos: [banda({ normalMin: 0.6, normalMax: 1.2, criticoMin: null, criticoMax: 10 })],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await fila()).rango).toMatchObject({ normalMin: 0.6, normalMax: 1.2 })
    // 0.55 was normal under the old band: saved now, it is read against the new one.
    const etag = String(
      (await t.app.inject({ url: `/atenciones/${atencion}/resultados`, headers: tec })).headers
        .etag,
    )
    const guardado = await t.app.inject({
      method: 'PUT',
      url: `/atenciones/${atencion}/resultados`,
      headers: { ...tec, 'if-match': etag },
      payload: { resultados: [{ analitoId: crea.id, valor: 0.55 }] },
    })
    expect(guardado.statusCode, guardado.body).toBe(200)
    expect(guardado.json().examenes[0].filas[0].resultado).toMatchObject({ bandera: 'L' })
  })
})

describe('permisos', () => {
  it('solo un administrador: recepción, tecnólogo y médico reciben un 403 y nada cambia', async () => {
    const glu = analito('GLU')
    const antes = await estado()
    for (const rol of ['recepcion', 'tecnologo', 'medico'] as const) {
      const h = await t.login(rol)
      for (const res of [
        await campos(glu.id, entrada(glu, { nombre: 'Otra' }), h),
        await rangos(glu.id, { rangos: [] }, h),
        await rangos(glu.id, 'basura', h),
      ]) {
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual({ message: 'Solo un administrador puede hacer esto' })
      }
    }
    const despues = await estado()
    // Each login added its own event; the catalogue is untouched.
    expect({ ...despues, eventos: 0 }).toEqual({ ...antes, eventos: 0 })
  })
})
