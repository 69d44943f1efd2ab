// Beside the informe (docs/producto.md#informe): the study's images in the clinic's viewer, the
// patient's earlier signed reports (same modality first, each with its conclusion and its PDF), and
// the phrases of the study, inserted with a click or by shortcut and Tab in the editor.
import type { ContextoInforme } from '../../../shared/informes-paciente.js'
import { fechaHora } from '../../components/format.js'
import { IconDownload, IconEye } from '../../components/icons.js'
import { urlPdf } from '../../lib/informes-api.js'

const dia = (iso: string) => fechaHora(iso).slice(0, 10)

export function InformeLado({
  contexto,
  etiqueta,
  editable,
  onFrase,
}: {
  contexto: ContextoInforme | null
  etiqueta: (modalidad: string) => string
  editable: boolean
  onFrase: (texto: string) => void
}) {
  if (!contexto) return <aside className="informe__lado" aria-busy="true" />
  return (
    <aside className="informe__lado" aria-label="Apoyo para informar">
      {contexto.visor && (
        <a
          className="btn btn--secondary informe__visor"
          href={contexto.visor}
          target="_blank"
          rel="noopener noreferrer"
        >
          <IconEye /> Ver imágenes
        </a>
      )}
      <section className="card lado__seccion" aria-labelledby="previos-titulo">
        <h2 id="previos-titulo" className="lado__titulo">
          Informes anteriores
        </h2>
        {contexto.previos.length === 0 ? (
          <p className="muted small">El paciente no tiene otros informes firmados.</p>
        ) : (
          <ol className="previos">
            {contexto.previos.map((p) => (
              <li key={p.informeId} className="previo">
                <p className="previo__cabecera">
                  <strong>
                    {etiqueta(p.modalidad)}: {p.estudios.join(', ')}
                  </strong>
                  <span className="muted small">
                    {dia(p.llegada)} · N.º {p.numero}
                    {p.tipo !== 'original' && ` · ${p.tipo === 'adenda' ? 'Adenda' : 'Corrección'}`}
                  </span>
                </p>
                <p className="previo__conclusion">{p.conclusion || '—'}</p>
                <p className="previo__pie muted small">
                  <span>{p.firmante}</span>
                  {p.importado ? (
                    <span>Sistema anterior</span>
                  ) : (
                    <a
                      href={urlPdf(p.informeId)}
                      target="_blank"
                      rel="noopener"
                      className="previo__pdf"
                    >
                      <IconDownload /> PDF
                    </a>
                  )}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      {editable && contexto.frases.length > 0 && (
        <section className="card lado__seccion" aria-labelledby="frases-titulo">
          <h2 id="frases-titulo" className="lado__titulo">
            Frases
          </h2>
          <p className="muted small">
            Escriba el atajo y pulse Tab en el texto, o elija una frase para insertarla donde
            escribe.
          </p>
          <ul className="frases">
            {contexto.frases.map((f) => (
              <li key={f.atajo}>
                <button
                  type="button"
                  className="frase"
                  // Keeps the editor's cursor where it was.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onFrase(f.texto)}
                >
                  <span className="frase__atajo mono">{f.atajo}</span>
                  <span className="frase__texto">{f.texto}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  )
}
