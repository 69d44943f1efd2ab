// GET /respaldos: admins only; the last backups, newest first, a failed one with its reason.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { respaldar } from '../respaldo/respaldar.js'
import { createTestApp, type TestApp } from '../test/app.js'

let t: TestApp
let dir: string
beforeAll(async () => {
  t = await createTestApp()
  dir = await mkdtemp(join(tmpdir(), 'clinica-respaldos-ruta-'))
})
afterAll(async () => {
  await t.close()
  await rm(dir, { recursive: true, force: true })
})

describe('GET /respaldos', () => {
  it('solo un administrador lo ve; lista el último primero, con su archivo o su error', async () => {
    const personal = await t.login('recepcion')
    const prohibido = await t.app.inject({ method: 'GET', url: '/respaldos', headers: personal })
    expect(prohibido.statusCode).toBe(403)
    expect(prohibido.json().message).toBe('Solo un administrador puede hacer esto')

    const admin = await t.login('admin')
    const vacio = await t.app.inject({ method: 'GET', url: '/respaldos', headers: admin })
    expect(vacio.statusCode).toBe(200)
    expect(vacio.json()).toEqual({
      casa: t.db.home === 'embedded' ? 'embebida' : 'postgres',
      diario: t.db.home === 'embedded' ? expect.any(Object) : null,
      recientes: [],
    })

    const bueno = await respaldar(t.db, { dir, tz: t.config.clinicTz, origen: 'manual' })
    await expect(
      respaldar(t.db, {
        dir: join(bueno.ruta, 'no-es-carpeta'),
        tz: t.config.clinicTz,
        origen: 'manual',
      }),
    ).rejects.toThrow()
    const res = await t.app.inject({ method: 'GET', url: '/respaldos', headers: admin })
    const { recientes } = res.json() as { recientes: Record<string, unknown>[] }
    expect(recientes).toHaveLength(2)
    expect(recientes[0]).toMatchObject({
      origen: 'manual',
      archivo: null,
      bytes: null,
      error: expect.stringMatching(/^La carpeta de respaldos .* no es una carpeta/),
    })
    expect(recientes[1]).toMatchObject({
      archivo: bueno.ruta.split('/').pop(),
      bytes: bueno.bytes,
      error: null,
    })
  })
})
