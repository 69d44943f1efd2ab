// Every route of the app in one place, so no screen spells a URL of its own.
export const paths = {
  login: '/login',
  inicio: '/',
  dashboard: '/dashboard',
  pacientes: '/pacientes',
  crearPaciente: '/pacientes/crear',
  buscarPaciente: '/pacientes/buscar',
  paciente: (id: number | string) => `/pacientes/${id}`,
  duplicados: '/pacientes/duplicados',
  compararDuplicados: (a: number | string, b: number | string) => `/pacientes/duplicados/${a}/${b}`,
  editarPaciente: (id: number | string) => `/pacientes/${id}/editar`,
  ticket: (atencionId: number | string) => `/atenciones/${atencionId}/ticket`,
  miCuenta: '/mi-cuenta',
  citas: '/citas',
  comprobanteCita: (atencionId: number | string) => `/citas/${atencionId}/comprobante`,
  configuracion: '/configuracion',
  pasosEquipos: '/equipos',
} as const

/** `?volver=<page>` so that after logging in the user lands where they were going. */
export function volverA(here: string): string {
  if (!here || here === '/' || here.startsWith(paths.login)) return ''
  return `?volver=${encodeURIComponent(here)}`
}

/** The page to open after login: only a same-site path, never another origin. */
export function destinoTrasLogin(search: string): string {
  const volver = new URLSearchParams(search).get('volver')
  if (
    volver &&
    volver.startsWith('/') &&
    !volver.startsWith('//') &&
    !volver.startsWith(paths.login)
  )
    return volver
  return paths.dashboard
}
