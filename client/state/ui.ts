// Interface state (docs/producto.md#navegación): sidebar expanded or collapsed, Pacientes
// dropdown, mobile menu.
import { proxy, subscribe } from 'valtio'

const KEY = 'clinica.sidebar'
const guardado = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY)

export const ui = proxy({
  sidebarExpandido: guardado !== 'contraido',
  pacientesAbierto: false,
  menuMovilAbierto: false,
})

// The wide-screen choice survives a reload; the other two start closed every time.
subscribe(ui, () => {
  try {
    localStorage.setItem(KEY, ui.sidebarExpandido ? 'expandido' : 'contraido')
  } catch {
    // private mode: the choice lasts only this visit
  }
})

export const alternarSidebar = () => void (ui.sidebarExpandido = !ui.sidebarExpandido)
export const alternarPacientes = () => void (ui.pacientesAbierto = !ui.pacientesAbierto)
export const abrirMenuMovil = () => void (ui.menuMovilAbierto = true)
export const cerrarMenuMovil = () => void (ui.menuMovilAbierto = false)
