// What the Docker image's runtime stage does, without a Docker engine: the build output and the
// migrations beside a production-only install in an empty folder, started and answering.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from '../scripts/ensure-built.mjs'
import { ROOT } from './paths.js'
import { startServer, waitHealthy } from './test/server-process.js'

describe('instalación de producción (la etapa de ejecución de Docker)', () => {
  const app = mkdtempSync(join(tmpdir(), 'clinica-prod-'))

  beforeAll(() => {
    ensureBuilt()
    for (const f of ['package.json', 'package-lock.json']) cpSync(join(ROOT, f), join(app, f))
    execFileSync(
      'npm',
      ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      {
        cwd: app,
        stdio: 'pipe',
      },
    )
    cpSync(join(ROOT, 'dist'), join(app, 'dist'), { recursive: true })
    cpSync(join(ROOT, 'migrations'), join(app, 'migrations'), { recursive: true })
    for (const f of ['run.mjs', 'ensure-built.mjs'])
      cpSync(join(ROOT, 'scripts', f), join(app, 'scripts', f))
  }, 300_000)

  it('no contiene ninguna dependencia de desarrollo', () => {
    for (const dev of ['vitest', 'vite', 'typescript', 'playwright-core', 'testcontainers']) {
      expect(existsSync(join(app, 'node_modules', dev)), dev).toBe(false)
    }
  })

  it('arranca sobre la base embebida y responde /healthz y la página de la aplicación', async () => {
    const server = await startServer(
      {
        NODE_ENV: 'production',
        DATA_DIR: join(app, 'data'),
        DEMO_DATA: 'false',
        ADMIN_PASSWORD: 'clave-de-prueba-larga',
      },
      { cwd: app, main: join(app, 'dist/server/main.js') },
    )
    try {
      await waitHealthy(server)
      // The backup command, as `docker exec clinica npm run respaldo` runs it: the server takes it.
      const respaldo = execFileSync(
        'npm',
        ['run', 'respaldo', '--silent', '--', '--destino', 'r'],
        {
          cwd: app,
          env: { PATH: process.env.PATH, DATA_DIR: join(app, 'data') },
          encoding: 'utf8',
        },
      )
      expect(respaldo).toMatch(/Respaldo escrito: .*clinica-.*\.sql\.gz/)
      const shell = await fetch(`${server.url}/dashboard`, { headers: { accept: 'text/html' } })
      expect(shell.status).toBe(200)
      expect(await shell.text()).toContain('<div id="root">')
      // Production logs are JSON lines, one object each.
      const lines = server
        .output()
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
      expect(lines.length).toBeGreaterThan(0)
      for (const l of lines) expect(() => JSON.parse(l)).not.toThrow()
    } finally {
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
    }
  }, 120_000)
})
