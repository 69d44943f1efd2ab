// npm run bench -- --soak: minutes of mixed load (searches, lists, patient pages, registrations)
// with no error allowed and the server's resident memory sampled throughout; it must stay flat.
import type { RequestParams } from 'autocannon'
import { azar, CASOS_BUSQUEDA, registros, type Muestras } from './cases.js'
import { medir, redondear } from './measure.js'
import type { Opciones } from './options.js'
import { paginas, type Servidor } from './server.js'

/** After this many seconds the heap and caches have settled: growth is measured from here. */
const ASENTADO_S = 60
/** Growth beyond the settled RSS that still counts as flat (GC sawtooth, allocator slack). */
const TOLERANCIA_MB = 40

export interface MuestraRss {
  segundo: number
  mb: number
}

/** Least-squares slope of RSS over time, in MB per minute. */
function pendiente(ms: MuestraRss[]): number {
  const n = ms.length
  if (n < 2) return 0
  const mx = ms.reduce((a, m) => a + m.segundo, 0) / n
  const my = ms.reduce((a, m) => a + m.mb, 0) / n
  const num = ms.reduce((a, m) => a + (m.segundo - mx) * (m.mb - my), 0)
  const den = ms.reduce((a, m) => a + (m.segundo - mx) ** 2, 0)
  return den === 0 ? 0 : (num / den) * 60
}

export async function soak(
  op: Opciones,
  s: Servidor,
  l: { busquedas: Map<string, string[]>; m: Muestras },
  r: () => number,
) {
  const lista = await paginas(s, '/pacientes?limite=50', 20)
  const ids = l.m.pacientes.map((p) => `/pacientes/${p.id}`)
  const cuerpo = registros(l.m, r)
  const elegir = azar(op.semilla + 1)
  const de = <T>(xs: readonly T[]) => xs[Math.floor(elegir() * xs.length)]!
  const mezcla = { busqueda: 0, lista: 0, paciente: 0, registro: 0 }
  // 60 % searches of every kind, 10 % list pages, 15 % patient pages, 15 % registrations.
  const siguiente = (): RequestParams => {
    const x = elegir()
    if (x < 0.6) {
      mezcla.busqueda++
      return {
        method: 'GET',
        path: `/pacientes/buscar?${de(l.busquedas.get(de(CASOS_BUSQUEDA))!)}`,
      }
    }
    if (x < 0.7) {
      mezcla.lista++
      return { method: 'GET', path: de(lista) }
    }
    if (x < 0.85) {
      mezcla.paciente++
      return { method: 'GET', path: de(ids) }
    }
    mezcla.registro++
    return { method: 'POST', path: '/pacientes', body: JSON.stringify(cuerpo()) }
  }

  const antes = redondear(s.rssMb())
  const rss: MuestraRss[] = []
  const inicio = Date.now()
  const muestreo = setInterval(
    () => rss.push({ segundo: Math.round((Date.now() - inicio) / 1000), mb: redondear(s.rssMb()) }),
    5000,
  )
  console.log(
    `Carga mixta durante ${op.duracion} s con ${op.conexiones} conexiones (RSS del servidor en reposo: ${antes} MB)…`,
  )
  const med = await medir({
    url: s.url,
    headers: s.headers,
    conexiones: op.conexiones,
    siguiente,
    maxSolicitudes: 1e9,
    maxSegundos: op.duracion,
  })
  clearInterval(muestreo)
  const fin = redondear(s.rssMb())
  rss.push({ segundo: Math.round((Date.now() - inicio) / 1000), mb: fin })

  const desde = Math.min(ASENTADO_S, Math.round(op.duracion / 5))
  const asentadas = rss.filter((m) => m.segundo >= desde)
  const asentado = asentadas[0]?.mb ?? antes
  const maximo = Math.max(...rss.map((m) => m.mb))
  const crecimiento = redondear(fin - asentado)
  const plano = crecimiento <= TOLERANCIA_MB
  const sinErrores = med.errores === 0 && med.no2xx === 0
  const resultado = {
    ok: plano && sinErrores,
    medida: med,
    mezcla,
    rss: {
      antesMb: antes,
      inicioMb: rss[0]?.mb,
      asentadoDesdeS: desde,
      asentadoMb: asentado,
      finMb: fin,
      maximoMb: maximo,
      crecimientoMb: crecimiento,
      pendienteMbPorMinuto: redondear(pendiente(asentadas)),
      muestras: rss,
    },
  }
  console.log(
    `\nSolicitudes: ${med.solicitudes} en ${med.segundos} s (${med.rps} req/s), p50 ${med.p50} ms, p99 ${med.p99} ms; ` +
      `errores ${med.errores}, no 2xx ${med.no2xx} ${JSON.stringify(med.estados)}; mezcla ${JSON.stringify(mezcla)}`,
  )
  console.log(
    `RSS del servidor: en reposo ${antes} MB, a los 5 s ${resultado.rss.inicioMb} MB, asentado (${desde} s) ${asentado} MB, ` +
      `al final ${fin} MB, máximo ${maximo} MB; pendiente tras asentarse ${resultado.rss.pendienteMbPorMinuto} MB/min.`,
  )
  if (!sinErrores) console.log('FALLA: hubo errores o respuestas no 2xx')
  if (!plano)
    console.log(
      `FALLA: la memoria creció ${crecimiento} MB desde que se asentó (tolerancia ${TOLERANCIA_MB} MB)`,
    )
  return resultado
}
