// A newborn's mother (docs/datos.md#recién-nacidos) as her child's page and form name her: her
// name and document, linked to her page. The data comes with the child's read (GET
// /pacientes/:id, which records the read on her record) or with the desk's search for her.
import { Link } from 'wouter'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../shared/catalogos.js'
import type { Madre } from '../../shared/pacientes.js'
import { paths } from '../paths.js'

export function MadreEnlace({ madre }: { madre: Madre }) {
  return (
    <Link href={paths.paciente(madre.id)}>
      {`${madre.nombreCompleto} (${TIPO_DOCUMENTO_ETIQUETA[madre.tipoDocumento]} ${madre.documento})`}
    </Link>
  )
}
