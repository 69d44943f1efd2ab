// «Tiempo de informe» on the dashboard (docs/producto.md#dashboard): per modality, the median hours
// from Completado to the final signature of this month's informes, and the studies waiting.
import { Link } from 'wouter'
import type { EstadisticasInformes } from '../../../shared/estadisticas.js'
import { numero } from '../../components/format.js'
import { IconAlert } from '../../components/icons.js'
import { paths } from '../../paths.js'

const horas = (h: number) => `${h.toLocaleString('es-PE', { maximumFractionDigits: 1 })} h`

export function TiempoInforme({
  datos,
  error,
}: {
  datos: EstadisticasInformes | null
  error: string | null
}) {
  return (
    <section className="card tiempo" aria-labelledby="tiempo-titulo">
      <header className="card__header">
        <h2 id="tiempo-titulo">Tiempo de informe (mediana, este mes)</h2>
      </header>
      <div className="card__body tiempo__cuerpo">
        {error ? (
          <div className="alert alert--error" role="alert">
            <IconAlert />
            <span>{error}</span>
          </div>
        ) : !datos ? (
          <div className="skeleton alertas__skeleton" />
        ) : (
          <>
            <Link href={paths.porInformar} className="tiempo__espera" data-testid="por-informar">
              <span className="tiempo__espera-titulo">Por informar</span>
              <span className="tiempo__espera-valor">
                {datos.porInformar >= 1000 ? '1000 o más' : numero(datos.porInformar)}
              </span>
              <span className="tiempo__espera-detalle">estudios completados sin informe final</span>
            </Link>
            {datos.tiempos.length === 0 ? (
              <p className="muted small">Aún no hay informes firmados este mes.</p>
            ) : (
              <table className="table table--compact tiempo__tabla">
                <thead>
                  <tr>
                    <th scope="col">Modalidad</th>
                    <th scope="col" className="num">
                      Informes
                    </th>
                    <th scope="col" className="num">
                      Mediana
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {datos.tiempos.map((t) => (
                    <tr key={t.modalidad}>
                      <td>{t.etiqueta}</td>
                      <td className="num">{numero(t.informes)}</td>
                      <td className="num">{horas(t.medianaHoras)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </div>
    </section>
  )
}
