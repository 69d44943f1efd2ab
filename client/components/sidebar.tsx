// The navigation (docs/producto.md#navegación): a sidebar on wide screens (16rem or 5rem), a
// slide-in menu on phones.
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { Link, useLocation } from 'wouter'
import { NOMBRE_ROL, puede, type Permiso } from '../../shared/permisos.js'
import { paths } from '../paths.js'
import { pedirSalida } from '../state/salida.js'
import { sesion } from '../state/sesion.js'
import { alternarPacientes, alternarSidebar, cerrarMenuMovil, ui } from '../state/ui.js'
import {
  IconCalendar,
  IconChevronDown,
  IconChevronsLeft,
  IconChevronsRight,
  IconDashboard,
  IconFileText,
  IconFlask,
  IconLogout,
  IconMerge,
  IconSearch,
  IconSettings,
  IconUserPlus,
  IconUsers,
  IconX,
} from './icons.js'
import { Logo } from './logo.js'

function NavLink({
  href,
  icon,
  children,
  exact = true,
}: {
  href: string
  icon: ReactNode
  children: string
  exact?: boolean
}) {
  const [location] = useLocation()
  const active = exact ? location === href : location === href || location.startsWith(`${href}/`)
  return (
    <Link
      href={href}
      className="nav__item"
      aria-current={active ? 'page' : undefined}
      title={children}
      onClick={cerrarMenuMovil}
    >
      {icon}
      <span className="nav__label">{children}</span>
    </Link>
  )
}

/** Shown greyed out; clicking does nothing (docs/producto.md#navegación): not available yet. */
function NavDisabled({
  href,
  icon,
  children,
}: {
  href: string
  icon: ReactNode
  children: string
}) {
  const block = (e: MouseEvent) => e.preventDefault()
  return (
    <a
      href={href}
      className="nav__item nav__item--disabled"
      aria-disabled="true"
      title={`${children} (solo administradores)`}
      onClick={block}
    >
      {icon}
      <span className="nav__label">
        {children} <span className="nav__soon">Admin</span>
      </span>
    </a>
  )
}

export function Sidebar() {
  const snap = useSnapshot(ui)
  const { usuario } = useSnapshot(sesion)
  const [location, navigate] = useLocation()
  const closeRef = useRef<HTMLButtonElement>(null)

  // Entering any Pacientes page shows its sub-entries.
  const enPacientes = location.startsWith(paths.pacientes)
  useEffect(() => {
    if (enPacientes) ui.pacientesAbierto = true
  }, [enPacientes])

  // The slide-in menu takes focus when it opens and closes on Escape.
  useEffect(() => {
    if (!snap.menuMovilAbierto) return
    closeRef.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') cerrarMenuMovil()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [snap.menuMovilAbierto])

  const tiene = (permiso: Permiso) => puede(usuario?.rol, permiso)

  const salir = () => {
    cerrarMenuMovil()
    pedirSalida(async () => {
      const { cerrarSesion } = await import('../lib/sesion-api.js')
      await cerrarSesion()
      navigate(paths.login, { replace: true })
    })
  }

  const className = [
    'sidebar',
    snap.sidebarExpandido ? '' : 'sidebar--contraido',
    snap.menuMovilAbierto ? 'sidebar--abierto' : '',
  ]
    .filter(Boolean)
    .join(' ')

  return (
    <>
      <div
        className={snap.menuMovilAbierto ? 'backdrop backdrop--visible' : 'backdrop'}
        onClick={cerrarMenuMovil}
        data-testid="menu-fondo"
      />
      <aside id="menu-principal" className={className} aria-label="Menú principal">
        <div className="sidebar__top">
          <Link href={paths.dashboard} className="logo" onClick={cerrarMenuMovil}>
            <Logo />
          </Link>
          <button
            ref={closeRef}
            type="button"
            className="sidebar__close"
            aria-label="Cerrar menú"
            onClick={cerrarMenuMovil}
          >
            <IconX />
          </button>
        </div>

        <nav className="nav" aria-label="Secciones">
          <ul className="nav__list">
            <li>
              <NavLink href={paths.dashboard} icon={<IconDashboard />}>
                Dashboard
              </NavLink>
            </li>
            <li>
              <div className="nav__group">
                <NavLink href={paths.pacientes} icon={<IconUsers />}>
                  Pacientes
                </NavLink>
                <button
                  type="button"
                  className="nav__toggle"
                  aria-expanded={snap.pacientesAbierto}
                  aria-controls="submenu-pacientes"
                  aria-label={
                    snap.pacientesAbierto
                      ? 'Ocultar opciones de Pacientes'
                      : 'Mostrar opciones de Pacientes'
                  }
                  onClick={alternarPacientes}
                >
                  <IconChevronDown className={snap.pacientesAbierto ? 'rotado' : undefined} />
                </button>
              </div>
              <ul id="submenu-pacientes" className="nav__sub" hidden={!snap.pacientesAbierto}>
                {tiene('pacientes.registrar') && (
                  <li>
                    <NavLink href={paths.crearPaciente} icon={<IconUserPlus />}>
                      Crear paciente
                    </NavLink>
                  </li>
                )}
                <li>
                  <NavLink href={paths.buscarPaciente} icon={<IconSearch />}>
                    Buscar paciente
                  </NavLink>
                </li>
                {tiene('fusiones') && (
                  <li>
                    <NavLink href={paths.duplicados} icon={<IconMerge />} exact={false}>
                      Duplicados
                    </NavLink>
                  </li>
                )}
              </ul>
            </li>
            <li>
              <NavLink href={paths.citas} icon={<IconCalendar />}>
                Citas
              </NavLink>
            </li>
            {/* Médicos report from it; admins open a held study there to release it. */}
            {(tiene('informes.redactar') || tiene('informes.liberar')) && (
              <li>
                <NavLink href={paths.porInformar} icon={<IconFileText />} exact={false}>
                  Por informar
                </NavLink>
              </li>
            )}
            {(tiene('muestras.gestionar') ||
              tiene('resultados.ingresar') ||
              tiene('resultados.validar')) && (
              <li>
                <NavLink href={paths.laboratorio} icon={<IconFlask />} exact={false}>
                  Laboratorio
                </NavLink>
              </li>
            )}
            <li>
              {tiene('configuracion') ? (
                <NavLink href={paths.configuracion} icon={<IconSettings />} exact={false}>
                  Configuración
                </NavLink>
              ) : (
                <NavDisabled href={paths.configuracion} icon={<IconSettings />}>
                  Configuración
                </NavDisabled>
              )}
            </li>
          </ul>
        </nav>

        <div className="sidebar__bottom">
          {usuario && (
            // The user's own account (password, sessions): any role.
            <Link
              href={paths.miCuenta}
              className="user"
              title={`Mi cuenta: ${usuario.nombre} (${NOMBRE_ROL[usuario.rol]})`}
              aria-current={location === paths.miCuenta ? 'page' : undefined}
              onClick={cerrarMenuMovil}
            >
              <span className="user__avatar" aria-hidden="true">
                {iniciales(usuario.nombre || usuario.usuario)}
              </span>
              <span className="user__text">
                <span className="user__name">{usuario.nombre || usuario.usuario}</span>
                <span className="user__role">
                  {usuario.usuario} · {NOMBRE_ROL[usuario.rol]}
                </span>
                <span className="user__cuenta">Mi cuenta</span>
              </span>
            </Link>
          )}
          <button
            type="button"
            className="nav__item nav__logout"
            onClick={salir}
            title="Cerrar Sesión"
          >
            <IconLogout />
            <span className="nav__label">Cerrar Sesión</span>
          </button>
          <button
            type="button"
            className="sidebar__toggle"
            onClick={alternarSidebar}
            aria-expanded={snap.sidebarExpandido}
            aria-controls="menu-principal"
            aria-label={snap.sidebarExpandido ? 'Contraer menú lateral' : 'Expandir menú lateral'}
            title={snap.sidebarExpandido ? 'Contraer menú lateral' : 'Expandir menú lateral'}
          >
            {snap.sidebarExpandido ? <IconChevronsLeft /> : <IconChevronsRight />}
            <span className="nav__label">Contraer menú</span>
          </button>
        </div>
      </aside>
    </>
  )
}

function iniciales(nombre: string): string {
  const partes = nombre.trim().split(/\s+/)
  return ((partes[0]?.[0] ?? '') + (partes[1]?.[0] ?? '')).toUpperCase() || '?'
}
