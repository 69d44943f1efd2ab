// The end of a paged list, the same under every table: what it says when nothing matched, and
// «Cargar más» while there is a next page (a spinner while it loads).
export function PieDeLista({
  cargando,
  siguiente,
  vacia,
  vacio,
  error,
  onMas,
}: {
  cargando: boolean
  /** The next page's URL, if any. */
  siguiente: string | null
  /** Whether the list has no row. */
  vacia: boolean
  /** What an empty list says. */
  vacio: string
  /** A failed load says so elsewhere; the empty message then stays away. */
  error: unknown
  onMas: () => void
}) {
  return (
    <>
      {!cargando && vacia && !error && <p className="empty">{vacio}</p>}
      {(cargando || siguiente) && (
        <div className="card__footer">
          <button type="button" className="btn btn--secondary" disabled={cargando} onClick={onMas}>
            {cargando && <span className="spinner" aria-hidden="true" />}
            {cargando ? 'Cargando…' : 'Cargar más'}
          </button>
        </div>
      )}
    </>
  )
}
