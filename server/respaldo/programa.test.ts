// The embedded home's daily backup, with the clock moved: not before RESPALDO_HORA in the
// clinic's time, once a day after it, the newest RESPALDO_CONSERVAR kept; a failure noted where
// Configuración reads it, logged, and tried again an hour later.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { testConfig } from '../test/app.js'
import { iniciarRespaldos } from './programa.js'

const bases: TestDatabase[] = []
const carpetas: string[] = []
afterAll(async () => {
  for (const b of bases) await b.drop()
  for (const c of carpetas) rmSync(c, { recursive: true, force: true })
})

/** Lima is UTC−5 all year: 08:00Z is 03:00 at the clinic. */
const lima = (fechaHora: string) => new Date(`${fechaHora}-05:00`)

async function preparar(env: Record<string, string>) {
  const db = await createTestDatabase({ embedded: true })
  bases.push(db)
  const dir = mkdtempSync(join(tmpdir(), 'clinica-diarios-'))
  carpetas.push(dir)
  const config = testConfig({
    DATA_DIR: db.dataDir!,
    RESPALDO_DIR: join(dir, 'respaldos'),
    RESPALDO_HORA: '03:00',
    ...env,
  })
  const registro: { nivel: string; msg: string }[] = []
  const log = pino(
    { level: 'info' },
    { write: (l: string) => void registro.push(JSON.parse(l) as { nivel: string; msg: string }) },
  )
  let reloj = lima('2026-11-26T02:59')
  const respaldos = (await iniciarRespaldos({ config, db, log, ahora: () => reloj }))!
  return {
    db,
    dir: join(dir, 'respaldos'),
    registro,
    respaldos,
    a(fechaHora: string) {
      reloj = lima(fechaHora)
      return respaldos.revisar()
    },
  }
}

describe('respaldo diario de la base embebida', () => {
  it('después de la hora, una vez al día, y se conservan los últimos', async () => {
    const p = await preparar({ RESPALDO_CONSERVAR: '2' })
    const archivos = () => readdirSync(p.dir).filter((f) => f.endsWith('.sql.gz'))
    await p.a('2026-11-26T02:59')
    expect(() => readdirSync(p.dir)).toThrow() // not even the folder yet
    await p.a('2026-11-26T03:00')
    expect(archivos()).toEqual(['clinica-2026-11-26_03-00.sql.gz'])
    await p.a('2026-11-26T23:59')
    expect(archivos()).toHaveLength(1)
    // A server that was off at three takes it at its first minute up.
    await p.a('2026-11-27T09:15')
    await p.a('2026-11-28T03:01')
    expect(archivos()).toEqual([
      'clinica-2026-11-27_09-15.sql.gz',
      'clinica-2026-11-28_03-01.sql.gz',
    ])
    expect(readdirSync(p.dir).filter((f) => f.endsWith('.sha256'))).toHaveLength(2)
    const filas = await p.db.sql<{ origen: string; error: string | null }[]>`
      select origen, error from respaldos order by inicio`
    expect(filas).toEqual(Array(3).fill({ origen: 'diario', error: null }))
    await p.respaldos.cerrar()
  })

  it('un respaldo que falla queda anotado y en el registro, y se reintenta una hora después', async () => {
    const p = await preparar({})
    writeFileSync(p.dir, 'un archivo donde debería haber una carpeta')
    await p.a('2026-11-26T03:00')
    const [fila] = await p.db.sql<{ error: string | null; archivo: string | null }[]>`
      select error, archivo from respaldos`
    expect(fila!.archivo).toBeNull()
    expect(fila!.error).toBe(
      `La carpeta de respaldos ${p.dir} no es una carpeta (RESPALDO_DIR o --destino).`,
    )
    expect(p.registro.some((l) => l.msg === 'el respaldo falló')).toBe(true)

    rmSync(p.dir)
    await p.a('2026-11-26T03:30')
    expect(() => readdirSync(p.dir)).toThrow()
    await p.a('2026-11-26T04:00')
    expect(readdirSync(p.dir).filter((f) => f.endsWith('.sql.gz'))).toHaveLength(1)
    await p.respaldos.cerrar()
  })
})
