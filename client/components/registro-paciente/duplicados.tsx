// The possible duplicates panel beside the form (docs/datos.md#posibles-duplicados): a warning with
// links, never a block.
import { TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import { fecha } from '../../components/format.js'
import { IconAlert, IconCheck, IconInfo } from '../../components/icons.js'
import { paths } from '../../paths.js'
import type { EstadoDuplicados } from './use-duplicados.js'

export function DuplicadosPanel({ estado }: { estado: EstadoDuplicados }) {
  const { lista, buscando } = estado
  const hay = lista !== null && lista.length > 0
  return (
    <section
      className={hay ? 'dups dups--warn' : lista === null ? 'dups dups--idle' : 'dups'}
      aria-labelledby="dups-titulo"
      aria-live="polite"
    >
      <h3 id="dups-titulo" className="dups__title">
        {hay ? <IconAlert /> : lista ? <IconCheck /> : <IconInfo />}
        {hay ? `Posibles duplicados (${lista.length})` : 'Posibles duplicados'}
      </h3>
      {lista === null ? (
        <p className="dups__text">
          Al completar nombres y fecha de nacimiento verá aquí los pacientes ya registrados con los
          mismos datos.
        </p>
      ) : buscando ? (
        <p className="dups__text">Buscando pacientes parecidos…</p>
      ) : !hay ? (
        <p className="dups__text">No hay pacientes con los mismos nombres y fecha de nacimiento.</p>
      ) : (
        <>
          <p className="dups__text">
            Ya existen pacientes con los mismos nombres y fecha de nacimiento. Revise antes de
            registrar otro:
          </p>
          <ul className="dups__list">
            {lista.map((d) => (
              <li key={d.id}>
                <a href={paths.paciente(d.id)} target="_blank" rel="noopener noreferrer">
                  {d.nombreCompleto}
                  <span className="visually-hidden"> (se abre en otra pestaña)</span>
                </a>
                <span className="dups__meta">
                  ID {d.id} · {TIPO_DOCUMENTO_ETIQUETA[d.tipoDocumento]} {d.documento} ·{' '}
                  {fecha(d.fechaNacimiento)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
