// The roles a clinic has (migration 0052): `personal` accounts become `recepcion`, a physician
// cannot be without a colegiatura (the reports they sign carry it), and a role change takes
// effect on the account's next call.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_USUARIOS } from '../../shared/usuarios.js'
import { MIGRATIONS_DIR } from '../paths.js'
import { migrate } from '../migrate.js'
import { createTestApp, CONTRASENA_PRUEBA, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { createTestDatabase } from '../test/database.js'
import { ultimoEvento } from '../test/factories.js'

describe('migración 0052', () => {
  it('las cuentas de `personal` pasan a `recepcion`; las de admin siguen siéndolo', async () => {
    const db = await createTestDatabase({ migrated: false })
    const antes = mkdtempSync(join(tmpdir(), 'clinica-migraciones-'))
    try {
      for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f < '0052'))
        cpSync(join(MIGRATIONS_DIR, f), join(antes, f))
      await migrate(db.sql, antes)
      await db.sql`
        insert into usuarios (usuario, nombre, rol, clave_hash) values
          ('rosa.huaman', 'Rosa Huamán', 'personal', 'x'), ('jefa', 'Jefa', 'admin', 'x')`
      expect(await migrate(db.sql)).toContain('0052_roles.sql')
      expect(await db.sql`select usuario, rol, colegiatura from usuarios order by usuario`).toEqual(
        [
          { usuario: 'jefa', rol: 'admin', colegiatura: null },
          { usuario: 'rosa.huaman', rol: 'recepcion', colegiatura: null },
        ],
      )
      // The database itself keeps a physician from being without one.
      await expect(
        db.sql`update usuarios set rol = 'medico' where usuario = 'rosa.huaman'`,
      ).rejects.toMatchObject({ constraint_name: 'usuarios_medico_colegiatura_check' })
      await expect(
        db.sql`update usuarios set rol = 'personal' where usuario = 'rosa.huaman'`,
      ).rejects.toMatchObject({ constraint_name: 'usuarios_rol_check' })
    } finally {
      rmSync(antes, { recursive: true, force: true })
      await db.drop()
    }
  })
})

describe('colegiatura y rol por la API', () => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    admin = await t.login('admin')
  })
  afterAll(() => t?.close())

  const crear = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/usuarios', headers: admin, payload })
  const cambiar = (id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/usuarios/${id}`, headers: admin, payload })
  const nueva = { nombre: 'Dra. Lucía Paredes', contrasena: CONTRASENA_PRUEBA }

  it('un médico sin colegiatura es un 400 en su campo, y no se crea', async () => {
    const res = await crear({ ...nueva, usuario: 'lucia.paredes', rol: 'medico' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      { campo: 'colegiatura', mensaje: MENSAJES_USUARIOS.medicoSinColegiatura },
    ])
    for (const colegiatura of ['45821', 'CMP-45821', 'CMP 45821 RNE', 'C 1'])
      expect(
        (await crear({ ...nueva, usuario: 'lucia.paredes', rol: 'medico', colegiatura })).json()
          .errores,
        colegiatura,
      ).toEqual([{ campo: 'colegiatura', mensaje: MENSAJES_USUARIOS.colegiatura }])
    expect(await t.db.sql`select 1 from usuarios where usuario = 'lucia.paredes'`).toEqual([])
  })

  it('se guarda como se escribe en un informe: mayúsculas y un espacio', async () => {
    const res = await crear({
      ...nueva,
      usuario: 'lucia.paredes',
      rol: 'medico',
      colegiatura: '  cmp   45821  rne 7788 ',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ rol: 'medico', colegiatura: 'CMP 45821 RNE 7788' })
    const id = res.json().id as number
    // Taking it away from a physician is refused; giving the account another role with it is not.
    expect((await cambiar(id, { colegiatura: null })).json().errores).toEqual([
      { campo: 'colegiatura', mensaje: MENSAJES_USUARIOS.medicoSinColegiatura },
    ])
    const cambio = await cambiar(id, { rol: 'tecnologo', colegiatura: 'CTMP 99' })
    expect(cambio.json()).toMatchObject({ rol: 'tecnologo', colegiatura: 'CTMP 99' })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'usuario.modificado',
      detalle: { cuenta: 'lucia.paredes', rol: 'tecnologo', colegiatura: 'CTMP 99' },
    })
  })

  it('pasar a médico pide la colegiatura si la cuenta no la tiene', async () => {
    const res = await crear({ ...nueva, usuario: 'mario.quispe', rol: 'recepcion' })
    const id = res.json().id as number
    expect(res.json().colegiatura).toBeNull()
    expect((await cambiar(id, { rol: 'medico' })).statusCode).toBe(400)
    expect(await t.db.sql`select rol from usuarios where id = ${id}`).toEqual([
      { rol: 'recepcion' },
    ])
    const ok = await cambiar(id, { rol: 'medico', colegiatura: 'CMP 1234' })
    expect(ok.json()).toMatchObject({ rol: 'medico', colegiatura: 'CMP 1234' })
  })

  it('el cambio de rol vale desde la llamada siguiente de la cuenta', async () => {
    const res = await crear({ ...nueva, usuario: 'ana.rojas', rol: 'recepcion' })
    const sesion = await iniciarSesionPrueba(t.app, t.config, 'ana.rojas')
    const registrar = () =>
      t.app.inject({ method: 'POST', url: '/pacientes', headers: sesion, payload: {} })
    expect((await registrar()).statusCode).toBe(400)
    await cambiar(res.json().id as number, { rol: 'tecnologo' })
    const negado = await registrar()
    expect(negado.statusCode).toBe(403)
    expect(negado.json().message).toMatch(/^Su rol \(Tecnólogo\) no permite esto/)
    expect((await t.app.inject({ url: '/sesion', headers: sesion })).json().rol).toBe('tecnologo')
  })
})
