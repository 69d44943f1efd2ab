// «Exportar CSV» (docs/producto.md#buscar-paciente): every row of the search on screen, as a file
// Excel opens (docs/api.md#exportar-la-lista-de-trabajo). A plain link: the browser streams the
// download to disk, however many rows, and the session cookie goes with it.
import { useSearch } from 'wouter'
import { exportarListaContract } from '../../../shared/exportacion.js'
import { IconDownload } from '../../components/icons.js'
import { escribirFiltros, leerFiltros } from '../../lib/filtros-busqueda.js'

export function ExportarCsv() {
  // The filters of the search made (the URL's), not the form's unsent edits; no page or cursor.
  const qs = escribirFiltros(leerFiltros(useSearch()))
  return (
    <a
      className="btn btn--secondary btn--sm"
      href={`${exportarListaContract.url}${qs ? `?${qs}` : ''}`}
      download
    >
      <IconDownload />
      Exportar CSV
    </a>
  )
}
