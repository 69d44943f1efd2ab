// `npm start` and the CLI scripts build first when the sources are newer than the last build,
// so a fresh clone needs only `npm ci && npm start`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
const STAMP = join(ROOT, 'dist', '.build-stamp')
const LOCK = join(ROOT, '.build-lock')
const SOURCES = [
  'server',
  'shared',
  'client',
  'migrations',
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
]

function newest(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))))
}

const upToDate = () => {
  const stamp = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0
  return stamp > 0 && Math.max(...SOURCES.map((s) => newest(join(ROOT, s)))) <= stamp
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Several processes (parallel test files) may ask at once: one builds, the others wait for it. */
function withBuildLock(fn) {
  const deadline = Date.now() + 10 * 60_000
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch (err) {
      if (err.code !== 'EEXIST') throw err
      // A lock older than any build is left over from a killed process.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 10 * 60_000)
        rmSync(LOCK, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error('Otra construcción no terminó a tiempo')
      sleep(200)
    }
  }
  try {
    fn()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

export function ensureBuilt() {
  // An image holds only the build output: nothing to rebuild from.
  if (!existsSync(join(ROOT, 'server')) || upToDate()) return
  withBuildLock(() => {
    if (upToDate()) return
    console.log('Construyendo la aplicación (npm run build)…')
    const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
    if (res.status !== 0) throw new Error('La construcción falló (npm run build).')
    sellar()
  })
}

/**
 * Marks dist/ as built from the sources as they stand: the last step of `npm run build` too, so a
 * build made by hand is not made again by the next `npm start`, test or bench (which would also
 * replace a build of another version copied into dist/ with one of these sources).
 */
export function sellar() {
  writeFileSync(STAMP, new Date().toISOString())
}
