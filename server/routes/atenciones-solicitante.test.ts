// An atención's médico solicitante through the real app: named when it is registered (alone or in
// a visit) and corrected after, shown wherever the atención is, audited; one that does not exist or
// is deactivated is a Spanish 400 and nothing is stored.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Atencion } from '../../shared/atenciones.js'
import type { MedicoSolicitante } from '../../shared/medico-solicitante.js'
import type { Visita } from '../../shared/visitas.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente, datosAtencion, ultimoEvento } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
let activo: MedicoSolicitante
let inactivo: MedicoSolicitante
let pacienteId: number
const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })

const registrar = (payload: object, url = `/pacientes/${pacienteId}/atenciones`) =>
  t.app.inject({ method: 'POST', url, headers: json(t.headers), payload })
const corregir = (id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/atenciones/${id}`, headers: json(t.headers), payload })

async function medico(nombres: string, apellidos: string, cmp: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/medicos-solicitantes',
    headers: json(t.headers),
    payload: { nombres, apellidos, cmp },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<MedicoSolicitante>()
}

const contar = async () => {
  const [n] = await t.db.sql<{ atenciones: number; eventos: number }[]>`
    select (select count(*)::int from atenciones) as atenciones,
      (select count(*)::int from auditoria) as eventos`
  return n
}

const resumen = (m: MedicoSolicitante) => ({
  id: m.id,
  nombres: m.nombres,
  apellidos: m.apellidos,
  cmp: m.cmp,
  activo: m.activo,
})

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  activo = await medico('Lucía', 'Fernández Ruiz', '51234')
  inactivo = await medico('Óscar', 'Delgado', '51235')
  const r = await t.app.inject({
    method: 'PATCH',
    url: `/configuracion/medicos-solicitantes/${inactivo.id}`,
    headers: json(admin),
    payload: { activo: false },
  })
  expect(r.statusCode).toBe(200)
  inactivo = r.json()
  pacienteId = (await crearPaciente(t)).id
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('el médico solicitante de una atención', () => {
  test('se registra con la atención, se ve en ella y en la ficha, y queda en la auditoría', async () => {
    const res = await registrar(datosAtencion({ solicitanteId: activo.id }))
    expect(res.statusCode, res.body).toBe(201)
    const a = res.json<Atencion>()
    expect(a.solicitante).toEqual(resumen(activo))
    expect((await ultimoEvento(t)).detalle).toMatchObject({
      atencion: a.id,
      solicitante: activo.id,
    })
    const ficha = await t.app.inject({ url: `/pacientes/${pacienteId}`, headers: t.headers })
    const enFicha = ficha.json<{ atenciones: Atencion[] }>().atenciones.find((x) => x.id === a.id)
    expect(enFicha?.solicitante).toEqual(resumen(activo))
    // Without one, as before: null.
    expect((await crearAtencion(t, pacienteId)).solicitante).toBe(null)
    expect((await registrar(datosAtencion({ solicitanteId: null }))).json().solicitante).toBe(null)
  })

  test('uno que no existe, desactivado o que no es un id: 400 en español y nada guardado', async () => {
    const antes = await contar()
    const casos: [unknown, string][] = [
      [999_999, 'Médico solicitante no encontrado: búsquelo de nuevo o agréguelo'],
      [
        inactivo.id,
        'Delgado, Óscar — CMP 51235 está desactivado: elija otro médico solicitante o pida a un administrador que lo reactive',
      ],
      ['12', 'Médico solicitante no válido: elíjalo de la lista'],
      [0, 'Médico solicitante no válido: elíjalo de la lista'],
      [2_147_483_648, 'Médico solicitante no válido: elíjalo de la lista'],
    ]
    for (const [solicitanteId, mensaje] of casos) {
      const res = await registrar(datosAtencion({ solicitanteId } as never))
      expect(res.statusCode, String(solicitanteId)).toBe(400)
      expect(res.json().errores).toEqual([{ campo: 'solicitanteId', mensaje }])
      const visita = await registrar(
        {
          sede: 'Lima',
          solicitanteId,
          atenciones: [{ modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] }],
        },
        `/pacientes/${pacienteId}/visitas`,
      )
      expect(visita.statusCode).toBe(400)
      expect(visita.json().errores).toContainEqual({ campo: 'solicitanteId', mensaje })
    }
    expect(await contar()).toEqual(antes)
  })

  test('una visita lo pone en cada una de sus atenciones', async () => {
    const res = await registrar(
      {
        sede: 'Lima',
        solicitanteId: activo.id,
        atenciones: [
          { modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] },
          { modalidad: 'Eco', estudios: [{ nombre: 'Abdominal completa' }] },
        ],
      },
      `/pacientes/${pacienteId}/visitas`,
    )
    expect(res.statusCode, res.body).toBe(201)
    const v = res.json<Visita>()
    expect(v.atenciones.map((a) => a.solicitante?.id)).toEqual([activo.id, activo.id])
  })

  test('se corrige, se quita y se conserva aunque se haya desactivado después; auditado', async () => {
    const a = await crearAtencion(t, pacienteId)
    const res = await corregir(a.id, { solicitanteId: activo.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<Atencion>().solicitante).toEqual(resumen(activo))
    expect((await ultimoEvento(t)).detalle).toEqual({
      atencion: a.id,
      cambios: { solicitanteId: { antes: null, despues: activo.id } },
    })
    // Another that is deactivated is refused, and the atención keeps its own.
    const antes = await contar()
    const mala = await corregir(a.id, { solicitanteId: inactivo.id })
    expect(mala.statusCode).toBe(400)
    expect(mala.json().errores[0].campo).toBe('solicitanteId')
    expect(await contar()).toEqual(antes)
    // The one it has, deactivated since, stays through a correction of something else.
    await t.db.sql`update medicos_solicitantes set activo = false where id = ${activo.id}`
    try {
      const otra = await corregir(a.id, { prioridad: 'Urgente', solicitanteId: activo.id })
      expect(otra.statusCode, otra.body).toBe(200)
      expect(otra.json<Atencion>().solicitante).toMatchObject({ id: activo.id, activo: false })
      expect((await ultimoEvento(t)).detalle).toEqual({
        atencion: a.id,
        cambios: { prioridad: { antes: 'Rutina', despues: 'Urgente' } },
      })
    } finally {
      await t.db.sql`update medicos_solicitantes set activo = true where id = ${activo.id}`
    }
    const sin = await corregir(a.id, { solicitanteId: null })
    expect(sin.json<Atencion>().solicitante).toBe(null)
    expect((await ultimoEvento(t)).detalle).toEqual({
      atencion: a.id,
      cambios: { solicitanteId: { antes: activo.id, despues: null } },
    })
  })
})
