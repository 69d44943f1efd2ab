// One read a component shows: fetched when it mounts and whenever `clave` changes (the previous
// one aborted), null while it loads, and the Spanish reason when it fails.
import { useEffect, useState } from 'react'
import { mensajeDe } from '../api.js'

export function useLectura<T>(
  leer: (signal: AbortSignal) => Promise<T>,
  clave: unknown,
  falla: string,
): { datos: T | null; error: string | null } {
  const [datos, setDatos] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const ctrl = new AbortController()
    setDatos(null)
    leer(ctrl.signal)
      .then((d) => {
        setDatos(d)
        setError(null)
      })
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted) setError(mensajeDe(err, falla))
      })
    return () => ctrl.abort()
    // `leer` is a new closure each render; `clave` says when the read is another one.
  }, [clave])
  return { datos, error }
}
