// «34 años · Femenino»: a patient's age on the atención's day at the clinic, and sex.
import { edadDetallada, edadTexto, fechaEnZona } from '../../../shared/edad.js'
import { sesion } from '../../state/sesion.js'

export function edadSexo(fechaNacimiento: string, sexo: string, llegada: string): string {
  const zona = sesion.reloj?.zonaHoraria ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  const e = edadDetallada(fechaNacimiento, fechaEnZona(new Date(llegada), zona))
  return `${e ? edadTexto(e) : '—'} · ${sexo}`
}
