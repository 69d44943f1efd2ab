// The day and sede the laboratory's lists show, kept in the address (?fecha=&sede=) so a reload,
// Back and the link between the two lists keep them; the day is the clinic's today unless told.
import { useLocation, useSearch } from 'wouter'
import { hoyClinica } from '../../lib/hoy.js'
import { nombresDeSedes, useCatalogos } from '../../state/catalogos.js'

export interface Dia {
  fecha: string
  sede: string
}

/** `?fecha=&sede=` of a day's list; the empty sede (all of them) left out. */
export function consultaDia({ fecha, sede }: Dia): string {
  const q = new URLSearchParams({ fecha })
  if (sede) q.set('sede', sede)
  return `?${q.toString()}`
}

export function useDia(): [Dia, (cambio: Partial<Dia>) => void] {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const q = new URLSearchParams(search)
  const dia = { fecha: q.get('fecha') || hoyClinica(), sede: q.get('sede') ?? '' }
  const cambiar = (cambio: Partial<Dia>) =>
    navigate(location + consultaDia({ ...dia, ...cambio }), { replace: true })
  return [dia, cambiar]
}

export function FiltrosDia({ dia, onChange }: { dia: Dia; onChange: (c: Partial<Dia>) => void }) {
  const catalogo = useCatalogos()
  return (
    <>
      <label className="field">
        <span className="field__label">Fecha</span>
        <input
          className="input"
          type="date"
          value={dia.fecha}
          required
          // An emptied date field keeps the day shown.
          onChange={(e) => e.target.value && onChange({ fecha: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field__label">Sede</span>
        <select
          className="select"
          value={dia.sede}
          onChange={(e) => onChange({ sede: e.target.value })}
        >
          <option value="">Todas</option>
          {nombresDeSedes(catalogo).map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
    </>
  )
}
