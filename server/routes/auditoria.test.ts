// The audit trail: append-only in the database itself, and GET /auditoria for admins, newest
// first, paged, filterable by user, patient and action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrarEvento } from '../queries/auditoria.js'
import { createTestApp, type TestApp } from '../test/app.js'

let t: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  for (let i = 1; i <= 7; i++) {
    await registrarEvento(t.db.sql, {
      accion: 'paciente.consultado',
      usuarioId: null,
      usuario: i % 2 ? 'ana.quispe' : 'luis.rojas',
      direccion: '10.9.0.1',
      pacienteId: i <= 4 ? 41 : 42,
    })
  }
})
afterAll(() => t.close())

const listar = (query = '', headers = admin) => t.app.inject({ url: `/auditoria${query}`, headers })

describe('the audit table is append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE, even to its owner', async () => {
    await expect(t.db.sql`update auditoria set usuario = 'otro'`).rejects.toThrow(
      /no se puede modificar/,
    )
    await expect(t.db.sql`delete from auditoria`).rejects.toThrow(/no se puede modificar/)
    await expect(t.db.sql`truncate auditoria`).rejects.toThrow(/no se puede modificar/)
    const [fila] = await t.db.sql<
      { n: number }[]
    >`select count(*)::int as n from auditoria where usuario = 'otro'`
    expect(fila!.n).toBe(0)
  })
})

describe('GET /auditoria', () => {
  it('is for admins: personal gets 403', async () => {
    const res = await listar('', t.headers)
    expect(res.statusCode).toBe(403)
  })

  it('lists newest first, with who, from where, when and what', async () => {
    const res = await listar()
    expect(res.statusCode).toBe(200)
    const eventos = res.json() as {
      id: number
      en: string
      accion: string
      usuario: string
      direccion: string
    }[]
    expect(eventos.length).toBeGreaterThanOrEqual(9)
    expect(eventos.map((e) => e.id)).toEqual([...eventos.map((e) => e.id)].sort((a, b) => b - a))
    const login = eventos.find(
      (e) => e.accion === 'sesion.iniciada' && e.usuario === 'prueba.admin',
    )!
    expect(login.direccion).toBe('127.0.0.1')
    expect(Date.now() - Date.parse(login.en)).toBeLessThan(60_000)
  })

  it('filters by user (any case), by patient and by action', async () => {
    const porUsuario = (await listar('?usuario=Ana.Quispe')).json() as {
      usuario: string
      pacienteId: number
    }[]
    expect(porUsuario).toHaveLength(4)
    expect(new Set(porUsuario.map((e) => e.usuario))).toEqual(new Set(['ana.quispe']))
    const porPaciente = (await listar('?pacienteId=42')).json() as { pacienteId: number }[]
    expect(porPaciente.map((e) => e.pacienteId)).toEqual([42, 42, 42])
    const ambos = (await listar('?usuario=luis.rojas&pacienteId=41')).json()
    expect(ambos).toHaveLength(2)
    const logins = (await listar('?accion=sesion.iniciada')).json() as { accion: string }[]
    expect(logins.length).toBeGreaterThanOrEqual(2)
    expect(logins.every((e) => e.accion === 'sesion.iniciada')).toBe(true)
    expect((await listar('?usuario=&pacienteId=&accion=')).json().length).toBeGreaterThanOrEqual(9)
  })

  it('pages with limite and a Link: rel="next" that keeps the filters', async () => {
    const primera = await listar('?pacienteId=41&limite=3')
    expect(primera.json()).toHaveLength(3)
    const link = primera.headers.link as string
    const m = /^<([^>]+)>; rel="next"$/.exec(link)
    expect(m).not.toBeNull()
    expect(m![1]).toContain('pacienteId=41')
    const segunda = await t.app.inject({ url: m![1]!, headers: admin })
    const ids = [...primera.json(), ...segunda.json()].map((e: { id: number }) => e.id)
    expect(ids).toHaveLength(4)
    expect(new Set(ids).size).toBe(4)
    expect(segunda.headers.link).toBeUndefined()
  })

  it('answers 400 in Spanish for bad filters', async () => {
    for (const q of [
      '?limite=0',
      '?limite=201',
      '?limite=x',
      '?pacienteId=abc',
      '?accion=borrar.todo',
      '?antesDe=-1',
      '?usuario=a%00b',
    ]) {
      const res = await listar(q)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().message, q).toBe('Datos inválidos')
    }
  })
})
