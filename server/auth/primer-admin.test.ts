// The first start: with no account, an admin is created once (ADMIN_PASSWORD or a random one
// shown once in the log); a common ADMIN_PASSWORD stops the start.
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError } from '../config.js'
import { prepareDatabase } from '../startup.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { testConfig } from '../test/app.js'
import { verificarContrasena } from './contrasenas.js'
import { asegurarPrimerAdmin } from './primer-admin.js'

function registro() {
  const lineas: { level: number; msg: string }[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      lineas.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lineas }
}

let db: TestDatabase
beforeEach(async () => {
  db = await createTestDatabase()
})
afterEach(() => db.drop())

const hashDe = async (usuario: string) =>
  (
    await db.sql<
      { claveHash: string; rol: string }[]
    >`select clave_hash, rol from usuarios where usuario = ${usuario}`
  )[0]

describe('primer administrador', () => {
  it('es ADMIN_USER con ADMIN_PASSWORD, que nunca llega al registro del servidor', async () => {
    const { log, lineas } = registro()
    const config = testConfig({ ADMIN_USER: 'jefe', ADMIN_PASSWORD: 'resonancia-magnetica' })
    await prepareDatabase({ config, db, log })
    const fila = await hashDe('jefe')
    expect(fila?.rol).toBe('admin')
    expect(await verificarContrasena(fila!.claveHash, 'resonancia-magnetica')).toBe(true)
    expect(JSON.stringify(lineas)).not.toContain('resonancia-magnetica')
    expect(lineas.some((l) => l.msg.includes('"jefe"'))).toBe(true)
  })

  it('sin ADMIN_PASSWORD recibe una contraseña aleatoria, mostrada una sola vez, que sirve para entrar', async () => {
    const primero = registro()
    await prepareDatabase({ config: testConfig(), db, log: primero.log })
    const aviso = primero.lineas.find((l) => l.msg.includes('contraseña:'))!
    expect(aviso.level).toBe(40)
    const contrasena = /contraseña: (\S+) /.exec(aviso.msg)![1]!
    expect(contrasena).toHaveLength(20)
    expect(await verificarContrasena((await hashDe('admin'))!.claveHash, contrasena)).toBe(true)

    // Restarted: nothing is created and no password is shown again.
    const segundo = registro()
    await prepareDatabase({ config: testConfig(), db, log: segundo.log })
    expect(JSON.stringify(segundo.lineas)).not.toContain(contrasena)
    const [n] = await db.sql<{ n: number }[]>`select count(*)::int as n from usuarios`
    expect(n!.n).toBe(1)
    const [evento] = await db.sql`select accion, detalle from auditoria`
    expect(evento).toEqual({
      accion: 'usuario.creado',
      detalle: { cuenta: 'admin', rol: 'admin', origen: 'primer arranque' },
    })
  })

  it('no se crea cuando ya hay cuentas, diga lo que diga ADMIN_USER', async () => {
    await prepareDatabase({
      config: testConfig({ ADMIN_PASSWORD: 'resonancia-magnetica' }),
      db,
      log: registro().log,
    })
    await prepareDatabase({
      config: testConfig({ ADMIN_USER: 'otro.admin', ADMIN_PASSWORD: 'resonancia-magnetica' }),
      db,
      log: registro().log,
    })
    expect(await hashDe('otro.admin')).toBeUndefined()
  })

  it('dos instancias que arrancan a la vez crean un solo administrador', async () => {
    const config = testConfig({ ADMIN_PASSWORD: 'resonancia-magnetica' })
    // Their inserts must meet: a lock held here makes each one wait, past its check that no
    // account exists and its password's hash, until all three are at the insert.
    let inicios: Promise<void>[] = []
    await db.sql.begin(async (tx) => {
      await tx`lock table usuarios in share mode`
      inicios = [1, 2, 3].map(() => asegurarPrimerAdmin(db.sql, config, registro().log))
      await expect
        .poll(
          async () =>
            (
              await db.sql<{ n: number }[]>`
                select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and query like '%insert into usuarios%'`
            )[0]!.n,
          { timeout: 10_000 },
        )
        .toBe(3)
    })
    await Promise.all(inicios)
    const [n] = await db.sql<{ n: number }[]>`select count(*)::int as n from usuarios`
    expect(n!.n).toBe(1)
    const eventos = await db.sql`select 1 from auditoria where accion = 'usuario.creado'`
    expect(eventos).toHaveLength(1)
  })

  it('un ADMIN_PASSWORD común detiene el arranque con un mensaje que nombra la variable, no el valor', async () => {
    const config = testConfig({ ADMIN_PASSWORD: 'password123' })
    const error = await prepareDatabase({ config, db, log: registro().log }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toBe(
      'Variable de entorno ADMIN_PASSWORD inválida: es una contraseña demasiado común; elija otra',
    )
    expect(await hashDe('admin')).toBeUndefined()
  })
})
