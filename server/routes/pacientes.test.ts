import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { POLITICA_PRIVACIDAD_VERSION } from '../../shared/catalogos.js'
import { calcularEdad, hoyEn } from '../../shared/edad.js'
import { PACIENTE_VACIO } from '../../shared/paciente-datos.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente, datosPaciente, insertarPaciente } from '../test/factories.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const post = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/pacientes',
    headers: { ...t.headers, 'content-type': 'application/json' },
    payload: payload as object,
  })
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...t.headers } })

describe('POST /pacientes', () => {
  test('201 con el paciente guardado, su id y la edad derivada (la del cliente se ignora)', async () => {
    const body = datosPaciente({
      primerNombre: '  María ',
      segundoApellido: 'Ñahui',
      fechaNacimiento: '1990-02-28',
      edad: 3,
    })
    const res = await post(body)
    expect(res.statusCode).toBe(201)
    const p = res.json()
    expect(p.id).toBeGreaterThan(0)
    expect(p).toMatchObject({
      primerNombre: 'María',
      segundoNombre: null,
      segundoApellido: 'Ñahui',
      nombreCompleto: 'María Quispe Ñahui',
      tipoEdad: 'años',
      edad: calcularEdad('1990-02-28', hoyEn(t.config.clinicTz)),
      aceptaPolitica: true,
      politicaVersion: POLITICA_PRIVACIDAD_VERSION,
    })
    expect(p).not.toHaveProperty('primer_nombre')
    const [fila] = await t.db
      .sql`select politica_aceptada_en, politica_version from pacientes where id = ${p.id}`
    expect(fila!.politicaVersion).toBe(POLITICA_PRIVACIDAD_VERSION)
    expect(Math.abs(Date.now() - (fila!.politicaAceptadaEn as Date).getTime())).toBeLessThan(60_000)
    // Who registered it: the signed-in user of the request.
    const [quien] = await t.db.sql`
      select u.usuario from pacientes p left join usuarios u on u.id = p.creado_por where p.id = ${p.id}`
    expect(quien!.usuario).toBe('prueba.recepcion')
    const columnas = await t.db
      .sql`select column_name from information_schema.columns where table_name = 'pacientes'`
    expect(columnas.map((c) => c.columnName)).not.toContain('edad')
  })

  test('400 con "Campo requerido" en cada obligatorio y el mensaje de la política, sin guardar nada', async () => {
    const antes = await t.db.sql`select count(*)::int as n from pacientes`
    const res = await post({ ...PACIENTE_VACIO, edad: '' })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.message).toEqual(expect.any(String))
    const por = Object.fromEntries(
      body.errores.map((e: { campo: string; mensaje: string }) => [e.campo, e.mensaje]),
    )
    for (const campo of [
      'tipoDocumento',
      'documento',
      'primerNombre',
      'primerApellido',
      'fechaNacimiento',
      'sexo',
      'departamento',
      'municipio',
      'zonaResidencial',
    ]) {
      expect(por[campo]).toBe('Campo requerido')
    }
    expect(por.aceptaPolitica).toBe('Debes aceptar la política de privacidad')
    expect(Object.keys(por)).toHaveLength(10)
    const despues = await t.db.sql`select count(*)::int as n from pacientes`
    expect(despues[0]!.n).toBe(antes[0]!.n)
  })

  test('campos ausentes del cuerpo: Campo requerido', async () => {
    const { documento: _d, ...sinDocumento } = datosPaciente()
    const res = await post(sinDocumento)
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toContainEqual({ campo: 'documento', mensaje: 'Campo requerido' })
  })

  test('política no aceptada, formatos y tipos inválidos: 400 con un mensaje por campo', async () => {
    let res = await post(datosPaciente({ aceptaPolitica: false }))
    expect(res.json().errores).toEqual([
      { campo: 'aceptaPolitica', mensaje: 'Debes aceptar la política de privacidad' },
    ])
    res = await post(
      datosPaciente({
        tipoDocumento: 'ruc',
        documento: '20131312954',
        municipio: 'Cusco',
        correoElectronico: 'x@',
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(
      res
        .json()
        .errores.map((e: { campo: string }) => e.campo)
        .sort(),
    ).toEqual(['correoElectronico', 'documento', 'municipio'])
    res = await post({ ...datosPaciente(), primerNombre: 7 })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toContainEqual({
      campo: 'primerNombre',
      mensaje: expect.any(String),
    })
    res = await post(datosPaciente({ fechaNacimiento: '2999-01-01' }))
    expect(res.json().errores).toEqual([
      { campo: 'fechaNacimiento', mensaje: 'La fecha de nacimiento no puede ser futura' },
    ])
  })

  test('caracteres de control (NUL) en cualquier campo: 400, nunca 500', async () => {
    const res = await post(
      datosPaciente({ direccion: 'Jr. Unión\u0000 45', acudiente: 'x\u001b[31m' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      { campo: 'direccion', mensaje: 'Contiene caracteres no permitidos' },
      { campo: 'acudiente', mensaje: 'Contiene caracteres no permitidos' },
    ])
    const dup = await get(
      '/pacientes/posibles-duplicados?primerNombre=a%00b&primerApellido=c&fechaNacimiento=2000-01-01',
    )
    expect(dup.statusCode).toBe(400)
    expect(dup.json().errores).toContainEqual({
      campo: 'primerNombre',
      mensaje: 'Contiene caracteres no permitidos',
    })
  })

  test('RUC válido y campos desconocidos ignorados', async () => {
    const res = await post({
      ...datosPaciente({ tipoDocumento: 'ruc', documento: '20131312955' }),
      colado: 'x',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).not.toHaveProperty('colado')
  })

  test('departamento y provincia de todo el Perú; una provincia de otro departamento es 400', async () => {
    let res = await post(datosPaciente({ departamento: 'Puno', municipio: 'Yunguyo' }))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ departamento: 'Puno', municipio: 'Yunguyo' })
    res = await post(
      datosPaciente({ departamento: 'Áncash', municipio: 'Carlos Fermín Fitzcarrald' }),
    )
    expect(res.statusCode).toBe(201)
    res = await post(datosPaciente({ departamento: 'Puno', municipio: 'Cusco' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      { campo: 'municipio', mensaje: 'La provincia no pertenece al departamento' },
    ])
    res = await post(datosPaciente({ departamento: 'Ancash', municipio: 'Huaraz' }))
    expect(res.json().errores).toEqual([{ campo: 'departamento', mensaje: 'Valor no permitido' }])
    // The six first pairs (docs/datos.md#catálogos), which stored patients carry, stay valid.
    for (const [departamento, municipio] of [
      ['Lima', 'Lima'],
      ['Lima', 'Callao'],
      ['Arequipa', 'Arequipa'],
      ['Arequipa', 'Camaná'],
      ['Cusco', 'Cusco'],
      ['Cusco', 'Urubamba'],
    ]) {
      res = await post(datosPaciente({ departamento, municipio }))
      expect(res.statusCode, `${departamento}/${municipio}`).toBe(201)
    }
  })

  test('distrito del ubigeo: opcional, de la provincia elegida; uno de otra provincia es 400', async () => {
    let res = await post(
      datosPaciente({
        departamento: 'Lima',
        municipio: 'Lima',
        distrito: 'San Juan de Lurigancho',
      }),
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ municipio: 'Lima', distrito: 'San Juan de Lurigancho' })
    res = await post(
      datosPaciente({ departamento: 'Lima', municipio: 'Callao', distrito: 'Mi Perú' }),
    )
    expect(res.statusCode, res.body).toBe(201)
    // The spec's registration sends none: stored as null.
    res = await post(datosPaciente())
    expect(res.statusCode).toBe(201)
    expect(res.json().distrito).toBeNull()
    const antes = await t.db.sql`select count(*)::int as n from pacientes`
    for (const [municipio, distrito] of [
      ['Lima', 'Wanchaq'],
      ['Lima', 'san isidro'],
      ['Callao', 'Lima'],
    ]) {
      res = await post(datosPaciente({ departamento: 'Lima', municipio, distrito }))
      expect(res.statusCode, distrito).toBe(400)
      expect(res.json().errores).toEqual([
        { campo: 'distrito', mensaje: 'El distrito no pertenece a la provincia' },
      ])
    }
    // With a provincia of another departamento, the provincia's message alone.
    res = await post(
      datosPaciente({ departamento: 'Puno', municipio: 'Cusco', distrito: 'Wanchaq' }),
    )
    expect(res.json().errores).toEqual([
      { campo: 'municipio', mensaje: 'La provincia no pertenece al departamento' },
    ])
    res = await post(datosPaciente({ distrito: 'x'.repeat(61) }))
    expect(res.statusCode).toBe(400)
    expect(await t.db.sql`select count(*)::int as n from pacientes`).toEqual(antes)
  })

  test('409 con el id del existente; el mismo documento con otro tipo sí se registra', async () => {
    const primero = await crearPaciente(t, { tipoDocumento: 'pasaporte', documento: 'ab123456' })
    expect(primero.documento).toBe('AB123456')
    const res = await post(
      datosPaciente({ tipoDocumento: 'pasaporte', documento: 'AB 123456', primerNombre: 'Otra' }),
    )
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      message: 'Ya existe un paciente con ese documento',
      id: primero.id,
    })
    const otro = await post(datosPaciente({ tipoDocumento: 'cedula', documento: 'AB123456' }))
    expect(otro.statusCode).toBe(201)
  })

  test('veinte registros simultáneos del mismo documento: exactamente un 201', async () => {
    const body = datosPaciente()
    const respuestas = await Promise.all(Array.from({ length: 20 }, () => post(body)))
    const codigos = respuestas.map((r) => r.statusCode).sort()
    expect(codigos.filter((c) => c === 201)).toHaveLength(1)
    expect(codigos.filter((c) => c === 409)).toHaveLength(19)
    const creado = respuestas.find((r) => r.statusCode === 201)!.json()
    for (const r of respuestas.filter((r) => r.statusCode === 409))
      expect(r.json().id).toBe(creado.id)
    const filas = await t.db
      .sql`select count(*)::int as n from pacientes where documento = ${body.documento}`
    expect(filas[0]!.n).toBe(1)
  })
})

describe('GET /pacientes y /pacientes/:id', () => {
  test('lista del más reciente al más antiguo, con edad y modalidades, paginada por Link', async () => {
    const base = Date.parse('2030-01-01T00:00:00Z')
    const ids: number[] = []
    for (let i = 0; i < 5; i++) {
      ids.push(
        await insertarPaciente(t.db.sql, {
          creadoEn: new Date(base + i * 1000).toISOString(),
          primerNombre: `Lista${'abcde'[i]}`,
        }),
      )
    }
    await crearAtencion(t, ids[4]!, { modalidad: 'LAB', estudios: [{ nombre: 'Glucosa' }] })
    await crearAtencion(t, ids[4]!, { modalidad: 'RX' })
    await crearAtencion(t, ids[4]!, { modalidad: 'RX', estudios: [{ nombre: 'Mano' }] })

    const vistos: number[] = []
    let url: string | null = '/pacientes?limite=2'
    let primera: Record<string, unknown>[] | null = null
    while (url && vistos.length < 5) {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      const filas = res.json() as { id: number }[]
      primera ??= filas
      vistos.push(...filas.map((f) => f.id))
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null
    }
    expect(vistos.slice(0, 5)).toEqual([...ids].reverse())
    expect(primera![0]).toMatchObject({
      id: ids[4],
      estudios: ['RX', 'LAB'],
      tipoEdad: 'años',
      edad: expect.any(Number),
      nombreCompleto: 'Listae Mamani',
    })
    expect(primera![1]).toMatchObject({ estudios: [] })
  })

  test('los registrados en un mismo instante, al microsegundo, salen todos página tras página', async () => {
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push(await insertarPaciente(t.db.sql))
    // As text: a parameter typed timestamptz goes through a JavaScript Date, to the millisecond.
    await t.db
      .sql`update pacientes set creado_en = ${'2031-01-01T00:00:00.123456Z'}::text::timestamptz
      where id = any(${ids}::int[])`
    const vistos: number[] = []
    let url: string | null = '/pacientes?limite=2'
    while (url && vistos.length < 5) {
      const res = await get(url)
      vistos.push(...(res.json() as { id: number }[]).map((f) => f.id))
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null
    }
    expect(vistos.slice(0, 5)).toEqual([...ids].reverse())
  })

  test('límite y cursor inválidos: 400', async () => {
    expect((await get('/pacientes?limite=0')).statusCode).toBe(400)
    expect((await get('/pacientes?limite=abc')).statusCode).toBe(400)
    expect((await get('/pacientes?limite=201')).statusCode).toBe(400)
    const res = await get('/pacientes?cursor=basura')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Cursor inválido')
  })

  test('un paciente con sus atenciones, la más reciente primero', async () => {
    const p = await crearPaciente(t)
    const a1 = await crearAtencion(t, p.id, { fechaLlegada: '2024-05-01', horaLlegada: '08:00' })
    const a2 = await crearAtencion(t, p.id, {
      modalidad: 'Eco',
      estudios: [{ nombre: 'Renal' }],
      fechaLlegada: '2024-05-02',
      horaLlegada: '09:30',
    })
    const res = await get(`/pacientes/${p.id}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ id: p.id, documento: p.documento, nombreCompleto: 'Rosa Quispe' })
    expect(body.atenciones.map((a: { id: number }) => a.id)).toEqual([a2.id, a1.id])
    expect(body.atenciones[0]).toMatchObject({
      fechaLlegada: '2024-05-02',
      horaLlegada: '09:30',
      estudios: [{ nombre: 'Renal' }],
    })
  })

  test('404 en español; id no numérico o enorme: 400/404, nunca 500', async () => {
    let res = await get('/pacientes/999999')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Paciente no encontrado')
    for (const id of ['abc', '-1', '1.5', '0', '99999999999', '%20']) {
      res = await get(`/pacientes/${id}`)
      expect([400, 404]).toContain(res.statusCode)
      expect(res.json().message).toMatch(/[a-z]/)
    }
  })
})

describe('GET /pacientes/posibles-duplicados', () => {
  test('mismos nombres sin tildes ni mayúsculas y misma fecha de nacimiento', async () => {
    const p = await crearPaciente(t, {
      primerNombre: 'José',
      segundoNombre: 'Ángel',
      primerApellido: 'Pérez',
      fechaNacimiento: '1977-07-07',
    })
    await crearPaciente(t, {
      primerNombre: 'José',
      primerApellido: 'Pérez',
      fechaNacimiento: '1977-07-08',
    })
    const q = (s: string) => get(`/pacientes/posibles-duplicados?${s}`)
    let res = await q('primerNombre=jose&primerApellido=PEREZ&fechaNacimiento=1977-07-07')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      {
        id: p.id,
        tipoDocumento: 'dni',
        documento: p.documento,
        nombreCompleto: 'José Ángel Pérez',
        fechaNacimiento: '1977-07-07',
      },
    ])
    res = await q(
      'primerNombre=jose&segundoNombre=angel&primerApellido=perez&fechaNacimiento=1977-07-07',
    )
    expect(res.json()).toHaveLength(1)
    res = await q(
      'primerNombre=jose&segundoNombre=luis&primerApellido=perez&fechaNacimiento=1977-07-07',
    )
    expect(res.json()).toEqual([])
    res = await q('primerNombre=jose&primerApellido=perez&fechaNacimiento=1977-02-30')
    expect(res.statusCode).toBe(400)
    res = await q('primerApellido=perez&fechaNacimiento=1977-07-07')
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toContainEqual({ campo: 'primerNombre', mensaje: 'Campo requerido' })
  })
  test('un parámetro desconocido es 400 con su nombre, y no llega a la auditoría', async () => {
    const eventos = async () =>
      (await t.db.sql<{ n: number }[]>`select count(*)::int as n from auditoria`)[0]!.n
    const antes = await eventos()
    const relleno = 'x'.repeat(5000)
    const res = await get(
      `/pacientes/posibles-duplicados?primerNombre=jose&primerApellido=perez&fechaNacimiento=1977-07-07&colado=${relleno}&otro=1`,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'Datos inválidos',
      errores: [
        { campo: 'colado', mensaje: 'Parámetro no permitido' },
        { campo: 'otro', mensaje: 'Parámetro no permitido' },
      ],
    })
    expect(await eventos()).toBe(antes)
  })
})
