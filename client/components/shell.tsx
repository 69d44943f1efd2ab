// The layout every signed-in screen sits in: navigation beside (or above, on phones) the content.
import { useEffect, useRef, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { Link, useLocation } from 'wouter'
import { paths } from '../paths.js'
import { abrirMenuMovil, cerrarMenuMovil, ui } from '../state/ui.js'
import { ConfirmarSalida } from './confirmar-salida.js'
import { IconMenu } from './icons.js'
import { Logo } from './logo.js'
import { Sidebar } from './sidebar.js'

export function Shell({ children }: { children: ReactNode }) {
  const snap = useSnapshot(ui)
  const [location] = useLocation()
  const mainRef = useRef<HTMLElement>(null)
  const menuRef = useRef<HTMLButtonElement>(null)
  const first = useRef(true)
  const abierto = snap.menuMovilAbierto

  // A new page moves focus to its content, as a full page load would, for keyboard and screen readers.
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    mainRef.current?.focus({ preventScroll: true })
    window.scrollTo(0, 0)
  }, [location])

  // Closing the slide-in menu gives focus back to its button, unless a new page took it.
  const estabaAbierto = useRef(false)
  useEffect(() => {
    if (estabaAbierto.current && !abierto) {
      const activo = document.activeElement
      if (!activo || activo === document.body || activo.closest('#menu-principal'))
        menuRef.current?.focus()
    }
    estabaAbierto.current = abierto
  }, [abierto])

  // Growing past the phone layout closes the slide-in menu (its page would stay inert otherwise).
  useEffect(() => {
    const ancho = window.matchMedia('(min-width: 768px)')
    const alCambiar = () => ancho.matches && cerrarMenuMovil()
    ancho.addEventListener('change', alCambiar)
    return () => ancho.removeEventListener('change', alCambiar)
  }, [])

  return (
    <div className={snap.sidebarExpandido ? 'shell' : 'shell shell--contraido'}>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="topbar" inert={abierto}>
        <button
          ref={menuRef}
          type="button"
          className="topbar__menu"
          aria-label="Abrir menú"
          aria-expanded={snap.menuMovilAbierto}
          aria-controls="menu-principal"
          onClick={abrirMenuMovil}
        >
          <IconMenu />
        </button>
        <Link href={paths.dashboard} className="logo logo--topbar">
          <Logo />
        </Link>
      </header>
      <Sidebar />
      <main id="contenido" ref={mainRef} tabIndex={-1} className="main" inert={abierto}>
        {children}
      </main>
      <ConfirmarSalida />
    </div>
  )
}
