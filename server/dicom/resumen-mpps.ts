// What a stored MPPS step (mpps.datos: its attributes by DICOM keyword, as received) says of the
// patient and the procedure, for the person who reconciles it. Equipment fills these unevenly, so
// every field may be missing.

/** A value of a keyword: the first of a multi-valued one; a person name's alphabetic form. */
function valor(datos: unknown, clave: string): string | null {
  if (!datos || typeof datos !== 'object') return null
  let v: unknown = (datos as Record<string, unknown>)[clave]
  if (Array.isArray(v)) v = v[0]
  if (v && typeof v === 'object' && 'Alphabetic' in v) v = (v as { Alphabetic: unknown }).Alphabetic
  if (typeof v === 'number') v = String(v)
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null
}

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
  const paso = (datos.ScheduledStepAttributesSequence as unknown[] | undefined)?.[0]
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
