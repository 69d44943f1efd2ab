// A newborn's mother, or a mother's newborn (docs/datos.md#recién-nacidos), as the linked page and
// the form name them: name and document, linked to their page. The data comes with the patient's
// read (GET /pacientes/:id, which records the read on their record) or the desk's search.
import { Link } from 'wouter'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../shared/catalogos.js'
import type { Familiar } from '../../shared/pacientes.js'
import { paths } from '../paths.js'

export function FamiliarEnlace({ familiar: f }: { familiar: Familiar }) {
  return (
    <Link href={paths.paciente(f.id)}>
      {`${f.nombreCompleto} (${TIPO_DOCUMENTO_ETIQUETA[f.tipoDocumento]} ${f.documento})`}
    </Link>
  )
}
