// A sala's week (docs/api.md#salas) as the form edits it, one row per weekday, and as a list
// reads it: «Lun–Sáb 07:00–20:00».
import type { TramoHorario } from '../../../shared/configuracion.js'

export const DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']
const CORTOS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']

/** A weekday in the editor: whether it opens, and its hours (kept while unticked). */
export interface DiaHorario {
  abre: boolean
  desde: string
  hasta: string
}

/** What a new sala starts with: the clinic's usual week, Monday to Saturday 07:00–20:00. */
export const SEMANA_HABITUAL: DiaHorario[] = DIAS.map((_, i) => ({
  abre: i < 6,
  desde: '07:00',
  hasta: '20:00',
}))

export const aDias = (horario: readonly TramoHorario[]): DiaHorario[] =>
  DIAS.map((_, i) => {
    const t = horario.find((h) => h.dia === i + 1)
    return t
      ? { abre: true, desde: t.abre, hasta: t.cierra }
      : { ...SEMANA_HABITUAL[i]!, abre: false }
  })

export const aHorario = (dias: readonly DiaHorario[]): TramoHorario[] =>
  dias.flatMap((d, i) => (d.abre ? [{ dia: i + 1, abre: d.desde, cierra: d.hasta }] : []))

/** The weekday (0 = lunes) of the horario's n-th tramo, to name it in a message. */
export const diaDelTramo = (dias: readonly DiaHorario[], n: number): number =>
  dias.map((d, i) => (d.abre ? i : -1)).filter((i) => i >= 0)[n] ?? -1

/** Consecutive days with the same hours read as one range: «Lun–Vie 08:00–18:00, Sáb 08:00–13:00». */
export function resumenHorario(horario: readonly TramoHorario[]): string {
  const tramos = [...horario].sort((a, b) => a.dia - b.dia)
  const grupos: { desde: number; hasta: number; abre: string; cierra: string }[] = []
  for (const t of tramos) {
    const ultimo = grupos.at(-1)
    if (
      ultimo &&
      ultimo.hasta === t.dia - 1 &&
      ultimo.abre === t.abre &&
      ultimo.cierra === t.cierra
    )
      ultimo.hasta = t.dia
    else grupos.push({ desde: t.dia, hasta: t.dia, abre: t.abre, cierra: t.cierra })
  }
  if (grupos.length === 0) return 'Cerrada'
  return grupos
    .map((g) => {
      const dias =
        g.desde === g.hasta ? CORTOS[g.desde - 1] : `${CORTOS[g.desde - 1]}–${CORTOS[g.hasta - 1]}`
      return `${dias} ${g.abre}–${g.cierra}`
    })
    .join(', ')
}
