// The bench's C-FIND client, run in a worker thread (bench/worklist.ts starts it): decoding the
// answers never waits on, nor delays, the event loop of the HTTP load generator, so each latency
// is what a modality on its own machine would see.
import { parentPort } from 'node:worker_threads'
import { buscarCrudo } from './cliente-dicom.js'
import { medidaDe, redondear, type Medida } from './measure.js'

export const AE_BANCO = 'BANCO_RX'

/** The DICOM port the bench's server listens on (loopback only). */
export const ENV_DICOM = { DICOM_PORT: '11112', DICOM_HOST: '127.0.0.1' }

export type Orden =
  | { tipo: 'una'; consulta: Record<string, unknown> }
  | { tipo: 'serie'; consulta: Record<string, unknown>; n: number; segundos: number }
  /** Ends a running series after its current call. */
  | { tipo: 'parar' }

export type Resultado = { estado: number; items: number } | (Medida & { items: number })

const llamar = (consulta: Record<string, unknown>) =>
  buscarCrudo(
    {
      host: '127.0.0.1',
      port: Number(ENV_DICOM.DICOM_PORT),
      llamante: AE_BANCO,
      llamado: 'CLINICA',
    },
    consulta,
  )

let seguir = true

/** Calls one after another for at most `segundos` or `n` calls, or until told to stop. */
async function serie(
  consulta: Record<string, unknown>,
  n: number,
  segundos: number,
): Promise<Medida & { items: number }> {
  const latencias: number[] = []
  let errores = 0
  let items = 0
  const inicio = performance.now()
  while (seguir && latencias.length < n && performance.now() - inicio < segundos * 1000) {
    const t = performance.now()
    const r = await llamar(consulta)
    latencias.push(performance.now() - t)
    if (r.estado !== 0) errores += 1
    items += r.items
  }
  const seg = (performance.now() - inicio) / 1000
  return {
    // A DICOM answer has no HTTP status: none is counted as non-2xx.
    ...medidaDe(latencias, seg, {}, errores),
    items: redondear(items / Math.max(1, latencias.length)),
  }
}

parentPort?.on('message', (orden: Orden) => {
  if (orden.tipo === 'parar') {
    seguir = false
    return
  }
  const trabajo: Promise<Resultado> =
    orden.tipo === 'una' ? llamar(orden.consulta) : serie(orden.consulta, orden.n, orden.segundos)
  trabajo.then(
    (r) => parentPort!.postMessage({ ok: r }),
    (err: unknown) => parentPort!.postMessage({ error: String(err) }),
  )
})
