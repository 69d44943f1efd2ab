// Staff accounts, managed by admins: list, create, deactivate (or reactivate, rename, change the
// role), and reset a password. The same rules hold for `npm run usuarios`.
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'
import { RolSchema, type Rol } from './sesion.js'
import { CARACTERES_CONTROL } from './texto.js'

export const USUARIO_PATRON = '^[a-z0-9._-]{3,40}$'

export const MENSAJES_USUARIOS = {
  usuario: 'De 3 a 40 caracteres: letras minúsculas sin tildes, números, punto, guion o guion bajo',
  duplicado: 'Ya existe un usuario con ese nombre',
  noEncontrado: 'Usuario no encontrado',
  ultimoAdmin: 'Debe quedar al menos un administrador activo',
  reservado: 'Ese nombre de usuario está reservado; elija otro',
  sinCambio:
    'Indique al menos un cambio: activo, nombre, rol, colegiatura o si valida resultados de laboratorio',
  colegiatura: 'Colegio y número, p. ej. «CMP 45821», «CTMP 1234» o «CMP 45821 RNE 12345»',
  medicoSinColegiatura:
    'Un médico necesita su colegiatura (p. ej. «CMP 45821»): va en sus informes',
  validaSoloTecnologo:
    'Solo a un tecnólogo se le habilita validar resultados de laboratorio: un médico los valida siempre',
  validadorSinColegiatura:
    'Un tecnólogo que valida resultados necesita su colegiatura (p. ej. «CTMP 1234»): va en la hoja de resultados',
  validaResultados: 'Indique si la cuenta valida resultados de laboratorio',
} as const

/** A professional's colegiatura: college and number, a physician's RNE after it. */
export const COLEGIATURA_PATRON = '^[A-Z]{2,8} [0-9]{1,8}( RNE [0-9]{1,8})?$'

/** What staff type, as stored: upper case, single spaces; null for nothing. */
export const normalizarColegiatura = (texto: string | null | undefined): string | null => {
  const limpio = (texto ?? '').trim().toUpperCase().replace(/\s+/g, ' ')
  return limpio === '' ? null : limpio
}

/**
 * What is wrong with an account's colegiatura (normalised) for its role, or null: the server, the
 * console and the form ask the same. A tecnólogo who validates lab results signs the result sheet,
 * so needs one too.
 */
export function problemaColegiatura(
  rol: Rol,
  colegiatura: string | null,
  validaResultados = false,
): string | null {
  if (colegiatura !== null && !new RegExp(COLEGIATURA_PATRON).test(colegiatura))
    return MENSAJES_USUARIOS.colegiatura
  if (rol === 'medico' && colegiatura === null) return MENSAJES_USUARIOS.medicoSinColegiatura
  if (rol === 'tecnologo' && validaResultados && colegiatura === null)
    return MENSAJES_USUARIOS.validadorSinColegiatura
  return null
}

/**
 * Whether an account validates lab results: a médico always; a tecnólogo when its account is
 * enabled to (`validaResultados`, set by an admin); nobody else.
 */
export const validaResultadosDe = (rol: Rol, validaResultados: boolean): boolean =>
  rol === 'medico' || (rol === 'tecnologo' && validaResultados)

// A name used as an object key (rate limits, caches, a client's lookup table) must never reach
// the prototype: the names every object carries are refused, whatever their case.
const RESERVADOS = new Set(
  [...Object.getOwnPropertyNames(Object.prototype), 'prototype', '__proto__'].map((n) =>
    n.toLowerCase(),
  ),
)

/** Whether an account name is one of JavaScript's object internals (`__proto__`, `constructor`…). */
export const usuarioReservado = (usuario: string): boolean =>
  RESERVADOS.has(usuario.trim().toLowerCase())

const UsuarioIdParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,9}$', mensaje: 'Identificador inválido' }),
})

// Something other than blanks, and no control character.
const NombreSchema = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: `^(?=.*\\S)[^${CARACTERES_CONTROL}]*$`,
})
const ContrasenaSchema = Type.String({ minLength: 8, maxLength: 128 })
// Checked after normalizarColegiatura (the handler's), so «cmp  45821» is accepted as «CMP 45821»
// and an empty one means none.
const ColegiaturaSchema = Type.String({
  maxLength: 40,
  pattern: `^[^${CARACTERES_CONTROL}]*$`,
  mensaje: MENSAJES_USUARIOS.colegiatura,
})

const ValidaResultadosSchema = Type.Boolean({ mensaje: MENSAJES_USUARIOS.validaResultados })

export const UsuarioDetalleSchema = Type.Object({
  id: Type.Integer(),
  usuario: Type.String(),
  nombre: Type.String(),
  rol: RolSchema,
  colegiatura: Type.Union([Type.String(), Type.Null()]),
  /**
   * Whether this tecnólogo's account may validate lab results (a médico always may; on another
   * role it is always false: a change of role away from tecnólogo takes it away).
   */
  validaResultados: Type.Boolean(),
  activo: Type.Boolean(),
  creadoEn: Type.String({ format: 'date-time' }),
})
export type UsuarioDetalle = Static<typeof UsuarioDetalleSchema>

export const NuevoUsuarioSchema = Type.Object(
  {
    usuario: Type.String({ pattern: USUARIO_PATRON, mensaje: MENSAJES_USUARIOS.usuario }),
    nombre: NombreSchema,
    rol: RolSchema,
    colegiatura: Type.Optional(ColegiaturaSchema),
    validaResultados: Type.Optional(ValidaResultadosSchema),
    contrasena: ContrasenaSchema,
  },
  { additionalProperties: false },
)
export type NuevoUsuario = Static<typeof NuevoUsuarioSchema>

export const CambioUsuarioSchema = Type.Object(
  {
    activo: Type.Optional(Type.Boolean()),
    nombre: Type.Optional(NombreSchema),
    rol: Type.Optional(RolSchema),
    colegiatura: Type.Optional(Type.Union([ColegiaturaSchema, Type.Null()])),
    validaResultados: Type.Optional(ValidaResultadosSchema),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type CambioUsuario = Static<typeof CambioUsuarioSchema>

/** Whether a change names a field at all: unknown ones are dropped before the handler sees them. */
export const tieneCambio = (c: CambioUsuario): boolean =>
  c.activo !== undefined ||
  c.nombre !== undefined ||
  c.rol !== undefined ||
  c.colegiatura !== undefined ||
  c.validaResultados !== undefined

export const NuevaContrasenaSchema = Type.Object(
  { contrasena: ContrasenaSchema },
  { additionalProperties: false },
)

export const listarUsuariosContract = defineContract({
  method: 'GET',
  url: '/usuarios',
  permiso: 'usuarios',
  summary: 'Cuentas del personal (solo administradores)',
  tags: ['usuarios'],
  response: { 200: Type.Array(UsuarioDetalleSchema), 401: ErrorSchema, 403: ErrorSchema },
})

export const crearUsuarioContract = defineContract({
  method: 'POST',
  url: '/usuarios',
  permiso: 'usuarios',
  summary: 'Crear una cuenta (solo administradores)',
  tags: ['usuarios'],
  body: NuevoUsuarioSchema,
  response: {
    201: UsuarioDetalleSchema,
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    409: ErrorSchema,
  },
})

export const cambiarUsuarioContract = defineContract({
  method: 'PATCH',
  url: '/usuarios/:id',
  permiso: 'usuarios',
  summary:
    'Desactivar, reactivar, renombrar, cambiar el rol o la colegiatura de una cuenta, o habilitar a un tecnólogo para validar resultados (solo administradores)',
  tags: ['usuarios'],
  params: UsuarioIdParamsSchema,
  body: CambioUsuarioSchema,
  response: {
    200: UsuarioDetalleSchema,
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const restablecerContrasenaContract = defineContract({
  method: 'POST',
  url: '/usuarios/:id/contrasena',
  permiso: 'usuarios',
  summary: 'Restablecer la contraseña de una cuenta; cierra sus sesiones (solo administradores)',
  tags: ['usuarios'],
  params: UsuarioIdParamsSchema,
  body: NuevaContrasenaSchema,
  response: {
    204: Type.Null(),
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
  },
})
