// Two server processes on one PostgreSQL, as the README describes for a clinic that runs more
// than one: started at once on an empty database they migrate it once and create one first
// admin; a session opened on one works on the other; a catalogue changed on one is seen by the
// other within CATALOGOS_SEGUNDOS; and one killed with SIGKILL mid-burst loses no write it
// acknowledged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from '../scripts/ensure-built.mjs'
import { CATALOGOS_SEGUNDOS } from './catalogos.js'
import { readMigrations } from './migrate.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'
import { datosPaciente } from './test/factories.js'
import { ENV_ADMIN, iniciarSesionProceso } from './test/process-session.js'
import { startServer, waitHealthy, type ServerProcess } from './test/server-process.js'

beforeAll(() => ensureBuilt(), 300_000)

let db: TestDatabase
const servidores: ServerProcess[] = []
beforeAll(async () => {
  db = await createTestDatabase({ migrated: false })
})
afterAll(async () => {
  for (const s of servidores) {
    s.child.kill('SIGKILL')
    await s.exited
  }
  await db.drop()
})

describe('dos servidores sobre un mismo PostgreSQL', () => {
  let a: ServerProcess
  let b: ServerProcess

  it('arrancados a la vez sobre una base vacía: una sola corrida de migraciones y un solo primer admin', async (ctx) => {
    if (!db.url) ctx.skip() // this run has no PostgreSQL server
    const env = { DATABASE_URL: db.url!, DEMO_DATA: 'false', ...ENV_ADMIN }
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
    servidores.push(a, b)
    await Promise.all([waitHealthy(a), waitHealthy(b)])
    const ledger = await db.sql<
      { nombre: string }[]
    >`select nombre from migraciones order by nombre`
    expect(ledger.map((m) => m.nombre)).toEqual(readMigrations().map((m) => m.nombre))
    const [admins] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from usuarios where rol = 'admin'`
    expect(admins!.n).toBe(1)
  }, 120_000)

  it('la sesión abierta en uno sirve en el otro, y cerrarla en uno la cierra en los dos', async (ctx) => {
    if (!db.url) ctx.skip()
    const h = await iniciarSesionProceso(a.url)
    const enB = await fetch(`${b.url}/sesion`, { headers: { ...h, origin: b.url } })
    expect(enB.status).toBe(200)
    expect(await enB.json()).toMatchObject({ usuario: ENV_ADMIN.ADMIN_USER })
    const salir = await fetch(`${a.url}/sesion`, {
      method: 'DELETE',
      headers: { cookie: h.cookie!, origin: a.url },
    })
    expect(salir.status).toBe(204)
    // B may trust its last check of the session for SESSION_CACHE_SECONDS (5 s by default).
    const desde = Date.now()
    let estado = 200
    while (estado === 200 && Date.now() - desde < 10_000) {
      estado = (await fetch(`${b.url}/sesion`, { headers: { ...h, origin: b.url } })).status
      if (estado === 200) await new Promise((r) => setTimeout(r, 200))
    }
    expect(estado).toBe(401)
    expect(Date.now() - desde).toBeLessThan(6_000)
  }, 30_000)

  it(`una sede creada en uno aparece en el otro en ${CATALOGOS_SEGUNDOS} s como mucho`, async (ctx) => {
    if (!db.url) ctx.skip()
    const h = await iniciarSesionProceso(a.url)
    const hb = await iniciarSesionProceso(b.url)
    const catalogosDeB = async () =>
      (await (await fetch(`${b.url}/catalogos`, { headers: hb })).json()) as {
        sedes: { nombre: string }[]
      }
    expect((await catalogosDeB()).sedes.map((s) => s.nombre)).not.toContain('Piura')
    const alta = await fetch(`${a.url}/configuracion/sedes`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify({ nombre: 'Piura' }),
    })
    expect(alta.status, await alta.clone().text()).toBe(201)
    const desde = Date.now()
    while (!(await catalogosDeB()).sedes.some((s) => s.nombre === 'Piura')) {
      expect(Date.now() - desde).toBeLessThan((CATALOGOS_SEGUNDOS + 1) * 1000)
      await new Promise((r) => setTimeout(r, 200))
    }
  }, 30_000)

  it('SIGKILL a uno en plena ráfaga de altas: cada alta que respondió 201 está, y el otro sigue', async (ctx) => {
    if (!db.url) ctx.skip()
    const h = await iniciarSesionProceso(a.url)
    const confirmados: number[] = []
    let seguir = true
    const escritor = async () => {
      while (seguir) {
        try {
          const r = await fetch(`${a.url}/pacientes`, {
            method: 'POST',
            headers: h,
            body: JSON.stringify(datosPaciente({ primerApellido: 'Rafaga' })),
          })
          if (r.status === 201) confirmados.push(((await r.json()) as { id: number }).id)
        } catch {
          return // the process is gone
        }
      }
    }
    const escritores = Array.from({ length: 4 }, escritor)
    while (confirmados.length < 30) await new Promise((r) => setTimeout(r, 10))
    a.child.kill('SIGKILL')
    await a.exited
    seguir = false
    await Promise.all(escritores)

    const ids = await db.sql<{ id: number }[]>`
      select id from pacientes where primer_apellido = 'Rafaga'`
    const guardados = new Set(ids.map((f) => f.id))
    for (const id of confirmados) expect(guardados.has(id), `paciente ${id}`).toBe(true)
    // The other server goes on serving them.
    const hb = await iniciarSesionProceso(b.url)
    const uno = await fetch(`${b.url}/pacientes/${confirmados.at(-1)}`, { headers: hb })
    expect(uno.status).toBe(200)
  }, 60_000)
})
