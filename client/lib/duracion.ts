// Time between two clinic instants, as the agenda and the waiting room say it.

/** Whole minutes from `desde` to `hasta`, both clinic 'YYYY-MM-DDTHH:MM' (negative if before). */
export function minutosEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}:00Z`) - Date.parse(`${desde}:00Z`)) / 60_000)
}

/** 95 → '1 h 35 min'; 40 → '40 min'. */
export function duracionTexto(minutos: number): string {
  const h = Math.floor(minutos / 60)
  const m = minutos % 60
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`
}
