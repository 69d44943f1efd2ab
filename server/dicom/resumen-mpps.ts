// What a stored MPPS step (mpps.datos: its attributes by DICOM keyword, as received) says of the
// patient and the procedure, for the person who reconciles it. Equipment fills these unevenly, so
// every field may be missing.
import { item, texto } from './consulta.js'
import type { Elementos } from './dimse.js'

/** A keyword's text (the first of several values, a person name's alphabetic form), or null. */
const valor = (datos: Elementos, clave: string): string | null => texto(datos[clave]) || null

/** 'YYYYMMDD' and 'HHMMSS.ffffff' as 'YYYY-MM-DD HH:MM' (or what of them there is). */
function momento(fecha: string | null, hora: string | null): string | null {
  const f =
    fecha && /^\d{8}$/.test(fecha)
      ? `${fecha.slice(0, 4)}-${fecha.slice(4, 6)}-${fecha.slice(6)}`
      : null
  const h = hora && /^\d{4}/.test(hora) ? `${hora.slice(0, 2)}:${hora.slice(2, 4)}` : null
  return f && h ? `${f} ${h}` : (f ?? h)
}

export function resumenMpps(datos: Record<string, unknown>): {
  paciente: string | null
  documento: string | null
  numeroAcceso: string | null
  descripcion: string | null
  inicio: string | null
} {
  const paso = item(datos.ScheduledStepAttributesSequence)
  const nombre = valor(datos, 'PatientName')
  return {
    // Apellidos^Nombres: the components with blanks, as a person reads them.
    paciente: nombre ? nombre.replace(/\^+/g, ' ').trim() : null,
    documento: valor(datos, 'PatientID'),
    numeroAcceso: valor(paso, 'AccessionNumber') ?? valor(datos, 'AccessionNumber'),
    descripcion:
      valor(datos, 'PerformedProcedureStepDescription') ??
      valor(paso, 'ScheduledProcedureStepDescription'),
    inicio: momento(
      valor(datos, 'PerformedProcedureStepStartDate'),
      valor(datos, 'PerformedProcedureStepStartTime'),
    ),
  }
}
