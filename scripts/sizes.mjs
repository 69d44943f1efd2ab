// Prints each built script's gzipped size and what the first screen (index.html's entry and its
// static imports) loads, against its 90 KB budget (docs/presupuestos.md#primera-pantalla).
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT } from './ensure-built.mjs'

const dir = join(ROOT, 'dist', 'client')
const assets = join(dir, 'assets')
const gz = (file) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

const files = readdirSync(assets).filter((f) => f.endsWith('.js'))
for (const f of files.sort()) console.log(`  ${f.padEnd(40)} ${kb(gz(f)).padStart(9)} gzip`)

// The first screen: the entry script plus everything it imports statically, transitively.
const html = readFileSync(join(dir, 'index.html'), 'utf8')
const entry = [...html.matchAll(/assets\/([^"']+\.js)/g)].map((m) => m[1])
const seen = new Set()
const visit = (f) => {
  if (seen.has(f)) return
  seen.add(f)
  const code = readFileSync(join(assets, f), 'utf8')
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
  ))
    visit(m[1])
}
entry.forEach(visit)
const total = [...seen].reduce((s, f) => s + gz(f), 0)
const BUDGET = 90 * 1024
console.log(
  `Primera pantalla: ${kb(total)} gzip (${seen.size} archivos; presupuesto ${kb(BUDGET)})`,
)
if (total > BUDGET) {
  console.error('La primera pantalla supera el presupuesto de JavaScript.')
  process.exit(1)
}
