// Buscar Paciente (docs/producto.md#buscar-paciente): idle, loading, then results or error; each
// search first clears the earlier ones. The filters are the URL's query, so Back undoes a search.
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { validarBusqueda, type BusquedaFila } from '../../../shared/busqueda.js'
import { buscarPacientesContract } from '../../../shared/pacientes.js'
import { ApiError, request } from '../../api.js'
import { useTitle } from '../../components/use-title.js'
import { paths } from '../../paths.js'
import { FiltrosForm } from './filtros-form.js'
import { CAMPOS, escribirFiltros, leerFiltros, type Campo, type Filtros } from './filtros.js'
import { ResultadosTable } from './resultados-table.js'
import './buscar.css'

type Errores = Partial<Record<Campo, string>>

function erroresDe(lista: readonly { campo: string; mensaje: string }[]): Errores {
  const out: Errores = {}
  for (const e of lista)
    if ((CAMPOS as readonly string[]).includes(e.campo)) out[e.campo as Campo] ??= e.mensaje
  return out
}

export default function BuscarPage() {
  useTitle('Buscar paciente')
  const [, navigate] = useLocation()
  const search = useSearch()
  const [filtros, setFiltros] = useState<Filtros>(() => leerFiltros(search))
  const [errores, setErrores] = useState<Errores>({})
  // Each press of Buscar (with the query it was for): the same filters again repeat the search, and
  // Buscar with no filters at all lists the latest arrivals without leaving the bare URL.
  const [pulsado, setPulsado] = useState({ n: 0, qs: '' })
  const [filas, setFilas] = useState<BusquedaFila[]>([])
  const [siguiente, setSiguiente] = useState<string | null>(null)
  const [cargando, setCargando] = useState(false)
  const [masCargando, setMasCargando] = useState(false)
  const [error, setError] = useState<{ texto: string; detalle?: string } | null>(null)
  const [buscado, setBuscado] = useState(false)

  // Back and Forward bring the filters of that search back into the form.
  useEffect(() => setFiltros(leerFiltros(search)), [search])

  useEffect(() => {
    setFilas([])
    setError(null)
    setSiguiente(null)
    if (!search && !(pulsado.n > 0 && pulsado.qs === '')) {
      setBuscado(false)
      setCargando(false)
      return
    }
    const ctrl = new AbortController()
    setCargando(true)
    setBuscado(true)
    const query = Object.fromEntries(new URLSearchParams(search))
    request(buscarPacientesContract, { query, signal: ctrl.signal })
      .then(({ data, next }) => {
        setFilas(data)
        setSiguiente(next)
      })
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return
        const e = err instanceof ApiError ? err : null
        // The status text, or "Error desconocido"; the server's Spanish reason below it
        // (docs/producto.md#mensajes).
        setError({
          texto: `Error en la búsqueda: ${e?.statusText || 'Error desconocido'}`,
          detalle: e?.message,
        })
        setErrores(erroresDe(e?.errores ?? []))
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setCargando(false)
      })
    return () => ctrl.abort()
  }, [search, pulsado])

  const cambiar = (campo: Campo, valor: string) => {
    setFiltros((f) => ({ ...f, [campo]: valor }))
    setErrores((e) => ({ ...e, [campo]: undefined }))
  }

  const buscar = () => {
    const { errores: lista } = validarBusqueda(filtros)
    if (lista.length > 0) {
      setErrores(erroresDe(lista))
      return
    }
    setErrores({})
    const qs = escribirFiltros(filtros)
    if (qs !== search) navigate(qs ? `${paths.buscarPaciente}?${qs}` : paths.buscarPaciente)
    setPulsado((p) => ({ n: p.n + 1, qs }))
  }

  const cargarMas = async () => {
    if (!siguiente) return
    setMasCargando(true)
    try {
      const { data, next } = await request(buscarPacientesContract, { url: siguiente })
      setFilas((f) => [...f, ...data])
      setSiguiente(next)
    } catch (err) {
      const e = err instanceof ApiError ? err : null
      setError({
        texto: `Error en la búsqueda: ${e?.statusText || 'Error desconocido'}`,
        detalle: e?.message,
      })
    } finally {
      setMasCargando(false)
    }
  }

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Buscar Paciente</h1>
          <p className="page__subtitle">
            Busque por documento, nombres, fechas de llegada, sede o modalidad.
          </p>
        </div>
      </header>

      <FiltrosForm
        filtros={filtros}
        errores={errores}
        cargando={cargando}
        onChange={cambiar}
        onSubmit={buscar}
      />

      <section className="card" aria-labelledby="resultados-titulo" aria-busy={cargando}>
        <header className="card__header">
          <h2 id="resultados-titulo">Resultados</h2>
          <span className="muted small" role="status">
            {cargando
              ? 'Buscando...'
              : buscado && !error
                ? `${filas.length}${siguiente ? '+' : ''} ${filas.length === 1 ? 'resultado' : 'resultados'}`
                : ''}
          </span>
        </header>
        {error && (
          <div className="search-error" role="alert">
            <p className="text-error">{error.texto}</p>
            {error.detalle && error.detalle !== error.texto && (
              <p className="search-error__detail">{error.detalle}</p>
            )}
          </div>
        )}
        {filas.length > 0 ? (
          <ResultadosTable filas={filas} />
        ) : (
          !cargando && <p className="empty">No hay resultados para mostrar.</p>
        )}
        {cargando && (
          <div className="card__body">
            <div className="skeleton skeleton--rows" />
          </div>
        )}
        {siguiente && !cargando && (
          <div className="card__footer">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void cargarMas()}
              disabled={masCargando}
            >
              {masCargando && <span className="spinner" aria-hidden="true" />}
              Cargar más
            </button>
          </div>
        )}
      </section>
    </div>
  )
}
