import { fechaEnZona } from '../../shared/edad.js'

/** Today's date ('YYYY-MM-DD') where the browser is: the clinic's front desk. */
export const hoyLocal = (): string =>
  fechaEnZona(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone)
