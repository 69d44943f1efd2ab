// Configuración (docs/producto.md#configuración), for admins: a menu of its sections (secciones.ts)
// and the open one. /configuracion alone opens the first section. Anyone else gets a plain «no
// permission» page: the server would refuse every call of these sections to them anyway.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { Link, Redirect, useLocation } from 'wouter'
import { IconAlert } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { usePuede } from '../../state/sesion.js'
import { SECCIONES, seccionDe } from './secciones.js'
import './configuracion.css'

const PAGINAS = new Map<string, LazyExoticComponent<ComponentType>>(
  SECCIONES.map((s) => [s.path, lazy(s.cargar)]),
)

function SinPermiso() {
  useTitle('Configuración')
  return (
    <div className="page">
      <div className="card card__body sin-permiso" role="alert">
        <IconAlert />
        <h1>No tiene permiso para ver Configuración</h1>
        <p className="muted">
          Solo un administrador puede gestionar el personal, las sedes, las modalidades, las salas,
          los estudios, los médicos solicitantes y los datos de la clínica, y consultar la
          auditoría. Si necesita un cambio en su cuenta, pídaselo a un administrador.
        </p>
      </div>
    </div>
  )
}

function Cargando() {
  return (
    <div className="centered" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Cargando…</span>
    </div>
  )
}

export default function ConfiguracionPage() {
  const permitido = usePuede('configuracion')
  const [location] = useLocation()
  if (!permitido) return <SinPermiso />
  const seccion = seccionDe(location)
  if (!seccion) return <Redirect to={SECCIONES[0]!.path} replace />
  const Pagina = PAGINAS.get(seccion.path)!
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Configuración</h1>
          <p className="page__subtitle">
            Cuentas del personal, sedes, modalidades, salas, estudios, médicos solicitantes,
            plantillas de informe, catálogo del laboratorio, feriados, datos de la clínica, registro
            de auditoría y respaldos.
          </p>
        </div>
      </header>
      <nav className="secciones" aria-label="Secciones de Configuración">
        <ul className="secciones__lista">
          {SECCIONES.map((s) => (
            <li key={s.path}>
              <Link
                href={s.path}
                className="secciones__item"
                aria-current={s === seccion ? 'page' : undefined}
              >
                {s.etiqueta}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<Cargando />}>
        <Pagina />
      </Suspense>
    </div>
  )
}
