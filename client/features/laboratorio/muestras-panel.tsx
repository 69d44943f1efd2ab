// «Muestras» of a LAB atención: its tubes with their label's number, container, exams and estado
// (who received or rejected each and when; rejected ones struck with their reason); registering
// them, printing the labels of those to draw (50×25 mm or A4) and rejecting a live one.
import { useState } from 'react'
import type { Muestra } from '../../../shared/muestras.js'
import { mensajeDe } from '../../api.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconPrinter } from '../../components/icons.js'
import { tomarMuestras, urlEtiquetas } from '../../lib/laboratorio-api.js'
import { usePuede } from '../../state/sesion.js'
import { RechazarDialogo } from './rechazar-dialogo.js'

function EstadoMuestra({ m }: { m: Muestra }) {
  if (m.estado === 'recibida')
    return (
      <>
        <span className="badge badge--done">Recibida</span>
        <span className="cell-sub">
          {fechaHora(m.recibidaEn)}
          {m.recibidaPor && ` · ${m.recibidaPor}`}
        </span>
      </>
    )
  if (m.estado === 'rechazada')
    return (
      <>
        <span className="badge badge--stat">Rechazada</span>
        <span className="cell-sub">
          {m.motivoRechazo}
          {m.notaRechazo && `: ${m.notaRechazo}`} · {fechaHora(m.rechazadaEn)}
          {m.rechazadaPor && ` · ${m.rechazadaPor}`}
        </span>
      </>
    )
  return <span className="badge badge--wait">Pendiente</span>
}

export function MuestrasPanel({
  atencionId,
  muestras,
  error,
  onCambio,
}: {
  atencionId: number
  muestras: Muestra[] | null
  error: string | null
  /** Samples registered, received or rejected: both reads are done again. */
  onCambio: (aviso: string) => void
}) {
  const gestiona = usePuede('muestras.gestionar')
  const [rechazando, setRechazando] = useState<Muestra | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  const [registrando, setRegistrando] = useState(false)
  const pendientes = (muestras ?? []).filter((m) => m.estado === 'pendiente').length

  const registrar = async () => {
    setRegistrando(true)
    setFallo(null)
    try {
      const m = await tomarMuestras(atencionId)
      onCambio(m.length === 1 ? '1 muestra registrada' : `${m.length} muestras registradas`)
    } catch (err) {
      setFallo(mensajeDe(err, 'No se pudieron registrar las muestras'))
    } finally {
      setRegistrando(false)
    }
  }

  return (
    <section className="card muestras" aria-labelledby="muestras-titulo">
      <header className="card__header muestras__cabecera">
        <h2 id="muestras-titulo">Muestras</h2>
        {gestiona && (
          <div className="btn-row">
            {muestras?.length === 0 && (
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={registrando}
                onClick={() => void registrar()}
              >
                {registrando && <span className="spinner" aria-hidden="true" />}
                Registrar muestras
              </button>
            )}
            {pendientes > 0 && (
              <>
                <a
                  className="btn btn--secondary btn--sm"
                  href={urlEtiquetas(atencionId, 'etiqueta')}
                  target="_blank"
                  rel="noopener"
                >
                  <IconPrinter />
                  Imprimir etiquetas
                </a>
                <a
                  className="btn btn--secondary btn--sm"
                  href={urlEtiquetas(atencionId, 'a4')}
                  target="_blank"
                  rel="noopener"
                >
                  Etiquetas en A4
                </a>
              </>
            )}
          </div>
        )}
      </header>
      {(error ?? fallo) && (
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{error ?? fallo}</span>
        </p>
      )}
      {!muestras && !error && <p role="status">Cargando…</p>}
      {muestras?.length === 0 && (
        <p className="empty">Aún no se registraron las muestras de esta atención.</p>
      )}
      {muestras && muestras.length > 0 && (
        <div
          className="table-wrap"
          role="region"
          aria-labelledby="muestras-titulo"
          // Scrolls sideways on a phone: the keyboard reaches it too.
          tabIndex={0}
        >
          <table className="table table--compact muestras__tabla">
            <thead>
              <tr>
                <th scope="col">Código</th>
                <th scope="col">Recipiente</th>
                <th scope="col">Exámenes</th>
                <th scope="col">Estado</th>
                {gestiona && (
                  <th scope="col">
                    <span className="visually-hidden">Acción</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {muestras.map((m) => (
                <tr
                  key={m.id}
                  className={m.estado === 'rechazada' ? 'muestra--rechazada' : undefined}
                  data-testid={`muestra-${m.codigo}`}
                >
                  <td className="mono">
                    {m.estado === 'rechazada' ? <s>{m.codigo}</s> : m.codigo}
                    {m.reemplazaA && <span className="cell-sub">Reemplaza a {m.reemplazaA}</span>}
                  </td>
                  <td>
                    {m.recipiente}
                    <span className="cell-sub">{m.muestra}</span>
                  </td>
                  <td>{m.estudios.join(', ')}</td>
                  <td>
                    <EstadoMuestra m={m} />
                  </td>
                  {gestiona && (
                    <td>
                      {m.estado !== 'rechazada' && (
                        <button
                          type="button"
                          className="btn btn--ghost btn--sm"
                          aria-label={`Rechazar la muestra ${m.codigo}`}
                          onClick={() => setRechazando(m)}
                        >
                          Rechazar
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rechazando && (
        <RechazarDialogo
          muestra={rechazando}
          onVolver={() => setRechazando(null)}
          onRechazada={(nueva) => {
            setRechazando(null)
            onCambio(
              `Muestra ${rechazando.codigo} rechazada: tome la muestra nueva ${nueva.codigo} e imprima su etiqueta`,
            )
          }}
        />
      )}
    </section>
  )
}
