import { fechaEnZona, horaEnZona } from '../../shared/edad.js'
import { sesion } from '../state/sesion.js'

/**
 * Today's date ('YYYY-MM-DD') at the clinic: the server's clock in CLINIC_TZ, as the session
 * answered them (docs/datos.md#hora-de-la-clínica). The browser's clock only measures the time
 * since, so a wrong clock or another zone on the front desk's computer changes nothing, and a page
 * left open past midnight moves on to the next day.
 */
export function hoyClinica(): string {
  return ahoraClinica().slice(0, 10)
}

/** The clinic's date and time now, 'YYYY-MM-DDTHH:MM', from the same clock as hoyClinica. */
export function ahoraClinica(): string {
  const reloj = sesion.reloj
  const zona = reloj?.zonaHoraria ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  const ahora = new Date(Date.now() + (reloj?.desfaseMs ?? 0))
  return `${fechaEnZona(ahora, zona)}T${horaEnZona(ahora, zona)}`
}
