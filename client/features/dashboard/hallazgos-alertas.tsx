// The dashboard's Alertas for critical findings (docs/producto.md#dashboard): each one waiting for
// its call, with its patient, study, signer (or, for a lab value, the analito, value and unit and
// who typed it) and how long it waits, its informe or lab results, and «Registrar comunicación»;
// recorded, it leaves the list.
import { useState } from 'react'
import { Link } from 'wouter'
import type { HallazgoCritico } from '../../../shared/hallazgos.js'
import { ComunicarDialogo } from '../../components/comunicar-dialogo.js'
import { fechaHora, plural } from '../../components/format.js'
import { IconAlert, IconCheck, IconFileText, IconFlask } from '../../components/icons.js'
import { paths } from '../../paths.js'
import { useEtiquetaModalidad } from '../../state/catalogos.js'

export interface Pendientes {
  hallazgos: HallazgoCritico[]
  total: number
}

/** A lab value past a critical limit as the alert reads it: «Glucosa 452 mg/dL». */
const valorCritico = (r: NonNullable<HallazgoCritico['resultado']>) =>
  [r.analito, r.valor, r.unidad].filter(Boolean).join(' ')

/** How long a finding waits: minutes, then hours, then days. */
export function espera(horas: number): string {
  const minutos = Math.max(0, Math.round(horas * 60))
  if (minutos < 60) return `${minutos} min`
  if (horas < 48) return `${Math.floor(minutos / 60)} h ${minutos % 60} min`
  return `${Math.floor(horas / 24)} días`
}

export function HallazgosAlertas({
  datos,
  error,
  onReintentar,
  onRegistrado,
}: {
  datos: Pendientes | null
  error: string | null
  onReintentar: () => void
  onRegistrado: (h: HallazgoCritico) => void
}) {
  const etiqueta = useEtiquetaModalidad()
  const [abierto, setAbierto] = useState<HallazgoCritico | null>(null)
  const [hecho, setHecho] = useState<string | null>(null)

  return (
    <section className="card alertas" id="alertas" aria-labelledby="alertas-titulo">
      <header className="card__header">
        <h2 id="alertas-titulo" className="alertas__titulo">
          <IconAlert className="icon--sm" />
          Alertas · Hallazgos críticos por comunicar
          {datos && datos.total > 0 && (
            <span className="badge badge--stat" data-testid="hallazgos-total">
              {datos.total >= 1000 ? '1000+' : datos.total}
            </span>
          )}
        </h2>
      </header>
      <p className="visually-hidden" role="status">
        {hecho}
      </p>
      {error ? (
        <div className="card__body">
          <div className="alert alert--error" role="alert">
            <IconAlert />
            <span>{error}</span>
            <button
              type="button"
              className="btn btn--secondary btn--sm alert__action"
              onClick={onReintentar}
            >
              Reintentar
            </button>
          </div>
        </div>
      ) : !datos ? (
        <div className="card__body">
          <div className="skeleton alertas__skeleton" />
        </div>
      ) : datos.hallazgos.length === 0 ? (
        <p className="empty alertas__vacio">
          <IconCheck className="icon--sm" /> Ningún hallazgo crítico espera su comunicación.
        </p>
      ) : (
        <>
          <ul className="hallazgos">
            {datos.hallazgos.map((h) => (
              <li key={h.id} className="hallazgo" data-testid={`hallazgo-${h.id}`}>
                <div className="hallazgo__texto">
                  <Link href={paths.paciente(h.pacienteId)} className="hallazgo__paciente">
                    {h.paciente}
                  </Link>
                  <span className="hallazgo__meta">
                    {h.documento} · {etiqueta(h.modalidad)}: {h.estudios.join(', ')}
                  </span>
                  {h.resultado && (
                    <span className="hallazgo__meta" data-testid={`hallazgo-valor-${h.id}`}>
                      <strong>
                        {valorCritico(h.resultado)} ({h.resultado.bandera})
                      </strong>
                    </span>
                  )}
                  <span className="hallazgo__meta">
                    {h.firmante && `${h.resultado ? 'Ingresó' : 'Firmó'} ${h.firmante} · `}
                    {fechaHora(h.creadoEn)}
                  </span>
                </div>
                <span className="badge badge--urgent hallazgo__espera">
                  Espera {espera(h.horasEsperando)}
                </span>
                <div className="hallazgo__acciones">
                  {h.informeId !== null ? (
                    <Link
                      href={paths.informe(h.informeId)}
                      className="btn btn--secondary btn--sm"
                      aria-label={`Ver el informe de ${h.paciente}`}
                    >
                      <IconFileText />
                      <span>Informe</span>
                    </Link>
                  ) : (
                    <Link
                      href={paths.laboratorioAtencion(h.atencionId)}
                      className="btn btn--secondary btn--sm"
                      aria-label={`Ver los resultados de ${h.paciente}`}
                    >
                      <IconFlask />
                      <span>Resultados</span>
                    </Link>
                  )}
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() => {
                      setHecho(null)
                      setAbierto(h)
                    }}
                  >
                    Registrar comunicación
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {datos.total > datos.hallazgos.length && (
            <p className="alertas__mas muted small">
              Se muestran los {datos.hallazgos.length} más antiguos de{' '}
              {plural(datos.total, 'hallazgo', 'hallazgos')}.
            </p>
          )}
        </>
      )}
      {abierto && (
        <ComunicarDialogo
          hallazgoId={abierto.id}
          descripcion={
            abierto.resultado
              ? `Valor crítico de ${abierto.paciente}: ${valorCritico(abierto.resultado)}${abierto.firmante ? `, ingresado por ${abierto.firmante}` : ''}.`
              : `Hallazgo crítico de ${abierto.paciente} (${abierto.estudios.join(', ')}), firmado por ${abierto.firmante}.`
          }
          onRegistrado={(h) => {
            setAbierto(null)
            setHecho(`Comunicación registrada: ${h.paciente}`)
            onRegistrado(h)
          }}
          onYaRegistrado={onReintentar}
          onVolver={() => setAbierto(null)}
        />
      )}
    </section>
  )
}
