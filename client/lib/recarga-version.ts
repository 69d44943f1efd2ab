// After an upgrade the old page asks for chunks the server no longer has: a page reload brings the
// new index and its chunks. Once only: a chunk that still fails right after the reload (the server
// down, a proxy in the way) shows the error screen instead of reloading for ever.

const CLAVE = 'clinica.recargaPorVersion'
/** A reload this recent was ours: the chunk failed again after it. */
const VENTANA_MS = 60_000

/** Whether `error` is a script or style chunk that could not be fetched (each browser's words). */
export function esErrorDeCarga(error: unknown): boolean {
  const mensaje = error instanceof Error ? error.message : String(error)
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    mensaje,
  )
}

function ultimaRecarga(): number {
  try {
    return Number(sessionStorage.getItem(CLAVE)) || 0
  } catch {
    return Date.now() // no storage: never reload on our own, a loop could not be stopped
  }
}

/** Whether a reload now would be the first within the window. */
export function puedeRecargar(): boolean {
  return Date.now() - ultimaRecarga() > VENTANA_MS
}

/** Reloads the page, remembering when (a time, nothing about the page or its patient). */
export function recargar(): void {
  try {
    sessionStorage.setItem(CLAVE, String(Date.now()))
  } catch {
    return
  }
  window.location.reload()
}
