// The export case (docs/presupuestos.md#exportación): whole CSV files of about FILAS_EXPORTACION
// rows each, one after another as a person exports them, counting the rows that arrive and
// sampling the server's resident memory all along: it must stay flat however many rows go by.
import type { Sql } from '../server/db.js'
import type { Muestras } from './cases.js'
import { contarCpu, type CpuPorSolicitud } from './cpu.js'
import { medidaDe, redondear, type Medida } from './measure.js'
import type { Servidor } from './server.js'

/** Rows an export of the case aims at: the worklist of a busy clinic over a few weeks. */
export const FILAS_EXPORTACION = 100_000
/** Exports measured, after one unmeasured. */
export const EXPORTACIONES = 5

export interface ResultadoExportacion {
  medida: Medida
  filas: number
  filasPorSegundo: number
  cpuMsPorSolicitud: CpuPorSolicitud
  /** Server RSS (MB) before the first export, its highest sample during them, and 2 s after. */
  rss: { antesMb: number; maxMb: number; despuesMb: number }
}

function restarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - dias)
  return d.toISOString().slice(0, 10)
}

/**
 * Date ranges ending on sampled arrival dates, as many days long as FILAS_EXPORTACION rows take
 * at the data's arrivals per day (the whole span when there are fewer rows than that).
 */
export function consultasExportacion(m: Muestras, atenciones: number, n: number): string[] {
  const fechas = m.atenciones.map((a) => a.fecha).sort()
  const desde = fechas[0]!
  const hasta = fechas[fechas.length - 1]!
  const span = Math.max(1, (Date.parse(hasta) - Date.parse(desde)) / 86_400_000 + 1)
  const dias = Math.min(span, Math.ceil((FILAS_EXPORTACION * span) / Math.max(1, atenciones)))
  return Array.from({ length: n }, (_, i) => {
    const fin = m.atenciones[i % m.atenciones.length]!.fecha
    const q = new URLSearchParams({ fechaInicial: restarDias(fin, dias - 1), fechaFinal: fin })
    return `/pacientes/buscar.csv?${q}`
  })
}

/** One export read to its end: its rows (lines after the header) and milliseconds. */
async function exportar(
  s: Servidor,
  ruta: string,
): Promise<{ estado: number; filas: number; ms: number }> {
  const inicio = performance.now()
  const res = await fetch(s.url + ruta, { headers: { cookie: s.headers.cookie! } })
  let saltos = 0
  let ultimo = 0
  const lector = res.body?.getReader()
  for (;;) {
    const { done, value: bytes } = lector ? await lector.read() : { done: true, value: undefined }
    if (done || !bytes) break
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) saltos++
    if (bytes.length > 0) ultimo = bytes[bytes.length - 1]!
  }
  // A file cut short does not end its last line.
  if (res.status === 200 && ultimo !== 10) throw new Error(`${ruta}: el archivo llegó cortado`)
  return { estado: res.status, filas: Math.max(0, saltos - 1), ms: performance.now() - inicio }
}

/** `estadisticas`: a connection to count PostgreSQL's CPU with (none on the embedded home). */
export async function medirExportacion(
  s: Servidor,
  rutas: string[],
  estadisticas: Sql | null,
): Promise<ResultadoExportacion> {
  await exportar(s, rutas[rutas.length - 1]!)
  await new Promise((r) => setTimeout(r, 1000))
  const cpu = await contarCpu(s.proceso.child.pid!, estadisticas)
  const antesMb = redondear(s.rssMb())
  let maxMb = antesMb
  const muestreo = setInterval(() => (maxMb = Math.max(maxMb, s.rssMb())), 100)
  const latencias: number[] = []
  const estados: Record<string, number> = {}
  let filas = 0
  const inicio = performance.now()
  try {
    for (const ruta of rutas.slice(0, EXPORTACIONES)) {
      const e = await exportar(s, ruta)
      latencias.push(e.ms)
      filas += e.filas
      estados[e.estado] = (estados[e.estado] ?? 0) + 1
    }
  } finally {
    clearInterval(muestreo)
  }
  const segundos = (performance.now() - inicio) / 1000
  const cpuMsPorSolicitud = await cpu(latencias.length)
  await new Promise((r) => setTimeout(r, 2000))
  return {
    medida: medidaDe(latencias, segundos, estados),
    filas,
    filasPorSegundo: Math.round(filas / segundos),
    cpuMsPorSolicitud,
    rss: { antesMb, maxMb: redondear(maxMb), despuesMb: redondear(s.rssMb()) },
  }
}
