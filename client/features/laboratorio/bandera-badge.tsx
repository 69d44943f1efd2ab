// A result's flag as the grids show it: L/H amber, LL/HH red and named critical; Δ when the value
// moved past the analito's threshold from the patient's previous one.
import type { Bandera } from '../../../shared/laboratorio.js'
import { fechaHora } from '../../components/format.js'
import { esCritica } from './valores.js'

const NOMBRE: Record<Bandera, string> = {
  L: 'Bajo',
  H: 'Alto',
  LL: 'Crítico bajo',
  HH: 'Crítico alto',
}

export function BanderaBadge({ bandera }: { bandera: Bandera | null }) {
  if (!bandera) return null
  const critica = esCritica(bandera)
  return (
    <span
      className={`badge ${critica ? 'badge--stat' : 'badge--urgent'} bandera`}
      title={NOMBRE[bandera]}
      data-bandera={bandera}
    >
      {bandera}
      {critica && ' · Crítico'}
      <span className="visually-hidden"> ({NOMBRE[bandera]})</span>
    </span>
  )
}

/** The patient's previous value, its date and the delta mark. */
export function Anterior({
  anterior,
  texto,
  delta,
}: {
  anterior: { en: string } | null
  texto: string
  delta: boolean
}) {
  if (!anterior) return <span className="muted">—</span>
  return (
    <span className="anterior">
      <span className="nowrap">
        {texto || '—'}
        {delta && (
          <span className="badge badge--wait delta" title="Cambio mayor al esperado">
            Δ
          </span>
        )}
      </span>
      <span className="cell-sub">{fechaHora(anterior.en).slice(0, 10)}</span>
    </span>
  )
}
