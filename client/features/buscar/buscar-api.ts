// The worklist's calls, through the search's shared contract.
import { buscarPacientesContract } from '../../../shared/pacientes.js'
import { request } from '../../api.js'
import { leerFiltros } from '../../lib/filtros-busqueda.js'

/**
 * One page of the search the URL query `qs` describes (its filters and, if it names one, its page
 * size; `limite` overrides it).
 */
export function buscar(qs: string, { limite, signal }: { limite?: number; signal?: AbortSignal }) {
  const pagina = limite ?? new URLSearchParams(qs).get('limite')
  return request(buscarPacientesContract, {
    query: { ...leerFiltros(qs), ...(pagina ? { limite: String(pagina) } : {}) },
    signal,
  })
}

/** The page after, from the previous answer's `Link: rel="next"`. */
export const buscarSiguiente = (url: string) => request(buscarPacientesContract, { url })
