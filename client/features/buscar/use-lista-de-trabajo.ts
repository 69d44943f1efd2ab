// The rows of one search, its next pages, and their refreshing: every REFRESCO_MS the rows shown are
// asked again and replaced in place, so a new arrival appears without a reload and nothing the user
// has open (the scroll, a row's menu, a dialog) moves or closes.
import { useCallback, useEffect, useRef, useState } from 'react'
import { LIMITE_MAXIMO, LIMITE_POR_DEFECTO, type BusquedaFila } from '../../../shared/busqueda.js'
import { ApiError } from '../../api.js'
import { buscar, buscarSiguiente } from './buscar-api.js'

export const REFRESCO_MS = 15_000

/** One search: its query, a counter so the same query can be asked again, and how it shows. */
export interface Pedido {
  qs: string
  n: number
  /** Keep the earlier rows on screen until the new ones arrive (a search typed letter by letter). */
  conservar: boolean
}

export interface ErrorBusqueda {
  texto: string
  detalle?: string
  errores: { campo: string; mensaje: string }[]
}

/** "Error en la búsqueda: <the server's Spanish reason>", never the HTTP status text
 * (docs/producto.md#mensajes), and the fields it names. */
function errorDe(err: unknown): ErrorBusqueda {
  const e = err instanceof ApiError ? err : null
  return {
    texto: `Error en la búsqueda: ${e?.message || 'Error desconocido'}`,
    errores: e?.errores ?? [],
  }
}

export function useListaDeTrabajo(pedido: Pedido | null) {
  const [filas, setFilas] = useState<BusquedaFila[]>([])
  const [siguiente, setSiguiente] = useState<string | null>(null)
  const [cargando, setCargando] = useState(false)
  const [masCargando, setMasCargando] = useState(false)
  const [error, setError] = useState<ErrorBusqueda | null>(null)
  /** Goes up each time rows arrive from the server, refreshes included. */
  const [version, setVersion] = useState(0)
  const ocupado = useRef(false)
  ocupado.current = cargando || masCargando

  useEffect(() => {
    if (!pedido) return
    // Each search first clears the earlier rows and error (docs/producto.md#buscar-paciente),
    // unless it is typed: then the rows stay until the new ones replace them.
    if (!pedido.conservar) {
      setFilas([])
      setSiguiente(null)
    }
    setError(null)
    const ctrl = new AbortController()
    setCargando(true)
    buscar(pedido.qs, { signal: ctrl.signal })
      .then(({ data, next }) => {
        setFilas(data)
        setSiguiente(next)
        setVersion((v) => v + 1)
      })
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return
        setFilas([])
        setSiguiente(null)
        setError(errorDe(err))
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setCargando(false)
      })
    return () => ctrl.abort()
  }, [pedido])

  // The refresh asks for as many rows as are shown (a page at least), from the top.
  const filasRef = useRef(filas)
  filasRef.current = filas
  useEffect(() => {
    if (!pedido) return
    let ctrl: AbortController | null = null
    const refrescar = () => {
      if (ocupado.current || document.visibilityState !== 'visible' || ctrl) return
      const pagina = Number(new URLSearchParams(pedido.qs).get('limite')) || LIMITE_POR_DEFECTO
      const mostradas = filasRef.current.length
      const limite = Math.min(LIMITE_MAXIMO, Math.max(pagina, mostradas))
      ctrl = new AbortController()
      buscar(pedido.qs, { limite, signal: ctrl.signal })
        .then(({ data, next }) => {
          if (ocupado.current) return
          // Rows past what one call can bring stay as they were, after the fresh ones.
          const vistas = new Set(data.map(claveFila))
          setFilas([
            ...data,
            ...filasRef.current.slice(limite).filter((f) => !vistas.has(claveFila(f))),
          ])
          if (mostradas <= limite) setSiguiente(next)
          setVersion((v) => v + 1)
        })
        .catch(() => {
          // A failed refresh keeps what is shown; the next one tries again (a 401 goes to login).
        })
        .finally(() => {
          ctrl = null
        })
    }
    const t = setInterval(refrescar, REFRESCO_MS)
    return () => {
      clearInterval(t)
      ctrl?.abort()
    }
  }, [pedido])

  const cargarMas = useCallback(async () => {
    if (!siguiente) return
    setMasCargando(true)
    try {
      const { data, next } = await buscarSiguiente(siguiente)
      setFilas((f) => [...f, ...data])
      setSiguiente(next)
    } catch (err) {
      setError(errorDe(err))
    } finally {
      setMasCargando(false)
    }
  }, [siguiente])

  return { filas, siguiente, cargando, masCargando, error, version, cargarMas }
}

/** A row's key: its atención, or its patient when it has none. */
export const claveFila = (f: BusquedaFila) =>
  f.atencionId === null ? `p${f.id}` : `a${f.atencionId}`
