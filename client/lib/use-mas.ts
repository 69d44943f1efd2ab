// The pages after the first of a paged list (`Link: rel="next"`, docs/api.md#paginación): «Cargar
// más» appends the next page to what is shown. They belong to one read (`clave`): another day,
// filter or a reload of the first page starts again from that page's own next link.
import { useState } from 'react'
import { mensajeDe } from '../api.js'

export interface Pagina<T> {
  filas: T[]
  siguiente: string | null
}

export function useMas<T>(
  clave: string,
  /** The first page's next link (undefined while it loads). */
  inicial: string | null | undefined,
  leer: (url: string) => Promise<Pagina<T>>,
): {
  filas: T[]
  siguiente: string | null
  cargando: boolean
  error: string | null
  cargar: () => Promise<void>
} {
  const [mas, setMas] = useState<(Pagina<T> & { clave: string }) | null>(null)
  const [cargando, setCargando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const actual = mas?.clave === clave ? mas : null
  const siguiente = actual ? actual.siguiente : (inicial ?? null)
  const cargar = async () => {
    if (!siguiente || cargando) return
    setCargando(true)
    try {
      const p = await leer(siguiente)
      setMas({ clave, filas: [...(actual?.filas ?? []), ...p.filas], siguiente: p.siguiente })
      setError(null)
    } catch (err) {
      setError(mensajeDe(err, 'No se pudieron cargar más filas'))
    } finally {
      setCargando(false)
    }
  }
  return { filas: actual?.filas ?? [], siguiente, cargando, error, cargar }
}
