// Corrections of a patient through the real app on a real database: PATCH /pacientes/:id with
// If-Match, its validation and conflicts, the audit record of each change and the history.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Paciente } from '../../shared/paciente-datos.js'
import { MENSAJES_EDICION, type EventoHistorial } from '../../shared/pacientes.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente, dniNuevo, insertarPaciente } from '../test/factories.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const patch = (
  id: number | string,
  payload: unknown,
  ifMatch?: string,
  headers: Record<string, string> = t.headers,
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/pacientes/${id}`,
    headers: {
      ...headers,
      'content-type': 'application/json',
      ...(ifMatch !== undefined && { 'if-match': ifMatch }),
    },
    payload: payload as object,
  })
const get = (url: string, headers: Record<string, string> = t.headers) =>
  t.app.inject({ method: 'GET', url, headers })

/** The patient as stored, straight from the table: what a refused call must leave alone. */
const fila = async (id: number) =>
  (
    await t.db.sql<
      { documento: string; primerNombre: string; celular: string | null; version: number }[]
    >`
      select documento, primer_nombre, celular, version from pacientes where id = ${id}`
  )[0]!

const cambiosAuditados = async (id: number) =>
  t.db.sql<{ usuario: string; detalle: Record<string, unknown> }[]>`
    select usuario, detalle from auditoria
    where paciente_id = ${id} and accion = 'paciente.modificado' order by id`

describe('GET /pacientes/:id', () => {
  test('responde la versión del paciente en ETag', async () => {
    const p = await crearPaciente(t)
    const res = await get(`/pacientes/${p.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).toBe('"1"')
  })
})

describe('PATCH /pacientes/:id', () => {
  test('cambia los campos enviados, sube la versión y la ETag, y la ficha y la búsqueda lo ven', async () => {
    const p = await crearPaciente(t, { primerNombre: 'Rosa', celular: '' })
    await crearAtencion(t, p.id)
    const res = await patch(p.id, { primerNombre: '  Rosario ', celular: '987 654 321' }, '"1"')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers.etag).toBe('"2"')
    const editado: Paciente = res.json()
    expect(editado).toMatchObject({
      id: p.id,
      primerNombre: 'Rosario',
      nombreCompleto: 'Rosario Quispe',
      celular: '987 654 321',
      documento: p.documento,
      politicaAceptadaEn: p.politicaAceptadaEn,
      creadoEn: p.creadoEn,
    })
    const ficha = await get(`/pacientes/${p.id}`)
    expect(ficha.headers.etag).toBe('"2"')
    expect(ficha.json()).toMatchObject({ primerNombre: 'Rosario', celular: '987 654 321' })
    // The search's copies of the names follow the correction.
    const busqueda = await get(`/pacientes/buscar?primerNombre=rosario&documento=${p.documento}`)
    expect(busqueda.json().map((f: { id: number }) => f.id)).toEqual([p.id])
  })

  test("'' vacía un campo opcional; edad, aceptaPolitica y campos desconocidos se ignoran", async () => {
    const p = await crearPaciente(t, { celular: '987654321', barrio: 'Miraflores' })
    const res = await patch(
      p.id,
      { celular: '', edad: 99, aceptaPolitica: false, creadoEn: '2000-01-01', id: 5 },
      '"1"',
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: p.id, celular: null, barrio: 'Miraflores' })
  })

  test('sin If-Match: 428 con el mensaje en español y nada cambia; If-Match: * tampoco vale', async () => {
    const p = await crearPaciente(t)
    for (const ifMatch of [undefined, '*', '']) {
      const res = await patch(p.id, { primerNombre: 'Otro' }, ifMatch)
      expect(res.statusCode, String(ifMatch)).toBe(428)
      expect(res.json()).toEqual({ message: MENSAJES_EDICION.sinVersion })
    }
    expect(await fila(p.id)).toMatchObject({ primerNombre: 'Rosa', version: 1 })
  })

  test('If-Match con otra versión: 412 con el mensaje en español, la ETag actual y nada cambia', async () => {
    const p = await crearPaciente(t)
    expect((await patch(p.id, { celular: '911111111' }, '"1"')).statusCode).toBe(200)
    // The second person still holds version 1.
    const res = await patch(p.id, { celular: '922222222' }, '"1"')
    expect(res.statusCode).toBe(412)
    expect(res.json()).toEqual({ message: MENSAJES_EDICION.versionVieja })
    expect(res.headers.etag).toBe('"2"')
    expect(await fila(p.id)).toMatchObject({ celular: '911111111', version: 2 })
    expect(await cambiosAuditados(p.id)).toHaveLength(1)
  })

  test('la versión sube con cualquier UPDATE, también uno hecho fuera de la API', async () => {
    const p = await crearPaciente(t)
    await t.db.sql`update pacientes set barrio = 'Surco' where id = ${p.id}`
    const res = await patch(p.id, { celular: '933333333' }, '"1"')
    expect(res.statusCode).toBe(412)
    expect(res.headers.etag).toBe('"2"')
  })

  test('una ETag débil o en una lista también nombra la versión; una ilegible es 400', async () => {
    const p = await crearPaciente(t)
    expect((await patch(p.id, { barrio: 'Uno' }, 'W/"1"')).statusCode).toBe(200)
    expect((await patch(p.id, { barrio: 'Dos' }, '"7", "2"')).statusCode).toBe(200)
    const res = await patch(p.id, { barrio: 'Tres' }, 'version-3')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: MENSAJES_EDICION.versionInvalida,
      errores: [{ campo: 'If-Match', mensaje: MENSAJES_EDICION.versionInvalida }],
    })
  })

  test('dos cambios a la vez con la misma versión: uno gana y el otro recibe 412', async () => {
    const p = await crearPaciente(t)
    const respuestas = await Promise.all(
      ['944444444', '955555555', '966666666', '977777777'].map((celular) =>
        patch(p.id, { celular }, '"1"'),
      ),
    )
    const estados = respuestas.map((r) => r.statusCode).sort()
    expect(estados).toEqual([200, 412, 412, 412])
    const ganador = respuestas.find((r) => r.statusCode === 200)!.json().celular
    expect(await fila(p.id)).toMatchObject({ celular: ganador, version: 2 })
    expect(await cambiosAuditados(p.id)).toHaveLength(1)
  })

  test('las mismas reglas y mensajes del registro, por campo; nada se guarda', async () => {
    const p = await crearPaciente(t)
    const res = await patch(
      p.id,
      {
        documento: '1234',
        primerNombre: 'R2-D2',
        fechaNacimiento: '2999-01-01',
        municipio: 'Cusco',
        correoElectronico: 'no-es-correo',
      },
      '"1"',
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'Datos inválidos',
      errores: [
        { campo: 'documento', mensaje: 'El DNI debe tener 8 dígitos' },
        { campo: 'primerNombre', mensaje: 'Solo letras, espacios, apóstrofos y guiones' },
        { campo: 'fechaNacimiento', mensaje: 'La fecha de nacimiento no puede ser futura' },
        { campo: 'municipio', mensaje: 'La provincia no pertenece al departamento' },
        { campo: 'correoElectronico', mensaje: 'Correo electrónico inválido' },
      ],
    })
    // A field checked against what is stored: a RUC type needs a RUC number.
    const ruc = await patch(p.id, { tipoDocumento: 'ruc' }, '"1"')
    expect(ruc.json().errores).toEqual([
      { campo: 'documento', mensaje: 'El RUC debe tener 11 dígitos' },
    ])
    // A required field cannot be emptied; a value that is not text is a schema error.
    expect((await patch(p.id, { primerApellido: ' ' }, '"1"')).json().errores).toEqual([
      { campo: 'primerApellido', mensaje: 'Campo requerido' },
    ])
    expect((await patch(p.id, { celular: 987 }, '"1"')).json().errores).toEqual([
      { campo: 'celular', mensaje: 'Tipo de dato inválido' },
    ])
    expect(await fila(p.id)).toMatchObject({ documento: p.documento, version: 1 })
    expect(await cambiosAuditados(p.id)).toHaveLength(0)
  })

  test('mudarse de provincia: el distrito anterior ya no vale, el nuevo va con ella', async () => {
    const p = await crearPaciente(t, { departamento: 'Lima', municipio: 'Lima', distrito: 'Breña' })
    const res = await patch(p.id, { departamento: 'Cusco', municipio: 'Cusco' }, '"1"')
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      { campo: 'distrito', mensaje: 'El distrito no pertenece a la provincia' },
    ])
    expect(await fila(p.id)).toMatchObject({ version: 1 })
    const bien = await patch(
      p.id,
      { departamento: 'Cusco', municipio: 'Cusco', distrito: 'Wanchaq' },
      '"1"',
    )
    expect(bien.statusCode, bien.body).toBe(200)
    expect(bien.json()).toMatchObject({ municipio: 'Cusco', distrito: 'Wanchaq' })
    const sin = await patch(p.id, { distrito: '' }, '"2"')
    expect(sin.statusCode, sin.body).toBe(200)
    expect(sin.json().distrito).toBeNull()
  })

  test('sin ningún campo que cambiar: 400 «Indique al menos un campo para cambiar»', async () => {
    const p = await crearPaciente(t)
    for (const cuerpo of [{}, { edad: 3 }, { otro: 'x' }]) {
      const res = await patch(p.id, cuerpo, '"1"')
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
      expect(res.json().errores).toEqual([{ campo: 'cuerpo', mensaje: MENSAJES_EDICION.sinCambio }])
    }
  })

  test('el documento de otro paciente: 409 con el id de ese paciente y nada cambia', async () => {
    const otro = await crearPaciente(t)
    const p = await crearPaciente(t)
    const res = await patch(p.id, { documento: ` ${otro.documento} ` }, '"1"')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'Ya existe un paciente con ese documento', id: otro.id })
    expect(await fila(p.id)).toMatchObject({ documento: p.documento, version: 1 })
    // The same number under another type is another document.
    const pasaporte = await patch(
      p.id,
      { tipoDocumento: 'pasaporte', documento: otro.documento },
      '"1"',
    )
    expect(pasaporte.statusCode, pasaporte.body).toBe(200)
  })

  test('los mismos valores otra vez: 200 sin cambio de versión ni registro de cambio', async () => {
    const p = await crearPaciente(t, { celular: '987654321' })
    const res = await patch(p.id, { celular: '987654321', primerNombre: p.primerNombre }, '"1"')
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).toBe('"1"')
    expect(await cambiosAuditados(p.id)).toHaveLength(0)
  })

  test('un paciente que no existe: 404; un id que no es número: 400', async () => {
    expect((await patch(999_999, { celular: '987654321' }, '"1"')).statusCode).toBe(404)
    const res = await patch('abc', { celular: '987654321' }, '"1"')
    expect(res.statusCode).toBe(400)
  })

  test('el personal y los administradores pueden corregir', async () => {
    const p = await crearPaciente(t)
    const admin = await t.login('admin')
    expect((await patch(p.id, { barrio: 'Barranco' }, '"1"', admin)).statusCode).toBe(200)
    expect((await patch(p.id, { barrio: 'Lince' }, '"2"')).statusCode).toBe(200)
  })

  test('cada cambio queda auditado en su sentencia: quién, los campos, antes y después, la versión', async () => {
    const p = await crearPaciente(t, { celular: '987654321', segundoNombre: '' })
    await patch(
      p.id,
      { celular: '', segundoNombre: 'Elena', departamento: 'Cusco', municipio: 'Urubamba' },
      '"1"',
    )
    const [registro, ...resto] = await cambiosAuditados(p.id)
    expect(resto).toEqual([])
    expect(registro!.usuario).toBe('prueba.recepcion')
    expect(registro!.detalle).toEqual({
      version: 2,
      cambios: {
        celular: { antes: '987654321', despues: null },
        segundoNombre: { antes: null, despues: 'Elena' },
        departamento: { antes: 'Lima', despues: 'Cusco' },
        municipio: { antes: 'Lima', despues: 'Urubamba' },
      },
    })
  })
})

describe('GET /pacientes/:id/historial', () => {
  test('el registro y cada cambio, el más reciente primero, con quién, cuándo y los campos en el orden del formulario', async () => {
    const p = await crearPaciente(t, { celular: '' })
    await patch(p.id, { celular: '912345678', primerNombre: 'Rosalía' }, '"1"')
    const admin = await t.login('admin')
    await patch(p.id, { fechaNacimiento: '1985-04-13' }, '"2"', admin)
    const res = await get(`/pacientes/${p.id}/historial`)
    expect(res.statusCode).toBe(200)
    const historial: EventoHistorial[] = res.json()
    expect(historial.map((h) => [h.accion, h.usuario, h.version])).toEqual([
      ['paciente.modificado', 'prueba.admin', 3],
      ['paciente.modificado', 'prueba.recepcion', 2],
      ['paciente.registrado', 'prueba.recepcion', 1],
    ])
    expect(historial[0]!.cambios).toEqual([
      { campo: 'fechaNacimiento', antes: '1985-04-12', despues: '1985-04-13' },
    ])
    expect(historial[1]!.cambios).toEqual([
      { campo: 'primerNombre', antes: 'Rosa', despues: 'Rosalía' },
      { campo: 'celular', antes: null, despues: '912345678' },
    ])
    expect(historial[2]!.cambios).toEqual([])
    expect(Date.parse(historial[0]!.en)).toBeGreaterThanOrEqual(Date.parse(historial[1]!.en))
  })

  test('cada consulta queda auditada; un paciente que no existe es 404 y no deja registro', async () => {
    const p = await crearPaciente(t)
    await get(`/pacientes/${p.id}/historial`)
    const [n] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where accion = 'historial.consultado' and paciente_id = ${p.id}`
    expect(n!.n).toBe(1)
    const antes = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where accion = 'historial.consultado'`
    expect((await get('/pacientes/999999/historial')).statusCode).toBe(404)
    const despues = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where accion = 'historial.consultado'`
    expect(despues[0]!.n).toBe(antes[0]!.n)
  })

  test('un paciente cargado sin registro auditado (datos importados) tiene historial vacío', async () => {
    const id = await insertarPaciente(t.db.sql, { documento: dniNuevo() })
    const res = await get(`/pacientes/${id}/historial`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  test('por páginas: limite y la página siguiente en Link', async () => {
    const p = await crearPaciente(t)
    for (let v = 1; v <= 3; v++) await patch(p.id, { barrio: `Barrio ${v}` }, `"${v}"`)
    const primera = await get(`/pacientes/${p.id}/historial?limite=2`)
    expect(primera.json().map((h: EventoHistorial) => h.version)).toEqual([4, 3])
    const siguiente = /<([^>]+)>; rel="next"/.exec(String(primera.headers.link))![1]!
    const segunda = await get(siguiente)
    expect(segunda.json().map((h: EventoHistorial) => h.version)).toEqual([2, 1])
    expect(segunda.headers.link).toBeUndefined()
  })
})
