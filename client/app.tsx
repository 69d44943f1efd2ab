// Routes (docs/producto.md#pantallas). Every screen but login is lazy, so the first screen carries
// no forms, validation or chart code; every screen but login and the public check of a printed
// document (/v/:codigo) and the patient's results (/resultados) sits in the shell and needs a session.
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import {
  matchRoute,
  Redirect,
  Route,
  Router,
  Switch,
  useLocation,
  useRouter,
  useSearch,
  type AroundNavHandler,
  type Parser,
} from 'wouter'
import { ErrorBoundary } from './components/error-boundary.js'
import { Shell } from './components/shell.js'
import { LoginPage } from './features/auth/login-page.js'
import { paths, volverA } from './paths.js'
import { pedirSalida } from './state/salida.js'
import { sesion } from './state/sesion.js'

/**
 * Every screen once: its path (from paths.ts, with `:id` where the id goes), its code, and whether
 * it prints alone, outside the app's frame (the ticket, docs/producto.md#ticket-de-atención, and
 * the cita's slip, #comprobante-de-cita). Matched in this order.
 */
const PANTALLAS = [
  { ruta: paths.dashboard, carga: () => import('./features/dashboard/dashboard-page.js') },
  { ruta: paths.pacientes, carga: () => import('./features/pacientes/pacientes-page.js') },
  {
    ruta: paths.crearPaciente,
    carga: () => import('./features/pacientes/crear-paciente-page.js'),
  },
  { ruta: paths.buscarPaciente, carga: () => import('./features/buscar/buscar-page.js') },
  { ruta: paths.duplicados, carga: () => import('./features/fusiones/duplicados-page.js') },
  {
    ruta: paths.compararDuplicados(':a', ':b'),
    carga: () => import('./features/fusiones/comparar-page.js'),
  },
  {
    ruta: paths.editarPaciente(':id'),
    carga: () => import('./features/pacientes/editar-paciente-page.js'),
  },
  { ruta: paths.paciente(':id'), carga: () => import('./features/paciente/paciente-page.js') },
  { ruta: paths.miCuenta, carga: () => import('./features/cuenta/mi-cuenta-page.js') },
  { ruta: paths.citas, carga: () => import('./features/citas/citas-page.js') },
  { ruta: paths.pasosEquipos, carga: () => import('./features/equipos/pasos-page.js') },
  { ruta: paths.porInformar, carga: () => import('./features/informes/por-informar-page.js') },
  { ruta: paths.informe(':id'), carga: () => import('./features/informes/informe-page.js') },
  { ruta: paths.laboratorio, carga: () => import('./features/laboratorio/laboratorio-page.js') },
  {
    ruta: paths.laboratorioAtencion(':id'),
    carga: () => import('./features/laboratorio/atencion-page.js'),
  },
  {
    ruta: paths.laboratorioAnalitos,
    carga: () => import('./features/laboratorio/por-analito-page.js'),
  },
  {
    ruta: paths.laboratorioAnalito(':id'),
    carga: () => import('./features/laboratorio/por-analito-page.js'),
  },
  {
    ruta: paths.configuracion,
    conSubrutas: true,
    carga: () => import('./features/configuracion/configuracion-page.js'),
  },
  {
    ruta: paths.ticket(':id'),
    sola: true,
    carga: () => import('./features/ticket/ticket-page.js'),
  },
  {
    ruta: paths.comprobanteCita(':id'),
    sola: true,
    carga: () => import('./features/citas/comprobante-page.js'),
  },
].map((p) => ({
  ...p,
  patron: p.conSubrutas ? new RegExp(`^${p.ruta}(/.*)?$`) : p.ruta,
  Pagina: lazy(p.carga),
}))
/** A printed document's check, for anyone: no session, no frame, no app code it does not use. */
const VerificarPage = lazy(() => import('./features/verificacion/verificar-page.js'))
/** A patient's own results with the code on their ticket: the same, for the same phone. */
const ResultadosPage = lazy(() => import('./features/resultados/resultados-page.js'))
const EN_EL_MARCO = PANTALLAS.filter((p) => !p.sola)
const SOLAS = PANTALLAS.filter((p) => p.sola)
/** The paths the frame (menu and session) serves: those under the first part of its screens'. */
const RUTA_DEL_MARCO = new RegExp(
  `^/(${[...new Set(EN_EL_MARCO.map((p) => p.ruta.split('/')[1]))].join('|')})(/.*)?$`,
)

/** Starts loading the page's code while the session is being checked (the same promise lazy() gets). */
function precargar(parser: Parser, path: string): void {
  const carga = PANTALLAS.find((p) => matchRoute(parser, p.patron, path)[0])?.carga
  carga?.().catch(() => {}) // a failure shows when the page itself renders
}

function Cargando() {
  return (
    <div className="centered" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Cargando…</span>
    </div>
  )
}

function RequireSesion({ children }: { children: ReactNode }) {
  const { estado } = useSnapshot(sesion)
  const [location] = useLocation()
  const search = useSearch()
  const { parser } = useRouter()
  useEffect(() => {
    if (sesion.estado !== 'comprobando') return
    precargar(parser, location)
    void import('./lib/sesion-api.js').then((m) => m.comprobarSesion())
  }, [])
  if (estado === 'comprobando') return <Cargando />
  if (estado === 'ninguna')
    return (
      <Redirect to={`${paths.login}${volverA(location + (search ? `?${search}` : ''))}`} replace />
    )
  return children
}

function Paginas() {
  const [location] = useLocation()
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<Cargando />}>
        <Switch>
          {EN_EL_MARCO.map((p) => (
            <Route key={p.ruta} path={p.patron} component={p.Pagina} />
          ))}
          <Route>
            <Redirect to={paths.login} replace />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  )
}

// Every in-app navigation (links, menu entries, redirects) asks first when a form would lose its
// values (state/salida.ts).
const alNavegar: AroundNavHandler = (navegar, to, opciones) =>
  pedirSalida(() => navegar(to, opciones))

export function App() {
  return (
    <ErrorBoundary>
      <Router aroundNav={alNavegar}>
        <Switch>
          <Route path={paths.login} component={LoginPage} />
          <Route path={paths.verificar(':codigo')}>
            <Suspense fallback={<Cargando />}>
              <VerificarPage />
            </Suspense>
          </Route>
          <Route path={paths.misResultados}>
            <Suspense fallback={<Cargando />}>
              <ResultadosPage />
            </Suspense>
          </Route>
          <Route path={paths.inicio}>
            <Redirect to={paths.dashboard} replace />
          </Route>
          {SOLAS.map((p) => (
            <Route key={p.ruta} path={p.patron}>
              <RequireSesion>
                <ErrorBoundary>
                  <Suspense fallback={<Cargando />}>
                    <p.Pagina />
                  </Suspense>
                </ErrorBoundary>
              </RequireSesion>
            </Route>
          ))}
          <Route path={RUTA_DEL_MARCO}>
            <RequireSesion>
              <Shell>
                <Paginas />
              </Shell>
            </RequireSesion>
          </Route>
          <Route>
            <Redirect to={paths.login} replace />
          </Route>
        </Switch>
      </Router>
    </ErrorBoundary>
  )
}
