// Backups as an admin takes them on the embedded home: `npm run respaldo` while the server runs
// (the server takes it and keeps answering), `npm run restaurar` into a new DATA_DIR, and a
// server started there serving the same patient at once; Configuración › Respaldos lists it.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureBuilt } from '../../scripts/ensure-built.mjs'
import { ROOT } from '../paths.js'
import { datosPaciente } from '../test/factories.js'
import { ENV_ADMIN, iniciarSesionProceso } from '../test/process-session.js'
import { startServer, waitHealthy, type ServerProcess } from '../test/server-process.js'

const ejecutar = promisify(execFile)
beforeAll(() => ensureBuilt(), 300_000)

const carpetas: string[] = []
const servidores: ServerProcess[] = []
afterAll(async () => {
  for (const s of servidores) {
    s.child.kill('SIGTERM')
    await s.exited
  }
  for (const c of carpetas) rmSync(c, { recursive: true, force: true })
})
const carpeta = () => {
  const c = mkdtempSync(join(tmpdir(), 'clinica-respaldo-proceso-'))
  carpetas.push(c)
  return c
}

/** A command of the CLI as `npm run` runs it, with its exit code and what it printed. */
async function comando(nombre: string, args: string[], env: Record<string, string>) {
  try {
    const r = await ejecutar(
      process.execPath,
      [join(ROOT, 'dist/server/cli', `${nombre}.js`), ...args],
      {
        env: { PATH: process.env.PATH, ...env },
      },
    )
    return { codigo: 0, salida: r.stdout + r.stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { codigo: e.code, salida: e.stdout + e.stderr }
  }
}

const ENV = { DEMO_DATA: 'false', RESPALDO_HORA: 'no', ...ENV_ADMIN }

it('respaldo con el servidor en marcha, restauración en otro DATA_DIR y un servidor que sirve lo mismo al instante', async () => {
  const dataDir = carpeta()
  const servidor = await startServer({ ...ENV, DATA_DIR: dataDir })
  servidores.push(servidor)
  await waitHealthy(servidor)
  const h = await iniciarSesionProceso(servidor.url)
  const alta = await fetch(`${servidor.url}/pacientes`, {
    method: 'POST',
    headers: h,
    body: JSON.stringify(datosPaciente({ primerApellido: 'Respaldada' })),
  })
  expect(alta.status).toBe(201)
  const paciente = (await alta.json()) as { id: number; documento: string }

  // The backup, while the server keeps answering.
  const destino = carpeta()
  let fallas = 0
  let respuestas = 0
  let seguir = true
  const consultas = (async () => {
    while (seguir) {
      const r = await fetch(`${servidor.url}/pacientes/${paciente.id}`, { headers: h })
      if (r.status === 200) respuestas++
      else fallas++
    }
  })()
  const respaldo = await comando('respaldo', ['--destino', destino], { DATA_DIR: dataDir })
  seguir = false
  await consultas
  expect(respaldo.codigo, respaldo.salida).toBe(0)
  expect(respaldo.salida).toMatch(/Respaldo escrito: .*clinica-.*\.sql\.gz/)
  expect(fallas).toBe(0)
  expect(respuestas).toBeGreaterThan(0)
  const archivos = readdirSync(destino).sort()
  expect(archivos).toHaveLength(2)
  expect(archivos[1]).toBe(`${archivos[0]}.sha256`)
  // The server noted it, and Configuración › Respaldos shows it.
  const estado = (await (await fetch(`${servidor.url}/respaldos`, { headers: h })).json()) as {
    casa: string
    diario: unknown
    recientes: { origen: string; archivo: string; bytes: number; error: string | null }[]
  }
  expect(estado).toMatchObject({ casa: 'embebida', diario: null })
  expect(estado.recientes[0]).toMatchObject({ origen: 'manual', archivo: archivos[0], error: null })

  // Restored into a new directory, a new server serves the patient and the same accounts.
  const otro = carpeta()
  const ruta = join(destino, archivos[0]!)
  const restaurado = await comando('restaurar', [ruta], { DATA_DIR: otro })
  expect(restaurado.codigo, restaurado.salida).toBe(0)
  expect(restaurado.salida).toMatch(/Restaurado en la base embebida de .*: \d+ tablas, 1 pacientes/)
  const segundo = await startServer({ ...ENV, DATA_DIR: otro })
  servidores.push(segundo)
  await waitHealthy(segundo)
  const h2 = await iniciarSesionProceso(segundo.url)
  const leido = await fetch(`${segundo.url}/pacientes/${paciente.id}`, { headers: h2 })
  expect(leido.status).toBe(200)
  expect(await leido.json()).toMatchObject({
    documento: paciente.documento,
    primerApellido: 'Respaldada',
  })

  // Not again over a home with data, and not from a file that is not a backup.
  const otraVez = await comando('restaurar', [ruta], { DATA_DIR: carpeta() + '/no-existe' })
  expect(otraVez.codigo, otraVez.salida).toBe(0)
  const encima = await comando('restaurar', [ruta], { DATA_DIR: otro })
  expect(encima.codigo).toBe(1)
  expect(encima.salida).toMatch(/ya está en uso por otro servidor|ya tiene una base de datos/)
  // With no server running, the command takes the backup itself.
  segundo.child.kill('SIGTERM')
  await segundo.exited
  const solo = await comando('respaldo', ['--destino', destino], { DATA_DIR: otro })
  expect(solo.codigo, solo.salida).toBe(0)
  expect(readdirSync(destino).filter((f) => f.endsWith('.sql.gz'))).toHaveLength(2)
  const sinArchivo = await comando('restaurar', [], { DATA_DIR: carpeta() })
  expect(sinArchivo).toMatchObject({ codigo: 2 })
  expect(sinArchivo.salida).toContain('Uso: npm run restaurar -- ARCHIVO')
}, 180_000)
