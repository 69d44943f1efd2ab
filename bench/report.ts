// The bench's table on the console and the same numbers as JSON under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { ROOT } from '../server/paths.js'
import { TITULOS, type CasoId } from './cases.js'
import type { Bandeja } from './correos.js'
import type { CpuPorSolicitud } from './cpu.js'
import { PRESUPUESTO_FIRMAS_RPS } from './firmas.js'
import { PRESUPUESTO_HOJAS_RPS } from './laboratorio.js'
import { redondear, type Medida } from './measure.js'

export const PRESUPUESTO_P99_MS = 25
export const PRESUPUESTO_REGISTROS_RPS = 1000
export const PRESUPUESTO_CITAS_RPS = 500

/** Cases whose every answer is meant to be a refusal: any other status is their error. */
const ESTADO_ESPERADO: Partial<Record<CasoId, string>> = {
  accesoCodigoErrado: '401',
  accesoDocumentoInexistente: '401',
}

export interface LineaCaso {
  caso: CasoId
  titulo: string
  ejemplo: string
  conexiones: number
  producto: Medida
  baseline?: Medida
  /** Baseline latency over the product's: how many times faster the product answers. */
  razonP50?: number
  razonP99?: number
  /** PostgreSQL pages read from outside shared_buffers, and found in them, per request. */
  bloquesLeidosPorSolicitud?: number
  bloquesEnCachePorSolicitud?: number
  /** CPU milliseconds per request: where a saturated machine's time goes. */
  cpuMsPorSolicitud?: CpuPorSolicitud
  /** The baseline answered nothing within its cap: the ratios are lower bounds. */
  razonMinima?: boolean
  /** The export case: rows it sent, and the server's resident memory around it. */
  exportacion?: {
    filas: number
    filasPorSegundo: number
    rss: { antesMb: number; maxMb: number; despuesMb: number }
  }
  /** The signing case: the server's resident memory before, after 100 signatures, at most, after. */
  firmas?: { rss: { antesMb: number; trasCienMb: number; maxMb: number; despuesMb: number } }
  /** The result sheet case: the validations that made its sheets, each rendering a PDF. */
  validacion?: Medida
  /** The backup case: how long `npm run respaldo` took and the size of its file. */
  respaldo?: { segundos: number; mb: number }
  /** pedirCorreo: what the outbox sent after the case (bench/correos.ts). */
  bandeja?: Bandeja
  /** The VACUUM case: its three longest statements. */
  vacuum?: { sentencia: string; ms: number }[]
  /** `referencia`: shown for comparison only (the embedded home has no budget of its own). */
  presupuesto?: { limite: string; cumple: boolean; referencia?: boolean }
}

/**
 * `presupuestos`: the budgets (docs/presupuestos.md) are set for PostgreSQL; elsewhere they are
 * shown, not enforced.
 */
export function linea(
  caso: CasoId,
  ejemplo: string,
  conexiones: number,
  producto: Medida,
  baseline: Medida | undefined,
  presupuestos: boolean,
): LineaCaso {
  const l: LineaCaso = { caso, titulo: TITULOS[caso], ejemplo, conexiones, producto, baseline }
  if (baseline && baseline.solicitudes > 0) {
    l.razonP50 = redondear(baseline.p50 / producto.p50)
    l.razonP99 = redondear(baseline.p99 / producto.p99)
  } else if (baseline) {
    // Not one naive answer within the time cap: the cap is a lower bound of its latency.
    const tope = baseline.segundos * 1000
    l.razonMinima = true
    l.razonP50 = redondear(tope / producto.p50)
    l.razonP99 = redondear(tope / producto.p99)
  }
  if (caso === 'registrarPaciente') {
    l.presupuesto = {
      limite: `≥ ${PRESUPUESTO_REGISTROS_RPS}/s`,
      cumple: producto.rps >= PRESUPUESTO_REGISTROS_RPS,
    }
  } else if (caso === 'firmarInforme') {
    // Checked again with the memory by lineaFirmas.
    l.presupuesto = {
      limite: `≥ ${PRESUPUESTO_FIRMAS_RPS}/s, memoria estable`,
      cumple: producto.rps >= PRESUPUESTO_FIRMAS_RPS,
    }
  } else if (caso === 'hojaPdf') {
    l.presupuesto = {
      limite: `≥ ${PRESUPUESTO_HOJAS_RPS}/s`,
      cumple: producto.rps >= PRESUPUESTO_HOJAS_RPS,
    }
  } else if (caso === 'reservarCita') {
    l.presupuesto = {
      limite: `≥ ${PRESUPUESTO_CITAS_RPS}/s`,
      cumple: producto.rps >= PRESUPUESTO_CITAS_RPS,
    }
  } else if (caso === 'editarPaciente') {
    // A correction is made with the patient in front of the desk, like a search.
    l.presupuesto = {
      limite: `p99 ≤ ${PRESUPUESTO_P99_MS} ms`,
      cumple: producto.p99 <= PRESUPUESTO_P99_MS,
    }
  } else if (
    caso !== 'listaPacientes' &&
    caso !== 'paginaDuplicados' &&
    caso !== 'pacientePorId' &&
    caso !== 'exportarCsv'
  ) {
    l.presupuesto = {
      limite: `p99 ≤ ${PRESUPUESTO_P99_MS} ms`,
      cumple: producto.p99 <= PRESUPUESTO_P99_MS,
    }
  }
  if (l.presupuesto && !presupuestos) l.presupuesto = { ...l.presupuesto, referencia: true }
  const esperado = ESTADO_ESPERADO[caso]
  const otros = esperado ? producto.solicitudes - (producto.estados[esperado] ?? 0) : producto.no2xx
  if (producto.errores > 0 || otros > 0) l.presupuesto = { limite: 'sin errores', cumple: false }
  return l
}

const ms = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(2) : n.toFixed(1)
const num = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '—' : n >= 100 ? n.toFixed(0) : n.toFixed(1)
const razon = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? '—' : `${n >= 10 ? n.toFixed(0) : n.toFixed(1)}×`

const cpu = (c: CpuPorSolicitud | undefined) =>
  c === undefined
    ? '—'
    : [c.servidor, c.postgres, c.cliente]
        .map((n) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(2)))
        .join('+')

/** A plain-text table, also fit for pasting into a Markdown note. */
export function tabla(lineas: LineaCaso[]): string {
  const cab = [
    'caso',
    'conex.',
    'p50 ms',
    'p99 ms',
    'req/s',
    'base p50',
    'base p99',
    'base req/s',
    '× p50',
    '× p99',
    'lecturas',
    'CPU srv+pg+cli',
    'presupuesto',
  ]
  const filas = lineas.map((l) => [
    l.titulo,
    String(l.conexiones),
    ms(l.producto.p50),
    ms(l.producto.p99),
    num(l.producto.rps),
    l.razonMinima ? `>${l.baseline!.segundos} s` : ms(l.baseline?.p50),
    l.razonMinima ? `>${l.baseline!.segundos} s` : ms(l.baseline?.p99),
    num(l.baseline?.rps),
    (l.razonMinima ? '>' : '') + razon(l.razonP50),
    (l.razonMinima ? '>' : '') + razon(l.razonP99),
    l.bloquesLeidosPorSolicitud === undefined ? '—' : num(l.bloquesLeidosPorSolicitud),
    cpu(l.cpuMsPorSolicitud),
    !l.presupuesto
      ? ''
      : l.presupuesto.referencia
        ? `${l.presupuesto.cumple ? 'dentro' : 'fuera'} (ref. ${l.presupuesto.limite})`
        : `${l.presupuesto.cumple ? 'ok' : 'FALLA'} (${l.presupuesto.limite})`,
  ])
  return dibujar(cab, filas)
}

/** Rows under a header, the first and last columns to the left, the rest to the right. */
function dibujar(cab: string[], filas: string[][]): string {
  const anchos = cab.map((c, i) => Math.max(c.length, ...filas.map((f) => f[i]!.length)))
  const fila = (f: string[]) =>
    `| ${f.map((c, i) => (i === 0 || i === f.length - 1 ? c.padEnd(anchos[i]!) : c.padStart(anchos[i]!))).join(' | ')} |`
  return [
    fila(cab),
    `|${anchos.map((a) => '-'.repeat(a + 2)).join('|')}|`,
    ...filas.map(fila),
  ].join('\n')
}

/** Server plus PostgreSQL CPU milliseconds per request: what a cut is meant to lower. */
const cpuTotal = (l: LineaCaso): number | undefined => {
  const c = l.cpuMsPorSolicitud
  return c === undefined ? undefined : c.servidor + (c.postgres ?? 0)
}

/**
 * The same cases measured on this build and on another (--comparar), in the order this, other,
 * other, this on the same data: each build's CPU in its two runs and their mean, the other's mean
 * over this one's (2× = this build spends half), and both first runs' latencies. Whichever build
 * runs second has measured cheaper on this machine however the two differed, so each one runs
 * once early and once late.
 */
export function tablaComparada(este: LineaCaso[][], otro: LineaCaso[][]): string {
  const cab = [
    'caso',
    'este srv+pg (1ª / 2ª)',
    'otro srv+pg (1ª / 2ª)',
    'otro / este',
    'p50 / otro',
    'p99 / otro',
  ]
  const media = (ls: (LineaCaso | undefined)[]) => {
    const v = ls.map((l) => (l ? cpuTotal(l) : undefined))
    return v.every((x) => x !== undefined) ? v.reduce((a, b) => a + b, 0) / v.length : undefined
  }
  const corridas = (ls: (LineaCaso | undefined)[]) =>
    ls.map((l) => (l ? cpu(l.cpuMsPorSolicitud).split('+').slice(0, 2).join('+') : '—')).join(' / ')
  const filas = este[0]!.flatMap((l) => {
    const es = este.map((c) => c.find((x) => x.caso === l.caso))
    const os = otro.map((c) => c.find((x) => x.caso === l.caso))
    const o = os[0]
    if (!o) return []
    const a = media(es)
    const b = media(os)
    return [
      [
        l.titulo,
        corridas(es),
        corridas(os),
        a !== undefined && b !== undefined && a > 0 ? `${(b / a).toFixed(2)}×` : '—',
        `${ms(l.producto.p50)} / ${ms(o.producto.p50)}`,
        `${ms(l.producto.p99)} / ${ms(o.producto.p99)}`,
      ],
    ]
  })
  return dibujar(cab, filas)
}

export function maquina(): {
  cpus: number
  modeloCpu?: string
  memoriaGb: number
  node: string
  carga: number[]
} {
  return {
    cpus: cpus().length,
    modeloCpu: cpus()[0]?.model,
    memoriaGb: redondear(totalmem() / 2 ** 30),
    node: process.version,
    // Other work on the machine moves the numbers: its load average (1, 5, 15 min) when measured.
    carga: loadavg().map(redondear),
  }
}

/** Writes `bench/results/<timestamp>-<tipo>.json`; answers the path relative to the project. */
export function guardar(tipo: string, datos: Record<string, unknown>): string {
  const dir = join(ROOT, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const marca = new Date().toISOString().replace(/[:.]/g, '-')
  const nombre = `${marca}-${tipo}.json`
  writeFileSync(join(dir, nombre), JSON.stringify(datos, null, 2) + '\n')
  return `bench/results/${nombre}`
}
