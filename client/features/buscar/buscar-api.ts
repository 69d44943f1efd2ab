// The worklist's calls, through the search's shared contract.
import { buscarPacientesContract } from '../../../shared/pacientes.js'
import { request } from '../../api.js'
import { ORDEN_ATENCION } from '../../../shared/busqueda.js'
import { esUnDia, leerFiltros } from '../../lib/filtros-busqueda.js'

/**
 * One page of the search the URL query `qs` describes (its filters and, if it names one, its page
 * size; `limite` overrides it); one day, in attention order.
 */
export function buscar(qs: string, { limite, signal }: { limite?: number; signal?: AbortSignal }) {
  const filtros = leerFiltros(qs)
  const pagina = limite ?? new URLSearchParams(qs).get('limite')
  return request(buscarPacientesContract, {
    query: {
      ...filtros,
      ...(esUnDia(filtros) ? { orden: ORDEN_ATENCION } : {}),
      ...(pagina ? { limite: String(pagina) } : {}),
    },
    signal,
  })
}

/** The page after, from the previous answer's `Link: rel="next"`. */
export const buscarSiguiente = (url: string) => request(buscarPacientesContract, { url })
