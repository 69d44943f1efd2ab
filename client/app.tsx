// Routes (docs/producto.md#pantallas). Every screen but login is lazy, so the first screen carries
// no forms, validation or chart code; every screen but login sits in the shell and needs a session.
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import {
  Redirect,
  Route,
  Router,
  Switch,
  useLocation,
  useSearch,
  type AroundNavHandler,
} from 'wouter'
import { ErrorBoundary } from './components/error-boundary.js'
import { Shell } from './components/shell.js'
import { LoginPage } from './features/auth/login-page.js'
import { paths, volverA } from './paths.js'
import { pedirSalida } from './state/salida.js'
import { sesion } from './state/sesion.js'

const paginas = {
  dashboard: () => import('./features/dashboard/dashboard-page.js'),
  pacientes: () => import('./features/pacientes/pacientes-page.js'),
  crear: () => import('./features/pacientes/crear-paciente-page.js'),
  buscar: () => import('./features/buscar/buscar-page.js'),
  paciente: () => import('./features/paciente/paciente-page.js'),
  duplicados: () => import('./features/fusiones/duplicados-page.js'),
  comparar: () => import('./features/fusiones/comparar-page.js'),
  editar: () => import('./features/pacientes/editar-paciente-page.js'),
  ticket: () => import('./features/ticket/ticket-page.js'),
  miCuenta: () => import('./features/cuenta/mi-cuenta-page.js'),
  citas: () => import('./features/citas/citas-page.js'),
  comprobante: () => import('./features/citas/comprobante-page.js'),
  configuracion: () => import('./features/configuracion/configuracion-page.js'),
  pasosEquipos: () => import('./features/equipos/pasos-page.js'),
}
const DashboardPage = lazy(paginas.dashboard)
const PacientesPage = lazy(paginas.pacientes)
const CrearPacientePage = lazy(paginas.crear)
const BuscarPacientePage = lazy(paginas.buscar)
const PacientePage = lazy(paginas.paciente)
const DuplicadosPage = lazy(paginas.duplicados)
const CompararPage = lazy(paginas.comparar)
const EditarPacientePage = lazy(paginas.editar)
const TicketPage = lazy(paginas.ticket)
const MiCuentaPage = lazy(paginas.miCuenta)
const CitasPage = lazy(paginas.citas)
const ComprobantePage = lazy(paginas.comprobante)
const ConfiguracionPage = lazy(paginas.configuracion)
const PasosEquiposPage = lazy(paginas.pasosEquipos)

/** An atención's ticket: printed alone, outside the app's frame (docs/producto.md#ticket-de-atención). */
const RUTA_TICKET = /^\/atenciones\/[^/]+\/ticket$/
/** A cita's slip: printed alone too (docs/producto.md#comprobante-de-cita). */
const RUTA_COMPROBANTE = /^\/citas\/[^/]+\/comprobante$/

/** Which page's code a path needs, in the order the routes are matched. */
const CODIGO_DE: [(path: string) => boolean, () => Promise<unknown>][] = [
  [(p) => p === paths.dashboard, paginas.dashboard],
  [(p) => p === paths.pacientes, paginas.pacientes],
  [(p) => p === paths.crearPaciente, paginas.crear],
  [(p) => p === paths.buscarPaciente, paginas.buscar],
  [(p) => p === paths.duplicados, paginas.duplicados],
  [(p) => p.startsWith(`${paths.duplicados}/`), paginas.comparar],
  [(p) => /^\/pacientes\/[^/]+\/editar$/.test(p), paginas.editar],
  [(p) => p.startsWith(`${paths.pacientes}/`), paginas.paciente],
  [(p) => RUTA_TICKET.test(p), paginas.ticket],
  [(p) => p === paths.miCuenta, paginas.miCuenta],
  [(p) => p === paths.citas, paginas.citas],
  [(p) => RUTA_COMPROBANTE.test(p), paginas.comprobante],
  [
    (p) => p === paths.configuracion || p.startsWith(`${paths.configuracion}/`),
    paginas.configuracion,
  ],
]

/** Starts loading the page's code while the session is being checked (the same promise lazy() gets). */
function precargar(path: string): void {
  const carga = CODIGO_DE.find(([es]) => es(path))?.[1]
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
  useEffect(() => {
    if (sesion.estado !== 'comprobando') return
    precargar(location)
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
          <Route path={paths.dashboard} component={DashboardPage} />
          <Route path={paths.pacientes} component={PacientesPage} />
          <Route path={paths.crearPaciente} component={CrearPacientePage} />
          <Route path={paths.buscarPaciente} component={BuscarPacientePage} />
          <Route path={paths.duplicados} component={DuplicadosPage} />
          <Route path="/pacientes/duplicados/:a/:b" component={CompararPage} />
          <Route path="/pacientes/:id/editar" component={EditarPacientePage} />
          <Route path="/pacientes/:id" component={PacientePage} />
          <Route path={paths.miCuenta} component={MiCuentaPage} />
          <Route path={paths.citas} component={CitasPage} />
          <Route path={paths.pasosEquipos} component={PasosEquiposPage} />
          <Route path={/^\/configuracion(\/.*)?$/} component={ConfiguracionPage} />
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
          <Route path={paths.inicio}>
            <Redirect to={paths.dashboard} replace />
          </Route>
          <Route path="/atenciones/:id/ticket">
            <RequireSesion>
              <ErrorBoundary>
                <Suspense fallback={<Cargando />}>
                  <TicketPage />
                </Suspense>
              </ErrorBoundary>
            </RequireSesion>
          </Route>
          <Route path="/citas/:id/comprobante">
            <RequireSesion>
              <ErrorBoundary>
                <Suspense fallback={<Cargando />}>
                  <ComprobantePage />
                </Suspense>
              </ErrorBoundary>
            </RequireSesion>
          </Route>
          <Route path={/^\/(dashboard|pacientes|citas|mi-cuenta|configuracion|equipos)(\/.*)?$/}>
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
