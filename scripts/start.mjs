import { ensureBuilt } from './ensure-built.mjs'

try {
  ensureBuilt()
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
await import('../dist/server/main.js')
