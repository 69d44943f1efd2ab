// The server's minute clock for its own chores (the embedded home's backups and VACUUM): the
// chore runs at most once at a time, a tick while it still runs joins it, and a failure is the
// caller's to log, never a stop of the clock or an unhandled rejection.
const MINUTO = 60_000

export interface Tarea<T> {
  /** Runs the chore now, or joins the run in progress. */
  tic(): Promise<T>
  /** Stops the clock and waits for the run in progress. */
  detener(): Promise<void>
}

export function cadaMinuto<T>(trabajo: () => Promise<T>, siFalla: (err: unknown) => T): Tarea<T> {
  let enCurso: Promise<T> | null = null
  const tic = () =>
    (enCurso ??= trabajo()
      .catch(siFalla)
      .finally(() => (enCurso = null)))
  // The first run a minute after the start, not during it: the start keeps its budget.
  const reloj = setInterval(tic, MINUTO)
  reloj.unref() // a chore's clock never keeps the process alive
  return {
    tic,
    async detener() {
      clearInterval(reloj)
      await enCurso
    },
  }
}
