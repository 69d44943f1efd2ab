// An atención's exams as the laboratory reads them: its studies that are exams of the catalogue
// this server holds, each with its analitos and its live sample; and their analitos, once. The
// entry grid shows these rows, a save and a validation check against them, and the day's list
// counts them; and whether a value has its sample in the laboratory.
import type { CatalogoLab } from '../catalogos.js'
import type { AtencionLab, ExamenLab } from '../queries/resultados.js'

/** Whether the grid shows an exam's analito: an active one, or one the atención has a result of. */
const seMuestra = (analito: { id: number; activo: boolean }, con: Set<number>) =>
  analito.activo || con.has(analito.id)

/**
 * The atención's exams: its studies that are exams of the laboratory's catalogue, in its order,
 * each with its analitos in report order (an inactive one only where this atención has a result
 * of it) and its live sample, the newest not rejected that was drawn for it.
 */
export function examenesDe(
  lab: CatalogoLab,
  a: Pick<AtencionLab, 'estudios' | 'conResultado' | 'muestrasVivas'>,
): ExamenLab[] {
  const con = new Set(a.conResultado)
  return a.estudios.flatMap((nombre) => {
    const x = lab.examenes.get(nombre)
    if (!x) return []
    const viva = a.muestrasVivas.find((m) => m.estudios.includes(nombre))
    return [
      {
        ...x,
        analitos: x.analitos.filter(({ analito }) => seMuestra(analito, con)),
        muestraViva: viva ? { id: viva.id, estado: viva.estado } : null,
      },
    ]
  })
}

/** Every analito id of the exams, once. */
export const analitosDe = (examenes: ExamenLab[]) => [
  ...new Map(examenes.flatMap((e) => e.analitos.map((x) => [x.analito.id, x.analito]))).values(),
]

/**
 * How many rows the entry grid of an atención with these studies shows: analitosDe(examenesDe(…))
 * counted without building its exams (the day's list counts it for each of its rows).
 */
export function cuantosAnalitos(
  lab: CatalogoLab,
  a: Pick<AtencionLab, 'estudios' | 'conResultado'>,
): number {
  const con = new Set(a.conResultado)
  const ids = new Set<number>()
  for (const nombre of a.estudios)
    for (const { analito } of lab.examenes.get(nombre)?.analitos ?? [])
      if (seMuestra(analito, con)) ids.add(analito.id)
  return ids.size
}

/**
 * The first exam that reports analito `id` when none of those that do has its live sample
 * received, or undefined: a value is typed and validated only on a sample in the laboratory.
 */
export function sinMuestraRecibida(examenes: ExamenLab[], id: number): ExamenLab | undefined {
  const suyos = examenes.filter((e) => e.analitos.some((y) => y.analito.id === id))
  return suyos.some((e) => e.muestraViva?.estado === 'recibida') ? undefined : suyos[0]
}
