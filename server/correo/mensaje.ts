// What the patient's email says. No health data goes in it (no study, no result, no document
// title): the address was typed at the desk and nobody confirmed it. It names the clinic, the day
// the document was signed, and where the patient opens it with their own document and code.
import { fechaLegible } from '../../shared/edad.js'
import type { Mensaje } from './smtp.js'

export function mensajePaciente(d: {
  para: string
  nombre: string
  clinica: string
  /** The signing day at the clinic, 'YYYY-MM-DD'. */
  firmadoEl: string
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string
}): Mensaje {
  return {
    para: d.para,
    asunto: `${d.clinica}: tiene un documento nuevo`,
    texto: [
      `Hola, ${d.nombre}:`,
      '',
      `${d.clinica} tiene un documento nuevo para usted, firmado el ${fechaLegible(d.firmadoEl)}.`,
      '',
      `Para verlo y descargarlo, ingrese a ${d.publicUrl}/resultados con su tipo y número de ` +
        'documento y el código de acceso impreso en su ticket. Si no lo tiene, pídalo en recepción.',
      '',
      'Este correo no contiene resultados ni datos de salud: solo se ven en esa página, con su código.',
      '',
      d.clinica,
    ].join('\n'),
  }
}

/**
 * What the médico solicitante's email says: the clinic, the day the document was signed, and the
 * link that opens it until it expires. No patient's name, study or result in the message itself:
 * only the PDF behind the link carries them.
 */
export function mensajeSolicitante(d: {
  para: string
  /** «Apellidos, Nombres», as the catalogue keeps them. */
  medico: string
  clinica: string
  firmadoEl: string
  /** The full link to the document. */
  enlace: string
  /** The last day the link works, 'YYYY-MM-DD' at the clinic. */
  venceEl: string
}): Mensaje {
  return {
    para: d.para,
    asunto: `${d.clinica}: documento de un paciente que usted refirió`,
    texto: [
      `Estimado(a) Dr(a). ${d.medico}:`,
      '',
      `${d.clinica} le envía un documento firmado el ${fechaLegible(d.firmadoEl)}, de un paciente ` +
        'que usted refirió.',
      '',
      `Ábralo aquí: ${d.enlace}`,
      '',
      `El enlace vale hasta el ${fechaLegible(d.venceEl)}. No lo reenvíe: quien lo tenga puede ` +
        'abrir el documento. Si venció, pida a la clínica que se lo envíe otra vez.',
      '',
      d.clinica,
    ].join('\n'),
  }
}
