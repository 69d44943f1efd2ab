// How the patient's record names a signed document in its «Avisos por correo» and «Entregas»
// cards: one key and one label for both.
import type { DocumentoFirmado } from '../../../shared/correos.js'
import { fechaHora } from '../../components/format.js'

/** «informe:12», «resultados:7»: a document's key, and its option's value. */
export const claveDocumento = (d: { tipo: string; id: number }) => `${d.tipo}:${d.id}`

/** «Informe de Eco (US) · versión 2 · 20/11/2026, 10:30 · reemplazado». */
export function nombreDocumento(d: DocumentoFirmado): string {
  const partes = [d.titulo, `versión ${d.version}`, fechaHora(d.emitidoEn)]
  if (d.parcial) partes.push('parcial')
  if (d.reemplazadoEn) partes.push('reemplazado')
  return partes.join(' · ')
}
