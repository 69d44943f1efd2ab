// The probable duplicates list through the real app: which pairs, worst first, paged, dismissed
// for good, merged pairs gone, and never a scan of a whole table.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ParDuplicado } from '../../shared/fusiones.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente, dniNuevo, insertarPaciente } from '../test/factories.js'
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

const lista = async (query = '') => {
  const res = await t.app.inject({ url: `/pacientes/duplicados${query}`, headers: admin })
  expect(res.statusCode, res.body).toBe(200)
  return { pares: res.json<ParDuplicado[]>(), link: res.headers.link as string | undefined }
}
const par = (p: ParDuplicado) => [p.a.id, p.b.id]
const descartar = (pacienteA: number, pacienteB: number) =>
  t.app.inject({
    method: 'POST',
    url: '/pacientes/duplicados/descartes',
    headers: { ...admin, 'content-type': 'application/json' },
    payload: { pacienteA, pacienteB },
  })

describe('GET /pacientes/duplicados', () => {
  let mismoDoc: number[]
  let mismosNombres: number[]
  let sinSegundo: number[]
  beforeAll(async () => {
    // Registered through the API: the pairs are found as records arrive.
    const doc = dniNuevo()
    const a = await crearPaciente(t, {
      documento: doc,
      primerNombre: 'Ana',
      primerApellido: 'Soto',
    })
    const b = await crearPaciente(t, {
      tipoDocumento: 'pasaporte',
      documento: doc,
      primerNombre: 'Ana María',
      primerApellido: 'Soto',
    })
    mismoDoc = [a.id, b.id]
    const c = await crearPaciente(t, {
      primerNombre: 'José',
      segundoNombre: 'Luis',
      primerApellido: 'Núñez',
      segundoApellido: 'Pérez',
      fechaNacimiento: '1950-02-03',
    })
    const d = await crearPaciente(t, {
      primerNombre: 'JOSE',
      segundoNombre: 'luis',
      primerApellido: 'Nunez',
      segundoApellido: 'PEREZ',
      fechaNacimiento: '1950-02-03',
    })
    mismosNombres = [c.id, d.id]
    const e = await crearPaciente(t, {
      primerNombre: 'Elena',
      primerApellido: 'Quispe',
      segundoApellido: 'Rojas',
      fechaNacimiento: '1990-07-07',
    })
    const f = await crearPaciente(t, {
      primerNombre: 'Elena',
      segundoNombre: 'Sofía',
      primerApellido: 'Quispe',
      fechaNacimiento: '1990-07-07',
    })
    sinSegundo = [e.id, f.id]
    // Not pairs: different second names, a different birth date, the same name elsewhere.
    await crearPaciente(t, {
      primerNombre: 'Carlos',
      segundoNombre: 'Alberto',
      primerApellido: 'Vega',
      fechaNacimiento: '1960-01-01',
    })
    await crearPaciente(t, {
      primerNombre: 'Carlos',
      segundoNombre: 'Andrés',
      primerApellido: 'Vega',
      fechaNacimiento: '1960-01-01',
    })
    await crearPaciente(t, {
      primerNombre: 'Elena',
      primerApellido: 'Quispe',
      fechaNacimiento: '1991-07-07',
    })
  })

  test('los pares probables, el más grave primero, con su motivo', async () => {
    const { pares } = await lista()
    expect(pares.map(par)).toEqual([mismoDoc, mismosNombres, sinSegundo])
    expect(pares.map((p) => [p.gravedad, p.motivo])).toEqual([
      [1, 'Mismo documento con otro tipo'],
      [2, 'Mismos nombres y fecha de nacimiento'],
      [3, 'Mismos nombres (uno sin segundo nombre o apellido) y fecha de nacimiento'],
    ])
    expect(pares[1]!.a).toMatchObject({
      nombreCompleto: 'José Luis Núñez Pérez',
      fechaNacimiento: '1950-02-03',
      atenciones: 0,
    })
    const [ev] = await t.db.sql`select detalle from auditoria
      where accion = 'pacientes.listados' order by id desc limit 1`
    expect(ev!.detalle).toMatchObject({ lista: 'duplicados', limite: 50 })
  })

  test('de a una por página siguiendo el Link, sin repetir ni saltar', async () => {
    const vistos: number[][] = []
    let url = '?limite=1'
    for (let i = 0; i < 5 && url; i++) {
      const { pares, link } = await lista(url)
      vistos.push(...pares.map(par))
      url = link ? /<\/pacientes\/duplicados(\?[^>]*)>/.exec(link)![1]! : ''
    }
    expect(vistos).toEqual([mismoDoc, mismosNombres, sinSegundo])
  })

  test('un par que se descubre al corregir un registro aparece', async () => {
    const x = await insertarPaciente(t.db.sql, {
      primerNombre: 'Raúl',
      fechaNacimiento: '1944-04-04',
    })
    const y = await insertarPaciente(t.db.sql, {
      primerNombre: 'Raul',
      fechaNacimiento: '1945-04-04',
    })
    expect((await lista()).pares.map(par)).not.toContainEqual([x, y])
    await t.db.sql`update pacientes set fecha_nacimiento = '1944-04-04' where id = ${y}`
    expect((await lista()).pares.map(par)).toContainEqual([x, y])
    // And one that stops being alike leaves the list.
    await t.db.sql`update pacientes set fecha_nacimiento = '1946-04-04' where id = ${y}`
    expect((await lista()).pares.map(par)).not.toContainEqual([x, y])
  })

  test('«No es duplicado» lo quita para siempre, en cualquier orden de los ids, y queda auditado', async () => {
    const res = await descartar(sinSegundo[1]!, sinSegundo[0]!)
    expect(res.statusCode).toBe(204)
    expect((await lista()).pares.map(par)).toEqual([mismoDoc, mismosNombres])
    // Changing a record again finds the pair again, but it stays dismissed.
    await t.db.sql`update pacientes set barrio = 'Centro' where id = ${sinSegundo[0]!}`
    expect((await lista()).pares.map(par)).toEqual([mismoDoc, mismosNombres])
    const eventos = await t.db.sql`select paciente_id from auditoria
      where accion = 'duplicado.descartado' order by paciente_id`
    expect(eventos.map((e) => Number(e.pacienteId))).toEqual(sinSegundo)
    expect((await descartar(sinSegundo[0]!, sinSegundo[1]!)).statusCode).toBe(204)
  })

  test('un par fusionado sale de la lista y vuelve al deshacer la fusión', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/pacientes/fusiones',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { conservar: mismoDoc[0], absorber: mismoDoc[1] },
    })
    expect(res.statusCode).toBe(201)
    expect((await lista()).pares.map(par)).toEqual([mismosNombres])
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/pacientes/fusiones/${res.json().id}`,
      headers: admin,
    })
    expect(undo.statusCode).toBe(204)
    expect((await lista()).pares.map(par)).toEqual([mismoDoc, mismosNombres])
  })

  test('entradas inválidas: 400 o 404 en español, nada cambia', async () => {
    for (const q of [
      '?cursor=xyz',
      '?limite=0',
      '?limite=abc',
      `?cursor=${Buffer.from('[9,1,2]').toString('base64url')}`,
    ]) {
      const res = await t.app.inject({ url: `/pacientes/duplicados${q}`, headers: admin })
      expect(res.statusCode, q).toBe(400)
      expect(typeof res.json().message).toBe('string')
    }
    const mismo = await descartar(mismoDoc[0]!, mismoDoc[0]!)
    expect(mismo.statusCode).toBe(400)
    expect(mismo.json().errores).toEqual([
      { campo: 'pacienteB', mensaje: 'Elija dos registros distintos' },
    ])
    const ninguno = await descartar(mismoDoc[0]!, mismosNombres[0]!)
    expect(ninguno.statusCode).toBe(404)
    expect(ninguno.json()).toEqual({
      message: 'Ese par no está en la lista de posibles duplicados',
    })
    expect((await lista()).pares.map(par)).toEqual([mismoDoc, mismosNombres])
  })

  test('la página y el registro de un paciente nuevo no recorren tablas enteras', async () => {
    const captura = capturar(t.db.sql)
    try {
      await lista('?limite=1')
      await lista(`?cursor=${Buffer.from(JSON.stringify([1, 0, 0])).toString('base64url')}`)
      const sentencias = captura.tomar().filter((s) => /\bduplicados\b/.test(s.texto))
      expect(sentencias.length).toBeGreaterThan(0)
      for (const s of sentencias)
        expect(
          await secuenciales(t.db.sql, s, ['pacientes', 'duplicados', 'atenciones']),
          s.texto,
        ).toEqual([])
    } finally {
      captura.soltar()
    }
    // The trigger's probes: a registration's lookups by document and by birth date and names.
    const plan = await t.db.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`
      return tx.unsafe(`explain select 1 from pacientes p where p.id <> 1 and p.fusionado_en is null
        and (p.documento = '12345678' or (p.fecha_nacimiento = '1950-01-01'
          and p.primer_apellido_norm = 'soto' and p.primer_nombre_norm = 'ana'))`)
    })
    expect(JSON.stringify(plan)).not.toMatch(/Seq Scan/)
  })
})
