// One measured load: autocannon over loopback, bounded in count and in time, with every
// latency kept (autocannon's own histogram rounds to whole milliseconds).
import autocannon, { type RequestParams } from 'autocannon'

export interface Carga {
  url: string
  /**
   * Each request takes the next of these, cycling; a function builds a fresh one each time.
   * `contexto` is the connection's, handed back to `alResponder` with the answer.
   */
  siguiente: (contexto: Record<string, unknown>) => RequestParams
  /** Each answer's status and headers, with the context its request was built with. */
  alResponder?: (
    estado: number,
    cabeceras: Record<string, string>,
    contexto: Record<string, unknown>,
  ) => void
  conexiones: number
  maxSolicitudes: number
  maxSegundos: number
  /** Requests per second across all connections (none: each connection sends as fast as answered). */
  tasa?: number
  headers?: Record<string, string>
}

export interface Medida {
  solicitudes: number
  segundos: number
  rps: number
  p50: number
  p90: number
  p99: number
  max: number
  errores: number
  no2xx: number
  estados: Record<string, number>
}

export function percentil(ordenados: number[], p: number): number {
  if (ordenados.length === 0) return NaN
  const i = Math.min(ordenados.length - 1, Math.max(0, Math.ceil((p / 100) * ordenados.length) - 1))
  return ordenados[i]!
}

/** A measure from each request's milliseconds (any order) and the count of each status. */
export function medidaDe(
  latencias: number[],
  segundos: number,
  estados: Record<string, number>,
  errores = 0,
): Medida {
  const ordenadas = [...latencias].sort((a, b) => a - b)
  return {
    solicitudes: ordenadas.length,
    segundos: redondear(segundos),
    rps: redondear(ordenadas.length / segundos),
    p50: redondear(percentil(ordenadas, 50)),
    p90: redondear(percentil(ordenadas, 90)),
    p99: redondear(percentil(ordenadas, 99)),
    max: redondear(ordenadas[ordenadas.length - 1] ?? NaN),
    errores,
    // 304 is the answer a revalidation wants (GET /catalogos with its ETag).
    no2xx: Object.entries(estados).reduce(
      (n, [s, k]) => (s.startsWith('2') || s === '304' ? n : n + k),
      0,
    ),
    estados,
  }
}

export function medir(c: Carga): Promise<Medida> {
  return new Promise((resolve, reject) => {
    const latencias: number[] = []
    const estados: Record<string, number> = {}
    const inicio = process.hrtime.bigint()
    let fin = inicio
    const instancia = autocannon(
      {
        url: c.url,
        connections: Math.min(c.conexiones, c.maxSolicitudes),
        ...(c.tasa ? { overallRate: c.tasa } : {}),
        amount: c.maxSolicitudes,
        timeout: 120,
        headers: c.headers,
        requests: [
          {
            setupRequest: (req, contexto) => {
              const r = c.siguiente(contexto)
              return { ...req, ...r, headers: { ...c.headers, ...r.headers } }
            },
            ...(c.alResponder && {
              onResponse: (
                estado: number,
                _cuerpo: string,
                contexto: Record<string, unknown>,
                cabeceras: Record<string, string>,
              ) => c.alResponder!(estado, cabeceras, contexto),
            }),
          },
        ],
      },
      (err, r) => {
        clearTimeout(tope)
        if (err) return reject(err)
        const segundos = Number(fin - inicio) / 1e9 || r.duration
        resolve(medidaDe(latencias, segundos, estados, r.errors))
      },
    )
    // Responses only; a stopped run's requests in flight are not counted.
    instancia.on('response', (_cliente: unknown, estado: number, _bytes: number, ms: number) => {
      latencias.push(ms)
      estados[estado] = (estados[estado] ?? 0) + 1
      fin = process.hrtime.bigint()
    })
    const tope = setTimeout(() => instancia.stop(), c.maxSegundos * 1000)
  })
}

export const redondear = (n: number) => Math.round(n * 100) / 100
