// The sections of Configuración (docs/producto.md#configuración), in menu order: the page's
// section menu, its routes and its redirect all come from this one list, so a new section is one
// entry here and a page of its own.
import type { ComponentType } from 'react'
import { paths } from '../../paths.js'

export interface Seccion {
  etiqueta: string
  path: string
  /** The section's page, loaded when it is first opened. */
  cargar: () => Promise<{ default: ComponentType }>
}

export const SECCIONES: readonly Seccion[] = [
  {
    etiqueta: 'Personal',
    path: `${paths.configuracion}/personal`,
    cargar: () => import('./personal-page.js'),
  },
  {
    etiqueta: 'Sedes',
    path: `${paths.configuracion}/sedes`,
    cargar: () => import('./sedes-page.js'),
  },
  {
    etiqueta: 'Modalidades',
    path: `${paths.configuracion}/modalidades`,
    cargar: () => import('./modalidades-page.js'),
  },
  {
    etiqueta: 'Salas',
    path: `${paths.configuracion}/salas`,
    cargar: () => import('./salas-page.js'),
  },
  {
    etiqueta: 'Estudios',
    path: `${paths.configuracion}/estudios`,
    cargar: () => import('./estudios-page.js'),
  },
  {
    etiqueta: 'Médicos solicitantes',
    path: `${paths.configuracion}/medicos-solicitantes`,
    cargar: () => import('./medicos-page.js'),
  },
  {
    etiqueta: 'Informes',
    path: `${paths.configuracion}/informes`,
    cargar: () => import('./plantillas-page.js'),
  },
  {
    etiqueta: 'Laboratorio',
    path: `${paths.configuracion}/laboratorio`,
    cargar: () => import('./laboratorio-page.js'),
  },
  {
    etiqueta: 'Feriados',
    path: `${paths.configuracion}/feriados`,
    cargar: () => import('./feriados-page.js'),
  },
  {
    etiqueta: 'Clínica',
    path: `${paths.configuracion}/clinica`,
    cargar: () => import('./clinica-page.js'),
  },
  {
    etiqueta: 'Auditoría',
    path: `${paths.configuracion}/auditoria`,
    cargar: () => import('./auditoria-page.js'),
  },
  {
    etiqueta: 'Respaldos',
    path: `${paths.configuracion}/respaldos`,
    cargar: () => import('./respaldos-page.js'),
  },
]

/** The section a path is in (itself or a page under it). */
export const seccionDe = (path: string): Seccion | undefined =>
  SECCIONES.find((s) => path === s.path || path.startsWith(`${s.path}/`))
