// A Configuración list as every catalogue screen shows it: its card with the title, its filters
// and the «Nuevo …» button, the list loading or failed, and the table of its rows, each column
// labelled for the narrow screen's cards and the row's actions last.
import type { ReactNode } from 'react'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { BotonNuevo, CargaLista } from './estado-seccion.js'

export interface Columna<T> {
  titulo: string
  celda: (fila: T) => ReactNode
  className?: string
  title?: (fila: T) => string | undefined
}

export function TablaCatalogo<T>({
  id,
  titulo,
  filtros,
  nuevo,
  error,
  filas,
  vacio,
  columnas,
  clave,
  testId,
  acciones,
  claseAcciones = 'catalogo__acciones',
}: {
  /** The card's id stem: `<id>-titulo` labels it. */
  id: string
  titulo: string
  filtros?: ReactNode
  /** The «Nuevo …» button; null while its form is open. */
  nuevo: { texto: string; onClick: () => void; disabled?: boolean } | null
  error: string | null
  /** The rows shown; null until the list arrives. */
  filas: readonly T[] | null
  /** Said instead of an empty table. */
  vacio?: string
  columnas: Columna<T>[]
  clave: (fila: T) => string | number
  testId: (fila: T) => string
  /** The row's buttons, in a last column; a list without them has none. */
  acciones?: (fila: T) => ReactNode
  claseAcciones?: string
}) {
  const boton = nuevo && (
    <BotonNuevo texto={nuevo.texto} disabled={nuevo.disabled} onClick={nuevo.onClick} />
  )
  return (
    <section className="card" aria-labelledby={`${id}-titulo`}>
      <header className="card__header">
        <h2 id={`${id}-titulo`}>{titulo}</h2>
        {filtros ? (
          <div className="catalogo__herramientas">
            {filtros}
            {boton}
          </div>
        ) : (
          boton
        )}
      </header>
      <CargaLista error={error} cargada={filas !== null} />
      {filas && filas.length === 0 && vacio && <p className="empty">{vacio}</p>}
      {filas && (filas.length > 0 || !vacio) && (
        <div className="table-wrap">
          <table className="table table--cards">
            <thead>
              <tr>
                {columnas.map((c) => (
                  <th key={c.titulo} scope="col">
                    {c.titulo}
                  </th>
                ))}
                {acciones && (
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {filas.map((f) => (
                <tr key={clave(f)} data-testid={testId(f)}>
                  {columnas.map((c) => (
                    <td
                      key={c.titulo}
                      data-label={c.titulo}
                      className={c.className}
                      title={c.title?.(f)}
                    >
                      {c.celda(f)}
                    </td>
                  ))}
                  {acciones && (
                    <td data-label="Acciones">
                      <div className={claseAcciones}>{acciones(f)}</div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** Whether a catalogue entry is in use: «Activo»/«Inactivo», or as `etiquetas` say. */
export function EstadoActivo({
  activo,
  etiquetas = ['Activo', 'Inactivo'],
}: {
  activo: boolean
  etiquetas?: readonly [string, string]
}) {
  return (
    <span className={activo ? 'badge badge--done' : 'badge badge--cancel'}>
      {activo ? etiquetas[0] : etiquetas[1]}
    </span>
  )
}

/** «Desactivar» or «Activar» of a row, named for what it changes («Desactivar la sede Puno»). */
export function BotonActivo({
  que,
  activo,
  ocupado,
  clase = 'btn--secondary',
  onClick,
}: {
  /** What the row is, as the button's name says it: «la sede Puno». */
  que: string
  activo: boolean
  ocupado: boolean
  clase?: string
  onClick: () => void
}) {
  const verbo = activo ? 'Desactivar' : 'Activar'
  return (
    <button
      type="button"
      className={`btn ${clase} btn--sm`}
      disabled={ocupado}
      aria-label={`${verbo} ${que}`}
      onClick={onClick}
    >
      {verbo}
    </button>
  )
}

/** The question asked before a row is deactivated or activated again, and what that does. */
export function PreguntaActivo({
  id,
  que,
  activar,
  efecto,
  onVolver,
  onConfirmar,
}: {
  id: string
  /** What the row is: «la sede Puno». */
  que: string
  /** The state it would get. */
  activar: boolean
  /** What the change does, in a sentence. */
  efecto: string
  onVolver: () => void
  onConfirmar: () => void
}) {
  const verbo = activar ? 'Activar' : 'Desactivar'
  return (
    <DialogoConfirmar
      id={id}
      titulo={`¿${verbo} ${que}?`}
      volver="Volver"
      confirmar={verbo}
      onVolver={onVolver}
      onConfirmar={onConfirmar}
    >
      {efecto}
    </DialogoConfirmar>
  )
}

/** A filter of the list by one of its columns, with «Todas» first. */
export function FiltroCatalogo({
  id,
  etiqueta,
  valor,
  onCambio,
  opciones,
}: {
  id: string
  etiqueta: string
  valor: string
  onCambio: (valor: string) => void
  opciones: readonly (readonly [string, string])[]
}) {
  return (
    <div className="catalogo__filtro">
      <label htmlFor={id}>{etiqueta}</label>
      <select id={id} className="select" value={valor} onChange={(e) => onCambio(e.target.value)}>
        <option value="">Todas</option>
        {opciones.map(([v, texto]) => (
          <option key={v} value={v}>
            {texto}
          </option>
        ))}
      </select>
    </div>
  )
}
