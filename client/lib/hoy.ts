import { fechaEnZona } from '../../shared/edad.js'
import { sesion } from '../state/sesion.js'

/**
 * Today's date ('YYYY-MM-DD') at the clinic: the server's clock in CLINIC_TZ, as the session
 * answered them (docs/datos.md#hora-de-la-clínica). The browser's clock only measures the time
 * since, so a wrong clock or another zone on the front desk's computer changes nothing, and a page
 * left open past midnight moves on to the next day.
 */
export function hoyClinica(): string {
  const reloj = sesion.reloj
  if (!reloj) return fechaEnZona(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone)
  return fechaEnZona(new Date(Date.now() + reloj.desfaseMs), reloj.zonaHoraria)
}
