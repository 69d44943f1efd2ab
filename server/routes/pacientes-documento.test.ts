// GET /pacientes/por-documento through the real app: the form asks it when Documento loses focus
// (docs/api.md#documento-registrado). Exact, by type, normalised like a registration, the merged
// record's document answering the record that keeps it, audited, and by index.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente, datosPaciente, dniNuevo } from '../test/factories.js'
import { capturar, secuenciales } from '../test/planes.js'

let t: TestApp
let admin: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
})
afterAll(async () => {
  await t?.close()
})

const consultar = (query: string, headers = t.headers) =>
  t.app.inject({ url: `/pacientes/por-documento?${query}`, headers })

const eventos = async () =>
  t.db.sql<{ usuario: string; pacienteId: string | null; detalle: Record<string, unknown> }[]>`
    select usuario, paciente_id, detalle from auditoria
    where accion = 'pacientes.buscados' order by id`

describe('GET /pacientes/por-documento', () => {
  test('el paciente con ese tipo y número exactos; ningún otro tipo ni comienzo', async () => {
    const p = await crearPaciente(t, {
      primerNombre: 'Teodora',
      primerApellido: 'Callo',
      fechaNacimiento: '1966-06-16',
    })
    let res = await consultar(`tipoDocumento=dni&documento=${p.documento}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual([
      {
        id: p.id,
        tipoDocumento: 'dni',
        documento: p.documento,
        nombreCompleto: 'Teodora Callo',
        fechaNacimiento: '1966-06-16',
      },
    ])
    for (const q of [
      `tipoDocumento=pasaporte&documento=${p.documento}`,
      `tipoDocumento=dni&documento=${p.documento.slice(0, 7)}`,
      `tipoDocumento=dni&documento=${dniNuevo()}`,
    ]) {
      res = await consultar(q)
      expect(res.statusCode, q).toBe(200)
      expect(res.json(), q).toEqual([])
    }
  })

  test('el documento se lee como se guarda: sin espacios y en mayúsculas', async () => {
    const p = await crearPaciente(t, { tipoDocumento: 'pasaporte', documento: 'xk 448 812' })
    expect(p.documento).toBe('XK448812')
    const res = await consultar('tipoDocumento=pasaporte&documento=%20xk448%20812')
    expect(res.json()).toMatchObject([{ id: p.id, documento: 'XK448812' }])
  })

  test('el documento de un registro fusionado responde con el que lo conserva, como el 409', async () => {
    const conservado = await crearPaciente(t, { primerNombre: 'Marcelina' })
    const absorbido = await crearPaciente(t, { primerNombre: 'Marcelina' })
    const fusion = await t.app.inject({
      method: 'POST',
      url: '/pacientes/fusiones',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { conservar: conservado.id, absorber: absorbido.id },
    })
    expect(fusion.statusCode, fusion.body).toBe(201)
    const res = await consultar(`tipoDocumento=dni&documento=${absorbido.documento}`)
    expect(res.json()).toMatchObject([{ id: conservado.id, documento: conservado.documento }])
    const registro = await crearPaciente(t, { documento: absorbido.documento }).catch(
      (e: Error) => e.message,
    )
    expect(registro).toContain(`"id":${conservado.id}`)
  })

  test('cada consulta queda en la auditoría como una búsqueda, con el documento y no el paciente', async () => {
    const p = await crearPaciente(t, { primerNombre: 'Eusebia', primerApellido: 'Mayta' })
    const antes = (await eventos()).length
    await consultar(`tipoDocumento=dni&documento=${p.documento}`)
    await consultar(`tipoDocumento=ruc&documento=20100070970`)
    const nuevos = (await eventos()).slice(antes)
    expect(nuevos).toEqual([
      {
        usuario: 'prueba.recepcion',
        pacienteId: null,
        detalle: {
          busqueda: 'documento',
          tipoDocumento: 'dni',
          documento: p.documento,
          pacientes: 1,
        },
      },
      {
        usuario: 'prueba.recepcion',
        pacienteId: null,
        detalle: {
          busqueda: 'documento',
          tipoDocumento: 'ruc',
          documento: '20100070970',
          pacientes: 0,
        },
      },
    ])
    expect(JSON.stringify(nuevos)).not.toContain('Eusebia')
  })

  test('400 con el campo si falta o sobra algo, y nada en la auditoría; 401 sin sesión', async () => {
    const antes = (await eventos()).length
    const casos: [string, { campo: string; mensaje: string }][] = [
      ['documento=12345678', { campo: 'tipoDocumento', mensaje: 'Campo requerido' }],
      ['tipoDocumento=dni', { campo: 'documento', mensaje: 'Campo requerido' }],
      ['tipoDocumento=dni&documento=%20%20', { campo: 'documento', mensaje: 'Campo requerido' }],
      [
        'tipoDocumento=carnet&documento=12345678',
        { campo: 'tipoDocumento', mensaje: 'Tipo de documento no válido' },
      ],
      [
        'tipoDocumento=dni&documento=1234%005678',
        { campo: 'documento', mensaje: 'Contiene caracteres no permitidos' },
      ],
      [
        'tipoDocumento=dni&documento=12345678&primerNombre=ana',
        { campo: 'primerNombre', mensaje: 'Parámetro no permitido' },
      ],
    ]
    for (const [q, error] of casos) {
      const res = await consultar(q)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().errores, q).toContainEqual(error)
    }
    expect((await eventos()).length).toBe(antes)
    const sinSesion = await t.app.inject({
      url: '/pacientes/por-documento?tipoDocumento=dni&documento=12345678',
      headers: { accept: 'application/json' },
    })
    expect(sinSesion.statusCode).toBe(401)
  })

  test('responde por índice: ningún recorrido de la tabla de pacientes', async () => {
    const p = await crearPaciente(t)
    const captura = capturar(t.db.sql)
    try {
      await consultar(`tipoDocumento=dni&documento=${p.documento}`)
      const sentencias = captura.tomar().filter((s) => /\bencontrado\b/.test(s.texto))
      expect(sentencias).toHaveLength(1)
      expect(await secuenciales(t.db.sql, sentencias[0]!, ['pacientes', 'auditoria'])).toEqual([])
    } finally {
      captura.soltar()
    }
  })
})

describe('documentos de extranjeros residentes (Carné de extranjería, CPP)', () => {
  const registrar = (cambios: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/pacientes',
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: datosPaciente(cambios),
    })

  test('se registran y se encuentran con 9 dígitos; su celular es peruano', async () => {
    const numero = String(Date.now()).slice(-9)
    const ce = await registrar({ tipoDocumento: 'ce', documento: numero, celular: '987 654 321' })
    expect(ce.statusCode, ce.body).toBe(201)
    const cpp = await registrar({ tipoDocumento: 'cpp', documento: numero })
    expect(cpp.statusCode, cpp.body).toBe(201)
    // The same number under each type is each one's own.
    const hallado = await consultar(`tipoDocumento=cpp&documento=${numero}`)
    expect(hallado.json()).toMatchObject([{ id: cpp.json().id }])

    const malos: [Record<string, unknown>, string, string][] = [
      [
        { tipoDocumento: 'ce', documento: '12345678' },
        'documento',
        'El carné de extranjería tiene 9 dígitos',
      ],
      [{ tipoDocumento: 'cpp', documento: '1234567890' }, 'documento', 'El CPP tiene 9 dígitos'],
      [
        { tipoDocumento: 'cpp', documento: '123456780', celular: '+57 300 123 4567' },
        'celular',
        'Celular peruano: 9 dígitos que empiezan con 9 (por ejemplo, 987 654 321)',
      ],
    ]
    for (const [cambios, campo, mensaje] of malos) {
      const res = await registrar(cambios)
      expect(res.statusCode, JSON.stringify(cambios)).toBe(400)
      expect(res.json().errores).toContainEqual({ campo, mensaje })
    }
    // A passport holder may give a foreign mobile.
    const pasaporte = await registrar({
      tipoDocumento: 'pasaporte',
      documento: `XP${numero.slice(0, 7)}`,
      celular: '+57 300 123 4567',
    })
    expect(pasaporte.statusCode, pasaporte.body).toBe(201)
  })
})
