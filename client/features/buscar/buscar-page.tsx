// Buscar Paciente, the worklist (docs/producto.md#buscar-paciente). Opened bare it shows today at
// the user's sede and sala (all from the server) as the waiting room reads it: one day comes in
// attention order, in sections, refreshed by itself. The filters are the URL's query, so a list can
// be bookmarked and Back undoes a search; every change of a filter searches again, and a name or
// document typed over the day's list searches all time.
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { validarBusqueda } from '../../../shared/busqueda.js'
import type { Preferencias } from '../../../shared/preferencias.js'
import { mensajeDe } from '../../api.js'
import { AvisoPasosEquipos } from '../../components/aviso-pasos-equipos.js'
import { useTitle } from '../../components/use-title.js'
import {
  CAMPOS,
  CAMPOS_PERSONA,
  conCambio,
  esUnDia,
  escribirFiltros,
  FILTROS_VACIOS,
  leerFiltros,
  urlListaDeTrabajo,
  type Campo,
  type Filtros,
} from '../../lib/filtros-busqueda.js'
import { paths } from '../../paths.js'
import { FiltrosForm } from './filtros-form.js'
import { ExportarCsv } from './exportar-csv.js'
import { leerPreferencias, recordarSala, recordarSede } from '../../lib/preferencias-api.js'
import { ResultadosTable } from './resultados-table.js'
import { REFRESCO_MS, useListaDeTrabajo, type Pedido } from './use-lista-de-trabajo.js'
import { catalogos, modalidadesDe, nombresDeSedes, useCatalogos } from '../../state/catalogos.js'
import './buscar.css'

/** Pause after the last keystroke in a typed filter before searching. */
const ESPERA_ESCRITURA_MS = 300
/** The filters typed letter by letter; the rest are chosen. */
const SE_ESCRIBEN: readonly Campo[] = [...CAMPOS_PERSONA, 'fechaInicial', 'fechaFinal']

type Errores = Partial<Record<Campo, string>>

function erroresDe(lista: readonly { campo: string; mensaje: string }[]): Errores {
  const out: Errores = {}
  for (const e of lista)
    if ((CAMPOS as readonly string[]).includes(e.campo)) out[e.campo as Campo] ??= e.mensaje
  return out
}

/**
 * The sedes the client accepts in a search: the active ones, and the one the URL names (a sede
 * closed since is still searched; the server checks it against every sede the clinic had).
 */
const sedesPosibles = (f: Filtros): string[] => [
  ...nombresDeSedes(catalogos.datos),
  ...(f.sede ? [f.sede] : []),
]
/** The active modalities, and the one a link names (the server knows those deactivated since). */
const modalidadesPosibles = (f: Filtros): string[] => [
  ...modalidadesDe(catalogos.datos).map((m) => m.valor),
  ...(f.modalidad ? [f.modalidad] : []),
]

export default function BuscarPage() {
  useTitle('Buscar paciente')
  const [, navigate] = useLocation()
  const search = useSearch()
  // The URL's query now: a search typed and still waiting compares with this, not with the query
  // of the moment it was typed (a «Buscar» may have moved the URL meanwhile).
  const searchActual = useRef(search)
  searchActual.current = search
  const [filtros, setFiltros] = useState<Filtros>(() => leerFiltros(search))
  const [errores, setErrores] = useState<Errores>({})
  const [preferencias, setPreferencias] = useState<Preferencias | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  const [pedido, setPedido] = useState<Pedido | null>(null)
  // How the URL is about to change: typed (kept rows, history replaced after the first letter),
  // or Buscar with no filter at all (the bare URL, which otherwise opens today's list).
  const origen = useRef<'escritura' | 'sinFiltros' | null>(null)
  const escribiendo = useRef(false)
  const { filas, siguiente, cargando, masCargando, error, version, cargarMas } =
    useListaDeTrabajo(pedido)
  const catalogo = useCatalogos()

  useEffect(() => {
    const ctrl = new AbortController()
    leerPreferencias(ctrl.signal)
      .then(setPreferencias)
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setFallo(mensajeDe(err, 'No se pudo abrir la lista de hoy'))
      })
    return () => ctrl.abort()
  }, [])

  // The URL is the search: Back and Forward bring its filters into the form and run it again.
  useEffect(() => {
    setFiltros(leerFiltros(search))
    const de = origen.current
    origen.current = null
    if (de !== 'escritura') escribiendo.current = false
    if (search || de === 'sinFiltros')
      setPedido((p) => ({ qs: search, n: (p?.n ?? 0) + 1, conservar: de === 'escritura' }))
  }, [search])

  // Bare, it opens on today at the user's sede and sala: written into the URL, in its place.
  const hoy = preferencias?.hoy ?? null
  const vista = preferencias
    ? {
        hoy: preferencias.hoy,
        sede: preferencias.sede ?? '',
        sala: preferencias.sala === null ? '' : String(preferencias.sala),
      }
    : null
  useEffect(() => {
    if (search || !vista || pedido?.qs === '') return
    navigate(
      urlListaDeTrabajo({
        fechaInicial: vista.hoy,
        fechaFinal: vista.hoy,
        sede: vista.sede,
        sala: vista.sala,
      }),
      { replace: true },
    )
  }, [search, preferencias, pedido, navigate])

  useEffect(() => {
    if (error) setErrores(erroresDe(error.errores))
  }, [error])

  const ir = (f: Filtros, como: 'escritura' | 'boton') => {
    const qs = escribirFiltros(f)
    // Compared as filters: the URL may spell «í» as the browser keeps it, not as %C3%AD.
    if (qs === escribirFiltros(leerFiltros(searchActual.current))) {
      if (como === 'boton') setPedido((p) => ({ qs, n: (p?.n ?? 0) + 1, conservar: false }))
      return
    }
    origen.current = como === 'escritura' ? 'escritura' : qs ? null : 'sinFiltros'
    // Letters typed one after another make one history entry, not one each.
    navigate(qs ? `${paths.buscarPaciente}?${qs}` : paths.buscarPaciente, {
      replace: como === 'escritura' && escribiendo.current,
    })
    escribiendo.current = como === 'escritura'
  }

  // Any change of a filter searches again: a choice at once; what is typed (a name, a document, a
  // date) a moment after the last keystroke. Only if every filter is valid; if not, it says why.
  const tocado = useRef<Campo | null>(null)
  const clave = escribirFiltros(filtros)
  useEffect(() => {
    const campo = tocado.current
    if (!campo) return
    const escrito = SE_ESCRIBEN.includes(campo)
    const correr = () => {
      tocado.current = null
      const { errores: lista } = validarBusqueda(
        filtros,
        sedesPosibles(filtros),
        modalidadesPosibles(filtros),
      )
      if (lista.length > 0) return setErrores((e) => ({ ...e, ...erroresDe(lista) }))
      // Every filter cleared searches everything, as «Buscar» with none does (not today's list).
      ir(filtros, escrito && clave ? 'escritura' : 'boton')
    }
    if (!escrito) return correr()
    const t = setTimeout(correr, ESPERA_ESCRITURA_MS)
    return () => clearTimeout(t)
  }, [clave])

  const salaDe = (id: string) => catalogo?.salas.find((s) => String(s.id) === id) ?? null
  /** The sede and sala the list opens on next time, on any computer: the ones chosen here. */
  const recordar = (cambio: Promise<Preferencias>) => cambio.then(setPreferencias).catch(() => {})

  const cambiar = (campo: Campo, valor: string) => {
    tocado.current = campo
    // A sala of another sede than the one chosen is no filter of it.
    const salaFuera =
      campo === 'sede' && valor && filtros.sala && salaDe(filtros.sala)?.sede !== valor
    setFiltros((f) => ({ ...conCambio(f, campo, valor, vista), ...(salaFuera && { sala: '' }) }))
    setErrores((e) => ({ ...e, [campo]: undefined }))
    if (campo === 'sede') recordar(recordarSede(valor || null))
    if (campo === 'sala' || salaFuera)
      recordar(recordarSala(valor && !salaFuera ? Number(valor) : null))
  }

  // «Mi sala · En espera»: today's waiting patients of the sala this account chose last.
  const miSala = preferencias?.sala != null ? salaDe(String(preferencias.sala)) : null
  const irAMiSala = () => {
    if (!hoy || !miSala) return
    const f: Filtros = {
      ...FILTROS_VACIOS,
      fechaInicial: hoy,
      fechaFinal: hoy,
      sede: miSala.sede,
      sala: String(miSala.id),
      estado: 'En espera',
    }
    setFiltros(f)
    buscar(f)
  }

  const buscar = (f: Filtros = filtros) => {
    const { errores: lista } = validarBusqueda(f, sedesPosibles(f), modalidadesPosibles(f))
    if (lista.length > 0) {
      setErrores(erroresDe(lista))
      return
    }
    setErrores({})
    ir(f, 'boton')
  }

  const irAHoy = () => {
    if (!hoy) return
    const f = { ...filtros, fechaInicial: hoy, fechaFinal: hoy }
    setFiltros(f)
    buscar(f)
  }

  const abriendo = !search && !pedido && !fallo
  const buscado = pedido !== null
  const porAtencion = pedido !== null && esUnDia(leerFiltros(pedido.qs))

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Buscar Paciente</h1>
          <p className="page__subtitle">
            La sala de espera de hoy en su sede, en el orden de atención; busque por nombre o
            documento, fechas, sede, modalidad, sala, estado o prioridad.
          </p>
        </div>
      </header>

      <AvisoPasosEquipos cadaMs={REFRESCO_MS} />

      <FiltrosForm
        filtros={filtros}
        errores={errores}
        cargando={cargando}
        hoy={hoy}
        miSala={miSala}
        onChange={cambiar}
        onSubmit={() => buscar()}
        onHoy={irAHoy}
        onMiSala={irAMiSala}
      />

      <section
        className="card worklist__card"
        aria-labelledby="resultados-titulo"
        aria-busy={cargando || abriendo}
      >
        <header className="card__header">
          <h2 id="resultados-titulo">Resultados</h2>
          <span className="muted small" role="status">
            {cargando || abriendo
              ? 'Buscando...'
              : buscado && !error
                ? `${filas.length}${siguiente ? '+' : ''} ${filas.length === 1 ? 'resultado' : 'resultados'}`
                : ''}
          </span>
          {buscado && (
            <span className="muted small worklist__refresco">
              Se actualiza sola cada {REFRESCO_MS / 1000} s
            </span>
          )}
          {buscado && !cargando && !error && <ExportarCsv />}
        </header>
        {(error || fallo) && (
          <div className="search-error" role="alert">
            <p className="text-error">{error?.texto ?? fallo}</p>
            {error?.detalle && error.detalle !== error.texto && (
              <p className="search-error__detail">{error.detalle}</p>
            )}
          </div>
        )}
        {porAtencion && siguiente && (
          <p className="card__body muted small worklist__nota" role="note">
            Hay más atenciones en este día: «Cargar más» las trae en el mismo orden, y ordenar por
            una columna ordena las que están cargadas.
          </p>
        )}
        {filas.length > 0 ? (
          <ResultadosTable filas={filas} version={version} hoy={hoy} porAtencion={porAtencion} />
        ) : (
          !cargando && !abriendo && <p className="empty">No hay resultados para mostrar.</p>
        )}
        {(cargando || abriendo) && filas.length === 0 && (
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
