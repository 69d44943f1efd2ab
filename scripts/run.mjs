// `node scripts/run.mjs NAME args…` runs the built command-line tool dist/server/cli/NAME.js.
import { existsSync } from 'node:fs'
import { ensureBuilt } from './ensure-built.mjs'

const name = process.argv[2]
const file = new URL(`../dist/server/cli/${name}.js`, import.meta.url)
try {
  ensureBuilt()
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
if (!name || !existsSync(file)) {
  console.error(`Comando desconocido: ${name ?? '(ninguno)'}`)
  process.exit(2)
}
process.argv.splice(2, 1)
await import(file.href)
