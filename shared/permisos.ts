// Who may do what: the one table every call (each contract names its permiso; server/route.ts
// refuses the rest with a Spanish 403 before reading the body) and every menu entry ask. It is
// shown in docs/seguridad.md#roles-y-permisos, and server/auth/permisos.test.ts walks every route
// of the OpenAPI document with every role against it.
// No runtime import: the sidebar and the session state load this with the first screen.

/** Reception, the technologist at the equipment, the reporting physician, and the admin. */
export const ROLES = ['recepcion', 'tecnologo', 'medico', 'admin'] as const
export type Rol = (typeof ROLES)[number]

const TODOS = ROLES
const ADMIN = ['admin'] as const

/** Permiso → the roles that hold it, with what it allows (for the docs and the admin screen). */
export const PERMISOS = {
  'sesion.propia': {
    roles: TODOS,
    descripcion: 'Su sesión, su contraseña, sus preferencias y la documentación de la API',
  },
  'pacientes.ver': {
    roles: TODOS,
    descripcion: 'Buscar y ver pacientes, su historial y sus citas; catálogos, agenda y feriados',
  },
  'pacientes.registrar': {
    roles: ['recepcion', 'admin'],
    descripcion:
      'Crear y corregir pacientes; registrar atenciones y visitas; agregar médicos solicitantes',
  },
  'pacientes.exportar': {
    roles: ['recepcion', 'admin'],
    descripcion: 'Exportar una búsqueda de pacientes a CSV',
  },
  'citas.gestionar': {
    roles: ['recepcion', 'admin'],
    descripcion: 'Reservar, reprogramar y marcar la llegada de citas',
  },
  'atenciones.avanzar': {
    roles: ['recepcion', 'tecnologo', 'admin'],
    descripcion: 'Mover una atención por la lista de trabajo, deshacerlo e imprimir su ticket',
  },
  'equipos.conciliar': {
    roles: ['recepcion', 'tecnologo', 'admin'],
    descripcion: 'Ver y conciliar los estudios que los equipos informaron sin atención',
  },
  'estadisticas.ver': { roles: TODOS, descripcion: 'El dashboard' },
  'informes.ver': {
    roles: TODOS,
    descripcion: 'Ver los estudios por informar, los informes y sus documentos firmados',
  },
  'informes.redactar': {
    roles: ['medico'],
    descripcion: 'Tomar un estudio, escribir su informe, adendas y correcciones',
  },
  'informes.firmar': { roles: ['medico'], descripcion: 'Firmar informes con su contraseña' },
  'informes.liberar': {
    roles: ['medico', 'admin'],
    descripcion: 'Liberar un estudio tomado (el propio, o cualquiera si es administrador)',
  },
  'muestras.gestionar': {
    roles: ['recepcion', 'tecnologo', 'admin'],
    descripcion:
      'Registrar las muestras de laboratorio, imprimir sus etiquetas, recibirlas y rechazarlas',
  },
  'resultados.ingresar': {
    roles: ['tecnologo'],
    descripcion: 'Ingresar y corregir resultados de laboratorio',
  },
  'resultados.validar': {
    roles: ['tecnologo', 'medico'],
    descripcion:
      'Validar resultados de laboratorio (un tecnólogo, si su cuenta está habilitada como validadora)',
  },
  'hallazgos.comunicar': {
    roles: TODOS,
    descripcion: 'Ver los hallazgos críticos por comunicar y registrar a quién se comunicó',
  },
  configuracion: {
    roles: ADMIN,
    descripcion:
      'La clínica, sedes, modalidades, salas, estudios, médicos solicitantes, feriados y bloqueos',
  },
  usuarios: { roles: ADMIN, descripcion: 'Cuentas del personal, sus roles y contraseñas' },
  fusiones: { roles: ADMIN, descripcion: 'Duplicados: fusionar y deshacer fusiones' },
  auditoria: { roles: ADMIN, descripcion: 'El registro de auditoría y su exportación' },
  respaldos: { roles: ADMIN, descripcion: 'El estado de los respaldos' },
} as const satisfies Record<string, { roles: readonly Rol[]; descripcion: string }>

export type Permiso = keyof typeof PERMISOS

export const LISTA_PERMISOS = Object.keys(PERMISOS) as Permiso[]

/** Whether `rol` holds `permiso`. */
export const puede = (rol: Rol | undefined, permiso: Permiso): boolean =>
  rol !== undefined && (PERMISOS[permiso].roles as readonly Rol[]).includes(rol)

export const SOLO_ADMIN = 'Solo un administrador puede hacer esto'

/** The 403 of a call `rol` does not hold. */
export function sinPermiso(permiso: Permiso, rol: Rol): string {
  const { roles, descripcion } = PERMISOS[permiso]
  if (roles.length === 1 && roles[0] === 'admin') return SOLO_ADMIN
  const quienes = roles.map((r) => NOMBRE_ROL[r]).join(', ')
  return `Su rol (${NOMBRE_ROL[rol]}) no permite esto: ${descripcion.toLowerCase()} es de ${quienes}`
}

/** Each role as staff read it. */
export const NOMBRE_ROL: Record<Rol, string> = {
  recepcion: 'Recepción',
  tecnologo: 'Tecnólogo',
  medico: 'Médico',
  admin: 'Administrador',
}
