// The backup case (README, «Operación»): one `npm run respaldo` of the bench's database, as an
// admin takes it with the server serving, while one client reads patients by id the whole time:
// how long the backup takes, how big it is, and how long the readers waited meanwhile (on the
// embedded home, the backup holds the server; on PostgreSQL, pg_dump should not be felt).
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../server/paths.js'
import { medidaDe, redondear, type Medida } from './measure.js'
import type { Opciones } from './options.js'
import type { Servidor } from './server.js'

const ejecutar = promisify(execFile)

export interface ResultadoRespaldo {
  /** The reads of GET /pacientes/:id made while the backup ran. */
  medida: Medida
  respaldo: { segundos: number; mb: number }
}

export async function medirRespaldo(
  s: Servidor,
  rutas: string[],
  op: Opciones,
): Promise<ResultadoRespaldo> {
  const destino = await mkdtemp(join(tmpdir(), 'clinica-bench-respaldo-'))
  const latencias: number[] = []
  const estados: Record<string, number> = {}
  let seguir = true
  const lector = (async () => {
    for (let i = 0; seguir; i++) {
      const t = performance.now()
      const res = await fetch(s.url + rutas[i % rutas.length]!, { headers: s.headers })
      await res.arrayBuffer()
      latencias.push(performance.now() - t)
      estados[res.status] = (estados[res.status] ?? 0) + 1
    }
  })()
  const inicio = performance.now()
  try {
    await ejecutar(
      process.execPath,
      [join(ROOT, 'dist/server/cli/respaldo.js'), '--destino', destino],
      {
        env: {
          PATH: process.env.PATH,
          ...(op.databaseUrl ? { DATABASE_URL: op.databaseUrl } : { DATA_DIR: op.dataDir }),
        },
      },
    )
    const segundos = (performance.now() - inicio) / 1000
    seguir = false
    await lector
    const archivo = (await readdir(destino)).find((f) => f.endsWith('.sql.gz'))!
    const bytes = (await stat(join(destino, archivo))).size
    return {
      medida: medidaDe(latencias, segundos, estados),
      respaldo: { segundos: redondear(segundos), mb: redondear(bytes / 1024 / 1024) },
    }
  } finally {
    seguir = false
    await lector
    await rm(destino, { recursive: true, force: true })
  }
}
