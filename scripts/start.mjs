import { ensureBuilt } from './ensure-built.mjs'

ensureBuilt()
await import('../dist/server/main.js')
