// Informes (docs/producto.md#ficha-del-paciente): each atención of the patient with an informe, the
// latest first, with all its versions — the original, its adendas and corrections, a replaced one
// marked so — each opening in the informe page and, once signed, its PDF.
import { Link } from 'wouter'
import type { InformesAtencion, VersionInforme } from '../../../shared/informes-paciente.js'
import { fechaHora } from '../../components/format.js'
import { IconDownload } from '../../components/icons.js'
import { informesDePaciente, urlPdf } from '../../lib/informes-api.js'
import { useLectura } from '../../lib/use-lectura.js'
import { paths } from '../../paths.js'
import { useEtiquetaModalidad } from '../../state/catalogos.js'

const TIPO = { original: 'Informe', adenda: 'Adenda', correccion: 'Corrección' } as const

function estadoDe(v: VersionInforme): string {
  if (v.estado === 'borrador') return 'Borrador'
  if (v.estado === 'preliminar') return 'Preliminar: falta la segunda firma'
  return v.reemplazadoPor ? 'Reemplazado por una corrección' : 'Firmado'
}

export function InformesPaciente({ pacienteId }: { pacienteId: number }) {
  const etiqueta = useEtiquetaModalidad()
  const { datos: lista, error } = useLectura<InformesAtencion[]>(
    (signal) => informesDePaciente(pacienteId, signal),
    pacienteId,
    'No se pudieron cargar los informes',
  )

  return (
    <section className="card" aria-labelledby="informes-paciente-titulo">
      <header className="card__header">
        <h2 id="informes-paciente-titulo">Informes</h2>
      </header>
      <div className="card__body">
        {error && (
          <p className="text-error" role="alert">
            {error}
          </p>
        )}
        {lista === null && !error && <div className="skeleton historial-skeleton" />}
        {lista?.length === 0 && <p className="muted">Sin informes.</p>}
        {lista && lista.length > 0 && (
          <ul className="informes-paciente">
            {lista.map((a) => (
              <li
                key={a.atencionId}
                className="informes-paciente__atencion"
                data-testid="informes-atencion"
              >
                <p className="informes-paciente__estudio">
                  <strong>
                    {etiqueta(a.modalidad)}: {a.estudios.join(', ')}
                  </strong>{' '}
                  <span className="muted small">
                    {fechaHora(a.llegada)} · {a.sede} · Atención N.º {a.atencionId}
                  </span>
                </p>
                <ol className="informes-paciente__versiones">
                  {a.versiones.map((v) => (
                    <li
                      key={v.id}
                      className={
                        v.reemplazadoPor
                          ? 'informes-paciente__version reemplazada'
                          : 'informes-paciente__version'
                      }
                    >
                      <Link href={paths.informe(v.id)}>
                        {TIPO[v.tipo]} N.º {v.numero}
                      </Link>
                      <span className="muted small">
                        {estadoDe(v)}
                        {v.firmadoEn && ` · ${v.firmante ?? ''}, ${fechaHora(v.firmadoEn)}`}
                        {v.motivo && ` · Motivo: ${v.motivo}`}
                      </span>
                      {v.importado && (
                        <span className="muted small">Firmado en el sistema anterior</span>
                      )}
                      {v.estado === 'final' && !v.importado && (
                        <a
                          className="informes-paciente__pdf"
                          href={urlPdf(v.id)}
                          target="_blank"
                          rel="noopener"
                        >
                          <IconDownload /> PDF
                        </a>
                      )}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
