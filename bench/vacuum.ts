// The embedded home's VACUUM case (docs/presupuestos.md, «Vacuum de la base embebida»): with the
// bench's server stopped, each statement the server's idle round may run (a VACUUM and an ANALYZE
// of every table) timed alone. The server runs one at a time and stops when a request comes, so
// the longest is the most that request can wait.
import { openDatabase } from '../server/db.js'
import { medidaDe, redondear, type Medida } from './measure.js'

export interface ResultadoVacuum {
  /** One "request" per statement: its latency is the statement's time. */
  medida: Medida
  /** The three longest statements. */
  mayores: { sentencia: string; ms: number }[]
}

export async function medirVacuum(dataDir: string): Promise<ResultadoVacuum> {
  const db = await openDatabase({ databaseUrl: undefined, dataDir })
  try {
    const tablas = await db.sql<{ tabla: string }[]>`
      select relname as tabla from pg_stat_user_tables where schemaname = 'public' order by relname`
    const tiempos: { sentencia: string; ms: number }[] = []
    const inicio = performance.now()
    for (const { tabla } of tablas) {
      for (const orden of ['vacuum', 'analyze']) {
        const t = performance.now()
        await db.sql.unsafe(`${orden} public."${tabla.replace(/"/g, '""')}"`)
        tiempos.push({ sentencia: `${orden.toUpperCase()} ${tabla}`, ms: performance.now() - t })
      }
    }
    const segundos = (performance.now() - inicio) / 1000
    return {
      medida: medidaDe(
        tiempos.map((t) => t.ms),
        segundos,
        { 200: tiempos.length },
      ),
      mayores: tiempos
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((t) => ({ sentencia: t.sentencia, ms: redondear(t.ms) })),
    }
  } finally {
    await db.close()
  }
}
