// The worklist: one row per atención with its patient (docs/datos.md#fila-de-resultado). A row opens
// the patient on a click or Enter; its estado opens the next steps. Fewer columns as the screen
// narrows: what leaves a column folds into the row (the sede under the studies, the priority by the
// name), and a phone shows each arrival as a short card (worklist.css).
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react'
import { Link, useLocation } from 'wouter'
import type { Atencion } from '../../../shared/atenciones.js'
import type { BusquedaFila } from '../../../shared/busqueda.js'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import { ModalidadIcon, PrioridadBadge } from '../../components/badges.js'
import { CancelarAtencion, type AtencionACancelar } from '../../components/cancelar-atencion.js'
import { EstadoCelda, useAhora } from '../../components/estado-celda.js'
import { edad, fecha, texto } from '../../components/format.js'
import { ahoraClinica } from '../../lib/hoy.js'
import { paths } from '../../paths.js'
import { useEtiquetaModalidad } from '../../state/catalogos.js'
import { EstadoMenu } from './estado-menu.js'
import { esperaDe, porSecciones, type ColumnaOrden, type Orden } from './orden-atencion.js'
import { claveFila } from './use-lista-de-trabajo.js'

/** An estado changed from this screen, and the rows' version it was made on. */
interface Cambio {
  atencion: Atencion
  version: number
}

/**
 * Keeps the rows a person is looking at where they are when rows arrive above them (a refresh with
 * a new arrival): the first row in view and its place are noted on every scroll and every render,
 * and after the next render the page scrolls by however far that row moved. At the top of the
 * page nothing is held, so a new arrival shows there.
 */
function useFilasQuietas(cuerpo: RefObject<HTMLTableSectionElement | null>, filas: unknown) {
  const ancla = useRef<{ clave: string; top: number } | null>(null)
  const medir = useCallback(() => {
    const fila = [...(cuerpo.current?.rows ?? [])].find(
      (tr) => tr.getBoundingClientRect().bottom > 0,
    )
    ancla.current = fila
      ? { clave: fila.dataset.clave ?? '', top: fila.getBoundingClientRect().top }
      : null
  }, [cuerpo])
  useEffect(() => {
    window.addEventListener('scroll', medir, { passive: true })
    return () => window.removeEventListener('scroll', medir)
  }, [medir])
  useLayoutEffect(() => {
    const a = ancla.current
    if (a && window.scrollY > 0) {
      const fila = [...(cuerpo.current?.rows ?? [])].find((tr) => tr.dataset.clave === a.clave)
      const movida = fila ? fila.getBoundingClientRect().top - a.top : 0
      if (Math.abs(movida) >= 1) window.scrollBy(0, movida)
    }
    medir()
  }, [filas, medir, cuerpo])
}

/** Clicks on these are theirs, not the row's. */
const PROPIO = 'a, button, input, select, textarea, [role="menu"]'

/** The columns: what each sorts by on the day's list, its title and its class. */
const COLUMNAS: readonly [ColumnaOrden, string, string][] = [
  ['numero', 'N.º', 'col-num'],
  ['llegada', 'Llegada', 'col-llegada'],
  ['paciente', 'Paciente', 'col-paciente'],
  ['estudios', 'Estudios', 'col-estudios'],
  ['sede', 'Sede', 'col-sede'],
  ['prioridad', 'Prioridad', 'col-prioridad'],
  ['estado', 'Estado', 'col-estado'],
]

export function ResultadosTable({
  filas,
  version,
  hoy,
  porAtencion = false,
}: {
  filas: readonly BusquedaFila[]
  /** Goes up each time the rows come from the server. */
  version: number
  hoy: string | null
  /** One day in attention order: in sections, with the wait, sortable by any column. */
  porAtencion?: boolean
}) {
  const [, navigate] = useLocation()
  const ahora = useAhora()
  const [cambios, setCambios] = useState<ReadonlyMap<number, Cambio>>(new Map())
  const [menu, setMenu] = useState<number | null>(null)
  const [cancelando, setCancelando] = useState<AtencionACancelar | null>(null)
  const cerrarMenu = useCallback(() => setMenu(null), [])
  const cuerpo = useRef<HTMLTableSectionElement>(null)
  useFilasQuietas(cuerpo, filas)
  // A column's sort, asked on its header; a third click gives the attention order back.
  const [orden, setOrden] = useState<Orden | null>(null)
  const etiqueta = useEtiquetaModalidad()
  const ordenarPor = (columna: ColumnaOrden) =>
    setOrden((o) =>
      o?.columna !== columna ? { columna, asc: true } : o.asc ? { columna, asc: false } : null,
    )
  const ahoraEnClinica = porAtencion ? ahoraClinica() : ''

  const cambiado = (a: Atencion) =>
    setCambios((m) => new Map(m).set(a.id, { atencion: a, version }))

  /**
   * The change made here stands until rows newer than it arrive; then the server's estado wins, and
   * the change (with its undoing) stays only if the two agree.
   */
  const vigente = (f: BusquedaFila): Atencion | null => {
    const c = f.atencionId === null ? undefined : cambios.get(f.atencionId)
    if (!c) return null
    return c.version >= version || c.atencion.estado === f.estado ? c.atencion : null
  }
  const estadoDe = (f: BusquedaFila) => vigente(f)?.estado ?? f.estado

  const abrir = (f: BusquedaFila) => navigate(paths.paciente(f.id))
  const alPulsar = (f: BusquedaFila) => (e: MouseEvent) => {
    if (!(e.target as HTMLElement).closest(PROPIO)) abrir(f)
  }
  const alTeclear = (f: BusquedaFila) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) abrir(f)
  }

  const fila = (f: BusquedaFila) => {
    const cambio = vigente(f)
    const estado = cambio?.estado ?? f.estado
    const espera = porAtencion ? esperaDe(f, estado, ahoraEnClinica) : null
    return (
      <tr
        key={claveFila(f)}
        className="worklist__fila"
        tabIndex={0}
        data-clave={claveFila(f)}
        onClick={alPulsar(f)}
        onKeyDown={alTeclear(f)}
      >
        <td className="col-num mono">
          {f.atencionId === null ? (
            <span className="muted">—</span>
          ) : (
            <>
              <span className="worklist__etiqueta">N.º </span>
              {f.atencionId}
            </>
          )}
        </td>
        <td className="col-llegada">
          {f.fechaLlegada ? (
            <>
              <span className="worklist__hora">{f.horaLlegada}</span>
              {/* On the day's list, how long a patient has waited says more than «Hoy». */}
              {espera ? (
                <span className="worklist__espera">{espera}</span>
              ) : (
                <span className="cell-sub">
                  {f.fechaLlegada === hoy ? 'Hoy' : fecha(f.fechaLlegada)}
                </span>
              )}
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
        <td className="col-paciente">
          <Link href={paths.paciente(f.id)} className="cell-link worklist__nombre">
            {f.nombreCompleto}
          </Link>
          {f.prioridad && f.prioridad !== 'Rutina' && (
            <span className="worklist__plegado worklist__plegado--prioridad">
              <PrioridadBadge prioridad={f.prioridad} />
            </span>
          )}
          <span className="cell-sub">
            {TIPO_DOCUMENTO_ETIQUETA[f.tipoDocumento]} {f.documento} · {edad(f.edad, f.tipoEdad)}
          </span>
        </td>
        <td className="col-estudios">
          {f.modalidad ? (
            <>
              <span className="modalidad-cell">
                <ModalidadIcon modalidad={f.modalidad} />
                <span aria-hidden="true">{etiqueta(f.modalidad)}</span>
              </span>
              <span className="cell-sub worklist__estudios">
                {f.estudios.map((e) => e.nombre).join(', ')}
              </span>
              <span className="cell-sub worklist__plegado">
                {f.sede} · {f.procedencia}
              </span>
            </>
          ) : (
            <span className="muted">Sin atenciones</span>
          )}
        </td>
        <td className="col-sede">
          {texto(f.sede)}
          {f.procedencia && <span className="cell-sub">{f.procedencia}</span>}
        </td>
        <td className="col-prioridad">
          <PrioridadBadge prioridad={f.prioridad} />
        </td>
        <td className="col-estado">
          {f.atencionId === null || !estado ? (
            <span className="muted">—</span>
          ) : (
            <EstadoCelda
              compacto
              ahora={ahora}
              onCambio={cambiado}
              atencion={{
                id: f.atencionId,
                estado,
                motivoCancelacion: cambio?.motivoCancelacion ?? null,
                ultimoCambio: cambio?.ultimoCambio ?? null,
              }}
              badge={
                <EstadoMenu
                  atencion={{
                    id: f.atencionId,
                    estado,
                    cita: f.cita,
                    fechaLlegada: f.fechaLlegada!,
                  }}
                  abierto={menu === f.atencionId}
                  onAbrir={() => setMenu(f.atencionId)}
                  onCerrar={cerrarMenu}
                  onCambio={cambiado}
                  onCancelar={() =>
                    setCancelando({
                      id: f.atencionId!,
                      estado,
                      estudios: f.estudios,
                      fechaLlegada: f.fechaLlegada!,
                      horaLlegada: f.horaLlegada!,
                      cita: f.cita,
                    })
                  }
                />
              }
            />
          )}
          {f.interrumpida && estado === 'En espera' && (
            <span className="badge badge--urgent estado-interrumpida">
              Interrumpido en el equipo
            </span>
          )}
        </td>
      </tr>
    )
  }

  return (
    <div className="table-wrap worklist__wrap">
      <table
        className={`table worklist${porAtencion ? ' worklist--dia' : ''}`}
        aria-label="Resultados de la búsqueda"
      >
        <thead>
          <tr>
            {COLUMNAS.map(([columna, titulo, clase]) => (
              <th
                key={columna}
                scope="col"
                className={clase}
                aria-sort={
                  orden?.columna === columna ? (orden.asc ? 'ascending' : 'descending') : undefined
                }
              >
                {porAtencion ? (
                  <button
                    type="button"
                    className="worklist__ordenar"
                    onClick={() => ordenarPor(columna)}
                  >
                    {titulo}
                    <span aria-hidden="true" className="worklist__flecha">
                      {orden?.columna === columna ? (orden.asc ? '▲' : '▼') : ''}
                    </span>
                  </button>
                ) : (
                  titulo
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={cuerpo}>
          {porAtencion
            ? porSecciones(filas, estadoDe, orden).map(({ seccion, filas: propias }) => [
                <tr
                  key={`s-${seccion.clave}`}
                  className="worklist__seccion"
                  data-clave={`s-${seccion.clave}`}
                >
                  <th scope="rowgroup" colSpan={COLUMNAS.length}>
                    {seccion.titulo} <span className="muted">· {propias.length}</span>
                  </th>
                </tr>,
                ...propias.map(fila),
              ])
            : filas.map(fila)}
        </tbody>
      </table>
      {cancelando && (
        <CancelarAtencion
          atencion={cancelando}
          onVolver={() => setCancelando(null)}
          onCancelada={(a) => {
            setCancelando(null)
            cambiado(a)
          }}
        />
      )}
    </div>
  )
}
