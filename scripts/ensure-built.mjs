// `npm start` and the CLI scripts build first when the sources are newer than the last build,
// so a fresh clone needs only `npm ci && npm start`.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
const STAMP = join(ROOT, 'dist', '.build-stamp')
const SOURCES = ['server', 'shared', 'client', 'package.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json']

function newest(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))))
}

export function ensureBuilt() {
  // An image holds only the build output: nothing to rebuild from.
  if (!existsSync(join(ROOT, 'server'))) return
  const stamp = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0
  if (stamp && Math.max(...SOURCES.map((s) => newest(join(ROOT, s)))) <= stamp) return
  console.log('Construyendo la aplicación (npm run build)…')
  const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
  if (res.status !== 0) throw new Error('La construcción falló (npm run build).')
  writeFileSync(STAMP, new Date().toISOString())
}
