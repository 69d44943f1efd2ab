// The same code runs from server/ (tsx, tests) and from dist/server/ (built), so paths are
// found from the project root rather than relative to this file.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function findRoot(start: string): string {
  let dir = start
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('No se encontró package.json sobre ' + start)
    dir = parent
  }
  return dir
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)))
export const MIGRATIONS_DIR = join(ROOT, 'migrations')
export const CLIENT_DIR = join(ROOT, 'dist', 'client')
