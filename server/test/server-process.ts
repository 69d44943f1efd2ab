// Starts the built server as a user or an admin would (node dist/server/main.js) for tests that
// need a real process: start-up time, signals, crashes, the data-dir lock.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { ROOT } from '../paths.js'

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Everything the process printed so far. */
  output(): string
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/**
 * The moved clock of scripts/pruebas-con-reloj.sh (libfaketime's variables), passed on to the
 * servers the tests start so that they read the same clock as the tests and the database.
 */
export function relojMovido(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([k]) => k.startsWith('FAKETIME') || k === 'LD_PRELOAD'),
  )
}

/** `nodeArgs`: Node's own flags, before the script (some, like --cpu-prof, NODE_OPTIONS refuses). */
export async function startServer(
  env: NodeJS.ProcessEnv,
  { cwd = ROOT, main = join(ROOT, 'dist/server/main.js'), nodeArgs = [] as string[] } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort())
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...relojMovido(),
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  )
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited }
}

/** Polls /healthz until 200; returns the milliseconds it took, or throws with the output. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const start = Date.now()
  let done = false
  void server.exited.then(() => (done = true))
  while (Date.now() - start < timeoutMs && !done) {
    try {
      const res = await fetch(`${server.url}/healthz`)
      if (res.status === 200) return Date.now() - start
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`El servidor no respondió /healthz:\n${server.output()}`)
}
