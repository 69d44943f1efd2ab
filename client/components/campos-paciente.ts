// A patient's field values as they read on screen: the ficha, the history of changes and the
// merge say the same thing. Their names are the fields' labels (paciente-campos.ts).
import { esTipoDocumento, TIPO_DOCUMENTO_ETIQUETA } from '../../shared/catalogos.js'
import type { CampoPaciente } from '../../shared/paciente-campos.js'
import { fecha } from './format.js'

/** A field's value on screen: '—' when blank, the document type's name, a date as 14/05/2025. */
export function valorCampo(campo: CampoPaciente, valor: string | null | undefined): string {
  if (valor === null || valor === undefined || valor === '') return '—'
  if (campo === 'tipoDocumento' && esTipoDocumento(valor)) return TIPO_DOCUMENTO_ETIQUETA[valor]
  if (campo === 'fechaNacimiento') return fecha(valor)
  return valor
}
