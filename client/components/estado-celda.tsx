// An atención's estado as the patient's page and the worklist show it: the badge, a cancellation's
// reason, the last change and, while allowed, its undoing (docs/datos.md#deshacer-un-cambio-de-estado).
import { useEffect, useState, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { MINUTOS_DESHACER, type Atencion } from '../../shared/atenciones.js'
import { mensajeDe } from '../api.js'
import { deshacerCambio } from '../lib/estado-atencion.js'
import { sesion } from '../state/sesion.js'
import { EstadoBadge } from './badges.js'
import { fechaHora, hora } from './format.js'
import './estado-atencion.css'

/** The current time, again every 15 seconds: the offer to undo ends on time without a reload. */
export function useAhora(): number {
  const [ahora, setAhora] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setAhora(Date.now()), 15_000)
    return () => clearInterval(t)
  }, [])
  return ahora
}

/**
 * `badge` replaces the plain badge (the worklist's opens the menu of next estados). `compacto` keeps
 * the undo rule for screen readers only, where a row has no room for a sentence.
 */
export function EstadoCelda({
  atencion,
  ahora,
  onCambio,
  badge,
  compacto = false,
}: {
  atencion: Pick<Atencion, 'id' | 'estado' | 'motivoCancelacion' | 'ultimoCambio'>
  ahora: number
  onCambio: (a: Atencion) => void
  badge?: ReactNode
  compacto?: boolean
}) {
  const { usuario } = useSnapshot(sesion)
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const c = atencion.ultimoCambio
  const id = `cambio-${atencion.id}`
  const autorEnPlazo =
    c !== null && usuario?.usuario === c.usuario && Date.parse(c.deshacibleHasta) > ahora
  const puede = c !== null && (autorEnPlazo || usuario?.rol === 'admin')

  const deshacer = async () => {
    setEnviando(true)
    setError(null)
    try {
      onCambio(await deshacerCambio(atencion.id, atencion.estado))
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo deshacer el cambio'))
    } finally {
      setEnviando(false)
    }
  }

  return (
    <div className={compacto ? 'estado-celda estado-celda--compacta' : 'estado-celda'}>
      {badge ?? <EstadoBadge estado={atencion.estado} />}
      {atencion.motivoCancelacion && (
        <p className="estado-celda__motivo small">Motivo: {atencion.motivoCancelacion}</p>
      )}
      {c && (
        <p className="small muted">
          Antes: {c.desde} · {c.nombre}
          {compacto ? '' : `, ${fechaHora(c.en)}`}
        </p>
      )}
      {c && puede && (
        <div className="estado-celda__deshacer">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={enviando}
            onClick={(e) => {
              e.stopPropagation()
              void deshacer()
            }}
            aria-describedby={`${id}-regla`}
          >
            Deshacer
          </button>
          <p className={compacto ? 'visually-hidden' : 'small muted'} id={`${id}-regla`}>
            {autorEnPlazo
              ? `Quien hace un cambio puede deshacerlo durante ${MINUTOS_DESHACER} minutos: hasta las ${hora(c.deshacibleHasta)}.`
              : `Como administrador puede deshacerlo en cualquier momento; quien hizo el cambio, solo durante ${MINUTOS_DESHACER} minutos.`}
          </p>
        </div>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
