// A section's list, read when the page opens and again on `recargar()` (after a change, so the
// server's order and values are what shows); a failure is the page's message.
import { useCallback, useEffect, useState } from 'react'
import { mensajeDe } from '../../api.js'

export function useLista<T>(
  leer: (signal?: AbortSignal) => Promise<T[]>,
  falla: string,
): { lista: T[] | null; error: string | null; recargar: () => Promise<void> } {
  const [lista, setLista] = useState<T[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const cargar = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLista(await leer(signal))
        setError(null)
      } catch (err) {
        if ((err as Error).name !== 'AbortError') setError(mensajeDe(err, falla))
      }
    },
    [leer, falla],
  )

  useEffect(() => {
    const ctrl = new AbortController()
    void cargar(ctrl.signal)
    return () => ctrl.abort()
  }, [cargar])

  return { lista, error, recargar: () => cargar() }
}
