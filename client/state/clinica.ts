// The clinic's identity (GET /clinica): its name and logo on every screen and tab, its RUC,
// address, phone and RENIPRESS code on what is printed. Read once when the app opens (the login
// screen too: it needs no session) and again after an admin changes it.
import { proxy, useSnapshot } from 'valtio'
import type { Clinica } from '../../shared/clinica.js'

/** What a screen shows before the first answer, and if it never comes: no product's name. */
export const NOMBRE_PROVISIONAL = 'Clínica'

export const clinica = proxy({ datos: null as Clinica | null })

/**
 * Reads it again; a failure keeps what is held (the screens still work without it). The call and
 * its contract load apart, so the first screen's script does not grow by them.
 */
export async function cargarClinica(): Promise<void> {
  try {
    const [{ call }, { clinicaContract }] = await Promise.all([
      import('../api.js'),
      import('../../shared/clinica.js'),
    ])
    clinica.datos = await call(clinicaContract, {})
  } catch {
    // Kept as it was: the name shown stays the provisional one until the next load.
  }
}

export function useClinica(): Clinica | null {
  return useSnapshot(clinica).datos as Clinica | null
}

/** The clinic's name, as soon as it is known. */
export const nombreClinica = (c: Clinica | null): string => c?.nombre ?? NOMBRE_PROVISIONAL
