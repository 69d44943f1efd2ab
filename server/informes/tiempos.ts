// The dashboard's turnaround time (GET /estadisticas/informes; docs/presupuestos.md#informes): the
// month's median per modality reads every final original signed in the month, a read that grows
// with the clinic. Each server computes it at most once a minute and keeps it; a request past that
// minute gets the kept value while one recomputation runs, and a signature through this server
// forgets it, so whoever signed sees their report counted at once (another server's signature, within
// the minute).
import type { Sql } from '../db.js'
import { tiemposDeInforme } from '../queries/estadisticas.js'

const VIGENCIA_MS = 60_000

type Tiempos = Awaited<ReturnType<typeof tiemposDeInforme>>
interface Estado {
  /** Bumped by each signature: a computation begun before one does not count as current. */
  generacion: number
  guardado?: { mes: string; valor: Tiempos; en: number; generacion: number }
  calculando?: { mes: string; generacion: number; valor: Promise<Tiempos> }
}
const porBase = new WeakMap<Sql, Estado>()

const estadoDe = (sql: Sql): Estado => {
  let e = porBase.get(sql)
  if (!e) porBase.set(sql, (e = { generacion: 0 }))
  return e
}

/** A final signature changed the month's figures. */
export function olvidarTiemposDeInforme(sql: Sql): void {
  estadoDe(sql).generacion++
}

function calcular(sql: Sql, e: Estado, mes: string, inicio: string, fin: string, tz: string) {
  const c = e.calculando
  if (c && c.mes === mes && c.generacion === e.generacion) return c.valor
  const generacion = e.generacion
  const valor = tiemposDeInforme(sql, inicio, fin, tz).then((v) => {
    if (!e.guardado || e.guardado.generacion <= generacion)
      e.guardado = { mes, valor: v, en: Date.now(), generacion }
    return v
  })
  const calculo = { mes, generacion, valor }
  e.calculando = calculo
  const soltar = () => {
    if (e.calculando === calculo) e.calculando = undefined
  }
  valor.then(soltar, soltar)
  return valor
}

/** The month's turnaround times (`mes` as YYYY-MM, its first day `inicio`, the next month's `fin`). */
export function tiemposDelMes(
  sql: Sql,
  mes: string,
  inicio: string,
  fin: string,
  tz: string,
): Promise<Tiempos> {
  const e = estadoDe(sql)
  const g = e.guardado
  if (g && g.mes === mes && g.generacion === e.generacion) {
    // Past its minute: this answer keeps it, one computation renews it for the next.
    if (Date.now() - g.en >= VIGENCIA_MS)
      calcular(sql, e, mes, inicio, fin, tz).catch(() => {
        // Kept as it was; the next request tries again.
      })
    return Promise.resolve(g.valor)
  }
  return calcular(sql, e, mes, inicio, fin, tz)
}
