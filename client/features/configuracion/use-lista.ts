// A section's list, read when the page opens and again on `recargar()` (after a change, so the
// server's order and values are what shows); a failure is the page's message.
import { useCallback, useEffect, useRef, useState } from 'react'
import { mensajeDe } from '../../api.js'

export function useLista<T>(
  leer: (signal?: AbortSignal) => Promise<T[]>,
  falla: string,
): { lista: T[] | null; error: string | null; recargar: () => Promise<void> } {
  const [lista, setLista] = useState<T[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  // Only the latest read shows: an earlier one answered late (a reload of the year just left,
  // say) would otherwise put back the list it read.
  const ultima = useRef(0)
  const cargar = useCallback(
    async (signal?: AbortSignal) => {
      const esta = ++ultima.current
      try {
        const leida = await leer(signal)
        if (esta !== ultima.current) return
        setLista(leida)
        setError(null)
      } catch (err) {
        if (esta === ultima.current && (err as Error).name !== 'AbortError')
          setError(mensajeDe(err, falla))
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
