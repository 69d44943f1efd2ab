// One record of a pair or a merge, as a table cell's content: name, document, birth date, history.
import { Link } from 'wouter'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import type { Registro } from '../../../shared/fusiones.js'
import { fecha } from '../../components/format.js'
import { paths } from '../../paths.js'

export function RegistroCell({ r, enlace = true }: { r: Registro; enlace?: boolean }) {
  return (
    <>
      {enlace ? (
        <Link href={paths.paciente(r.id)} className="cell-link">
          {r.nombreCompleto}
        </Link>
      ) : (
        <span className="registro__nombre">{r.nombreCompleto}</span>
      )}
      <span className="cell-sub">
        {TIPO_DOCUMENTO_ETIQUETA[r.tipoDocumento]} {r.documento} · ID {r.id}
      </span>
      <span className="cell-sub">
        Nació el {fecha(r.fechaNacimiento)} ·{' '}
        {r.atenciones === 1 ? '1 atención' : `${r.atenciones} atenciones`}
      </span>
    </>
  )
}
