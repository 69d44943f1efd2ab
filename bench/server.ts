// The product as a user runs it: the built server in its own process, and a signed-in session.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureBuilt } from '../scripts/ensure-built.mjs'
import { cookieDe } from '../server/test/process-session.js'
import { startServer, waitHealthy, type ServerProcess } from '../server/test/server-process.js'

export const USUARIO = 'admin'
/** The first admin's password in the bench's own databases. */
export const CONTRASENA = 'banco-de-pruebas-clinica'

export interface Servidor {
  proceso: ServerProcess
  url: string
  /** Cookie, Origin and JSON content type: what every call of a signed-in browser carries. */
  headers: Record<string, string>
  /** Resident memory of the server process, in MB (Linux /proc). */
  rssMb(): number
  detener(): Promise<void>
}

/**
 * Builds when the sources are newer than the last build, then starts dist/server/main.js; with
 * `otraCopia`, that copy's own dist/server/main.js as it was built there (--comparar).
 */
export async function arrancar(
  env: NodeJS.ProcessEnv,
  otraCopia?: string,
  nodeArgs: string[] = [],
): Promise<Servidor> {
  if (!otraCopia) ensureBuilt()
  const donde = {
    nodeArgs,
    ...(otraCopia ? { cwd: otraCopia, main: join(otraCopia, 'dist/server/main.js') } : {}),
  }
  const proceso = await startServer(
    {
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_USER: USUARIO,
      ADMIN_PASSWORD: CONTRASENA,
      // Every client of the bench is this one machine: it stands for a clinic's many
      // workstations (and, in apellidoBajoInundacion, 200 more connections), which one
      // address's cap would refuse.
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      // verificarDocumento measures the answer, not the per-address limit that refuses a flood
      // of it.
      VERIFICACIONES_POR_DIRECCION: '999999',
      // accesoResultados likewise: every patient of the case comes from this one address.
      ACCESOS_POR_DIRECCION: '999999',
      // The embedded home's daily backup holds the server for half a minute at 100,000 patients:
      // started in the middle of a case it would be measured as that case's latency. The backup
      // has its own case (respaldo).
      RESPALDO_HORA: 'no',
      ...env,
    },
    donde,
  )
  await waitHealthy(proceso, 120_000)
  const url = proceso.url
  const res = await fetch(`${url}/sesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ usuario: USUARIO, contrasena: CONTRASENA }),
  })
  if (res.status !== 200) {
    proceso.child.kill('SIGTERM')
    throw new Error(
      `No se pudo iniciar sesión como ${USUARIO} (${res.status}): ${await res.text()}`,
    )
  }
  const cookie = cookieDe(res)
  return {
    proceso,
    url,
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    rssMb() {
      const status = readFileSync(`/proc/${proceso.child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024
    },
    async detener() {
      proceso.child.kill('SIGTERM')
      await proceso.exited
    },
  }
}

/** The paths of the first `n` pages of a list, by following its Link headers. */
export async function paginas(s: Servidor, primera: string, n: number): Promise<string[]> {
  const rutas = [primera]
  while (rutas.length < n) {
    const res = await fetch(s.url + rutas[rutas.length - 1], {
      headers: { cookie: s.headers.cookie! },
    })
    if (res.status !== 200)
      throw new Error(`GET ${rutas[rutas.length - 1]}: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
    const siguiente = /<([^>]+)>\s*;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1]
    if (!siguiente) break
    rutas.push(siguiente)
  }
  return rutas
}
