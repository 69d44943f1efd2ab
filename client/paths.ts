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
  porInformar: '/informes',
  informe: (id: number | string) => `/informes/${id}`,
  laboratorio: '/laboratorio',
  laboratorioAtencion: (id: number | string) => `/laboratorio/atenciones/${id}`,
  laboratorioAnalitos: '/laboratorio/analitos',
  laboratorioAnalito: (id: number | string) => `/laboratorio/analitos/${id}`,
  /** A printed document's verification, public: where its QR leads (shared/verificacion-codigo.ts). */
  verificar: (codigo: string) => `/v/${codigo}`,
  /** The patient's own signed documents with the access code on their ticket, public. */
  misResultados: '/resultados',
} as const

/** `?volver=<page>` so that after logging in the user lands where they were going. */
export function volverA(here: string): string {
  if (!here || here === '/' || here.startsWith(paths.login)) return ''
  return `?volver=${encodeURIComponent(here)}`
}

/** Any origin of our own: only whether a path stays on it matters. */
const ORIGEN_PROPIO = 'https://clinica.invalid'

/**
 * The page to open after login: only a same-site path, never another origin. It is read as the
 * browser will read it: `/\evil.example` and `/<tab>/evil.example` are `//evil.example`, another
 * host, although they look like paths (and navigating there would fail after the session opened).
 */
export function destinoTrasLogin(search: string): string {
  const volver = new URLSearchParams(search).get('volver')
  if (!volver || !volver.startsWith('/')) return paths.dashboard
  let destino: URL
  try {
    destino = new URL(volver, ORIGEN_PROPIO)
  } catch {
    return paths.dashboard
  }
  if (destino.origin !== ORIGEN_PROPIO || destino.pathname.startsWith(paths.login))
    return paths.dashboard
  return volver
}
