// Server-side time of each search of one bench case, one at a time, from PostgreSQL's own
// EXPLAIN ANALYZE: steadier than latencies on a busy machine (docs/busqueda-estrategias.md).
//   npx tsx bench/tiempos-busqueda.ts URL [caso] [N] [desde]
// URL: a database loaded by `npm run bench` (with --postgres-propio, start its PostgreSQL by hand).
// The terms are the bench's own (seed 1): the first N of the case's list. Each statement `buscar`
// sends is run 3 times under EXPLAIN (ANALYZE, TIMING OFF) and the best kept; a search's time is the
// sum of its statements' execution and planning. AJUSTES='{"pocos":1500}' tries other thresholds.
import postgres from 'postgres'
import { validarBusqueda } from '../shared/busqueda.js'
import { buscar } from '../server/queries/busqueda.js'
import { clientOptions, sinReserva } from '../server/db.js'
import { azar, CASOS_BUSQUEDA, consultas, muestrear } from './cases.js'
import { Captura } from './explain.js'

const TZ = 'America/Lima'
const url = process.argv[2]
if (!url) throw new Error('Uso: npx tsx bench/tiempos-busqueda.ts URL [caso] [N] [desde]')
const caso = process.argv[3] ?? 'nombreODocumento'
const N = Number(process.argv[4] ?? 500)
const desde = Number(process.argv[5] ?? 0)
const detalle = process.env.DETALLE
const c = new Captura()
const sql = postgres(url, { ...clientOptions(1, { busqueda: true }), debug: c.debug })
const r = azar(1)
const m = await muestrear(sql, r, 3000, TZ)
let terminos: string[] = []
for (const otro of CASOS_BUSQUEDA) {
  const t = consultas(otro, m, r, 5000)
  if (otro === caso) terminos = t
}
terminos = terminos.slice(desde, desde + N)
const filas: { q: string; ms: number; plan: number; estr: string; n: number; pared: number }[] = []
for (const consulta of terminos) {
  const { filtros } = validarBusqueda(Object.fromEntries(new URLSearchParams(consulta)))
  c.tomar()
  const t0 = performance.now()
  const res = await buscar({ sql, busqueda: async () => sinReserva(sql) }, filtros, 50, null, TZ, {
    ajustes: JSON.parse(process.env.AJUSTES ?? '{}'),
  })
  const pared = performance.now() - t0
  const sentencias = c.tomar().filter((s) => /^\s*(select|with|explain)\b/i.test(s.texto))
  let ms = 0
  let plan = 0
  for (const s of sentencias) {
    if (/^\s*explain/i.test(s.texto)) continue
    const ps = s.parametros.map((p, i) => sql.typed(p as never, s.tipos[i] ?? 0))
    let mejor = Infinity
    let mejorPlan = 0
    for (let vez = 0; vez < 3; vez++) {
      const out = await sql.unsafe(
        `explain (analyze, ${detalle ? 'buffers' : 'timing off'}, format text) ${s.texto}`,
        ps as never[],
      )
      const texto = out.map((f) => String(Object.values(f)[0])).join('\n')
      if (detalle && vez === 0) console.log(consulta, '\n', texto)
      const e = Number(/Execution Time: ([\d.]+)/.exec(texto)![1])
      const pl = Number(/Planning Time: ([\d.]+)/.exec(texto)![1])
      if (e + pl < mejor) {
        mejor = e + pl
        mejorPlan = pl
      }
    }
    ms += mejor - mejorPlan
    plan += mejorPlan
  }
  filas.push({
    q: decodeURIComponent(consulta),
    ms,
    plan,
    estr: res.estrategia,
    n: sentencias.length,
    pared,
  })
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}
const resumen = (nombre: string, xs: typeof filas) => {
  const t = xs.map((x) => x.ms + x.plan)
  console.log(
    `${nombre.padEnd(24)} n=${String(xs.length).padStart(4)}  exec+plan p50 ${pct(t, 50).toFixed(2)}  p90 ${pct(t, 90).toFixed(2)}  p99 ${pct(t, 99).toFixed(2)}  max ${pct(t, 100).toFixed(2)}  | plan p50 ${pct(
      xs.map((x) => x.plan),
      50,
    ).toFixed(2)}  | pared p50 ${pct(
      xs.map((x) => x.pared),
      50,
    ).toFixed(2)} p99 ${pct(
      xs.map((x) => x.pared),
      99,
    ).toFixed(2)}`,
  )
}
resumen('todas', filas)
for (const e of new Set(filas.map((f) => f.estr)))
  resumen(
    e,
    filas.filter((f) => f.estr === e),
  )
for (const f of [...filas].sort((a, b) => b.ms + b.plan - a.ms - a.plan).slice(0, 15))
  console.log(
    `  ${(f.ms + f.plan).toFixed(2).padStart(7)} (plan ${f.plan.toFixed(2)}) ${f.estr} ${f.n} ${f.q}`,
  )
await sql.end()
for (const f of [...filas].sort((a, b) => b.pared - a.pared).slice(0, 15))
  console.log(`  pared ${f.pared.toFixed(2)} srv ${(f.ms + f.plan).toFixed(2)} ${f.estr} ${f.q}`)
