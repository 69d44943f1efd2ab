// A newborn registered by its Certificado de Nacido Vivo, linked to its mother's record, through
// the real app: the link is required and checked, kept when the child later gets a DNI, refused
// on anyone else; a mother merged into another record stands for that record. Bad input is a
// Spanish 400 and stores nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import type { Paciente } from '../../shared/paciente-datos.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente, datosPaciente, dniNuevo } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })
let cnvs = 0
/** A CNV number no other call of this file has used. */
const cnvNuevo = () => String(1_000_458_000 + process.pid * 10 + ++cnvs)

/** Three days ago at the clinic: a newborn's birth date, whatever day the test runs. */
function haceTresDias(): string {
  const d = new Date(`${hoyEn('America/Lima')}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 3)
  return d.toISOString().slice(0, 10)
}

const registrar = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/pacientes', headers: json(t.headers), payload })
const recienNacido = (cambios: object = {}) =>
  datosPaciente({
    tipoDocumento: 'cnv',
    documento: cnvNuevo(),
    primerNombre: 'Bebé',
    primerApellido: 'Quispe',
    fechaNacimiento: haceTresDias(),
    sexo: 'Masculino',
    ...cambios,
  })
const cuenta = async () => (await t.db.sql`select id from pacientes`).length
const errores = (body: string) => (JSON.parse(body) as { errores: unknown[] }).errores

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('recién nacido con CNV', () => {
  test('se registra con su madre; la ficha la nombra por su id y la lectura la trae', async () => {
    const madre = await crearPaciente(t, { primerNombre: 'Rosa', primerApellido: 'Quispe' })
    const res = await registrar({ ...recienNacido(), madreId: madre.id })
    expect(res.statusCode, res.body).toBe(201)
    const bebe = res.json<Paciente>()
    expect(bebe).toMatchObject({ tipoDocumento: 'cnv', madreId: madre.id, tipoEdad: 'días' })
    const leido = await t.app.inject({ url: `/pacientes/${bebe.id}`, headers: t.headers })
    expect(leido.json()).toMatchObject({
      madreId: madre.id,
      madre: {
        id: madre.id,
        nombreCompleto: 'Rosa Quispe',
        tipoDocumento: 'dni',
        documento: madre.documento,
      },
    })
    // Her name on the child's page is a read of her record, recorded on it.
    const [lectura] = await t.db.sql<{ pacienteId: string; detalle: unknown }[]>`
      select paciente_id, detalle from auditoria
      where accion = 'paciente.consultado' order by id desc limit 1`
    expect(lectura).toEqual({ pacienteId: String(madre.id), detalle: { madreDe: bebe.id } })
    // The mother's own record has no mother, and names her newborn: a read of the child's record.
    const suya = await t.app.inject({ url: `/pacientes/${madre.id}`, headers: t.headers })
    expect(suya.json()).toMatchObject({
      madreId: null,
      madre: null,
      hijos: [
        {
          id: bebe.id,
          nombreCompleto: 'Bebé Quispe',
          tipoDocumento: 'cnv',
          documento: bebe.documento,
          fechaNacimiento: bebe.fechaNacimiento,
        },
      ],
    })
    const [delHijo] = await t.db.sql<{ pacienteId: string; detalle: unknown }[]>`
      select paciente_id, detalle from auditoria
      where accion = 'paciente.consultado' and paciente_id = ${bebe.id}
      order by id desc limit 1`
    expect(delHijo).toEqual({ pacienteId: String(bebe.id), detalle: { hijoDe: madre.id } })
  })

  test('sin madre, con una que no existe, con un número que no es de CNV: 400 y nada guardado', async () => {
    // A newborn cannot be a mother: her record is looked up by her own document.
    const madre = await crearPaciente(t)
    const bebe = (await registrar({ ...recienNacido(), madreId: madre.id })).json<Paciente>()
    const antes = await cuenta()
    const casos: [object, unknown[]][] = [
      [
        recienNacido(),
        [
          {
            campo: 'madreId',
            mensaje:
              'Un recién nacido con CNV se registra con su madre: búsquela por su documento (regístrela antes si no lo está)',
          },
        ],
      ],
      [
        { ...recienNacido(), madreId: 2_000_000_000 },
        [{ campo: 'madreId', mensaje: 'La madre no está registrada: regístrela primero' }],
      ],
      [
        { ...recienNacido({ documento: 'AB-12' }), madreId: 1 },
        [{ campo: 'documento', mensaje: 'El número del CNV tiene de 6 a 12 dígitos' }],
      ],
      [
        { ...datosPaciente(), madreId: 1 },
        [
          {
            campo: 'madreId',
            mensaje: 'Solo un recién nacido registrado con su CNV se vincula a su madre',
          },
        ],
      ],
    ]
    for (const [payload, esperados] of casos) {
      const res = await registrar(payload)
      expect(res.statusCode, res.body).toBe(400)
      expect(errores(res.body)).toEqual(esperados)
    }
    const deBebe = await registrar({ ...recienNacido(), madreId: bebe.id })
    expect(deBebe.statusCode).toBe(400)
    expect(errores(deBebe.body)).toEqual([
      {
        campo: 'madreId',
        mensaje: 'Ese registro es de un recién nacido: la madre se busca por su propio documento',
      },
    ])
    for (const madreId of ['1', 0, -4, 1.5, 3_000_000_000]) {
      const res = await registrar({ ...recienNacido(), madreId })
      expect(res.statusCode, String(madreId)).toBe(400)
    }
    expect(await cuenta()).toBe(antes)
  })

  test('al recibir su DNI conserva a su madre; un adulto no pasa a CNV sin madre', async () => {
    const madre = await crearPaciente(t)
    const bebe = (await registrar({ ...recienNacido(), madreId: madre.id })).json<Paciente>()
    const cambiar = async (id: number, payload: object) => {
      const actual = await t.app.inject({ url: `/pacientes/${id}`, headers: t.headers })
      return t.app.inject({
        method: 'PATCH',
        url: `/pacientes/${id}`,
        headers: { ...json(t.headers), 'if-match': actual.headers.etag as string },
        payload,
      })
    }
    const dni = dniNuevo()
    const conDni = await cambiar(bebe.id, { tipoDocumento: 'dni', documento: dni })
    expect(conDni.statusCode, conDni.body).toBe(200)
    expect(conDni.json()).toMatchObject({ tipoDocumento: 'dni', documento: dni, madreId: madre.id })
    const adulto = await crearPaciente(t)
    const aCnv = await cambiar(adulto.id, { tipoDocumento: 'cnv', documento: cnvNuevo() })
    expect(aCnv.statusCode).toBe(400)
    expect(errores(aCnv.body)).toMatchObject([{ campo: 'madreId' }])
    const [fila] = await t.db.sql<{ tipoDocumento: string }[]>`
      select tipo_documento from pacientes where id = ${adulto.id}`
    expect(fila!.tipoDocumento).toBe('dni')
  })

  test('una madre fusionada en otro registro: el recién nacido se vincula al que queda', async () => {
    const conservada = await crearPaciente(t, { primerNombre: 'Juana', primerApellido: 'Mamani' })
    const duplicada = await crearPaciente(t, { primerNombre: 'Juana', primerApellido: 'Mamani' })
    const fusion = await t.app.inject({
      method: 'POST',
      url: '/pacientes/fusiones',
      headers: json(admin),
      payload: { conservar: conservada.id, absorber: duplicada.id },
    })
    expect(fusion.statusCode, fusion.body).toBe(201)
    const res = await registrar({ ...recienNacido(), madreId: duplicada.id })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ madreId: conservada.id })
  })

  test('fusionar registros de un recién nacido: dos con CNV; uno con CNV en el de su DNI lleva a la madre, y deshacer la quita', async () => {
    const fusionar = (conservar: number, absorber: number) =>
      t.app.inject({
        method: 'POST',
        url: '/pacientes/fusiones',
        headers: json(admin),
        payload: { conservar, absorber },
      })
    const madre = await crearPaciente(t)
    const uno = (await registrar({ ...recienNacido(), madreId: madre.id })).json<Paciente>()
    const otro = (await registrar({ ...recienNacido(), madreId: madre.id })).json<Paciente>()
    const gemelos = await fusionar(uno.id, otro.id)
    expect(gemelos.statusCode, gemelos.body).toBe(201)

    const conCnv = (await registrar({ ...recienNacido(), madreId: madre.id })).json<Paciente>()
    const conDni = await crearPaciente(t, { primerNombre: 'Bebé', primerApellido: 'Quispe' })
    const res = await fusionar(conDni.id, conCnv.id)
    expect(res.statusCode, res.body).toBe(201)
    const leer = async (id: number) =>
      (await t.app.inject({ url: `/pacientes/${id}`, headers: t.headers })).json<Paciente>()
    expect((await leer(conDni.id)).madreId).toBe(madre.id)
    const deshacer = await t.app.inject({
      method: 'DELETE',
      url: `/pacientes/fusiones/${res.json<{ id: number }>().id}`,
      headers: admin,
    })
    expect(deshacer.statusCode, deshacer.body).toBe(204)
    expect((await leer(conDni.id)).madreId).toBeNull()
    expect((await leer(conCnv.id)).madreId).toBe(madre.id)

    // A mother and her child are never one patient.
    const mismo = await fusionar(madre.id, conCnv.id)
    expect(mismo.statusCode).toBe(400)
    expect(errores(mismo.body)).toEqual([
      { campo: 'absorber', mensaje: 'Una madre y su recién nacido no son el mismo paciente' },
    ])
  })
})
