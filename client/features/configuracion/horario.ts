// A sala's week (docs/api.md#salas) as the form edits it, one row per weekday with up to three
// ranges, and as a list reads it: «Lun–Vie 08:00–13:00 y 14:00–18:00, Sáb 08:00–13:00».
import { horasDelDia } from '../../../shared/citas.js'
import { tramosDelDia, type TramoHorario } from '../../../shared/configuracion.js'

export const DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']
const CORTOS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']

export interface TramoEditado {
  desde: string
  hasta: string
}

/** A weekday in the editor: whether it opens, and its ranges (kept while unticked). */
export interface DiaHorario {
  abre: boolean
  tramos: TramoEditado[]
}

/** A new range of a day: an hour from where the last one closes (never past 23:59). */
export function tramoDespues(tramos: readonly TramoEditado[]): TramoEditado {
  const desde = tramos.at(-1)?.hasta || '14:00'
  const [h, m] = desde.split(':').map(Number)
  const fin = Math.min((h ?? 0) * 60 + (m ?? 0) + 60, 23 * 60 + 59)
  const hasta = `${String(Math.floor(fin / 60)).padStart(2, '0')}:${String(fin % 60).padStart(2, '0')}`
  return { desde, hasta }
}

/** What a new sala starts with: the clinic's usual week, Monday to Saturday 07:00–20:00. */
export const SEMANA_HABITUAL: DiaHorario[] = DIAS.map((_, i) => ({
  abre: i < 6,
  tramos: [{ desde: '07:00', hasta: '20:00' }],
}))

export const aDias = (horario: readonly TramoHorario[]): DiaHorario[] =>
  DIAS.map((_, i) => {
    const tramos = tramosDelDia(horario, i + 1)
    return tramos.length > 0
      ? { abre: true, tramos: tramos.map((t) => ({ desde: t.abre, hasta: t.cierra })) }
      : { ...SEMANA_HABITUAL[i]!, abre: false }
  })

export const aHorario = (dias: readonly DiaHorario[]): TramoHorario[] =>
  dias.flatMap((d, i) =>
    d.abre ? d.tramos.map((t) => ({ dia: i + 1, abre: t.desde, cierra: t.hasta })) : [],
  )

/** The weekday (0 = lunes) of the horario's n-th range, to name it in a message. */
export const diaDelTramo = (dias: readonly DiaHorario[], n: number): number =>
  dias.flatMap((d, i) => (d.abre ? d.tramos.map(() => i) : []))[n] ?? -1

/** Consecutive days with the same hours read as one range: «Lun–Vie 08:00–18:00, Sáb 08:00–13:00». */
export function resumenHorario(horario: readonly TramoHorario[]): string {
  const grupos: { desde: number; hasta: number; horas: string }[] = []
  for (let dia = 1; dia <= 7; dia++) {
    const tramos = tramosDelDia(horario, dia)
    if (tramos.length === 0) continue
    const horas = horasDelDia(tramos, '–')
    const ultimo = grupos.at(-1)
    if (ultimo && ultimo.hasta === dia - 1 && ultimo.horas === horas) ultimo.hasta = dia
    else grupos.push({ desde: dia, hasta: dia, horas })
  }
  if (grupos.length === 0) return 'Cerrada'
  return grupos
    .map((g) => {
      const dias =
        g.desde === g.hasta ? CORTOS[g.desde - 1] : `${CORTOS[g.desde - 1]}–${CORTOS[g.hasta - 1]}`
      return `${dias} ${g.horas}`
    })
    .join(', ')
}
