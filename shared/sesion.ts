// Login, "who am I" and logout. The session itself travels in an HttpOnly cookie the client
// never reads; these calls only tell it who is signed in.
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'
import { ROLES, type Rol } from './permisos.js'
import { SIN_CONTROL } from './texto.js'

export { ROLES, type Rol }
export const RolSchema = Type.Union(
  ROLES.map((r) => Type.Literal(r)),
  { mensaje: 'Rol no permitido' },
)

export const CredencialesSchema = Type.Object(
  {
    usuario: Type.String({ minLength: 1, maxLength: 100, pattern: SIN_CONTROL }),
    contrasena: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
)
export type Credenciales = Static<typeof CredencialesSchema>

export const SesionSchema = Type.Object({
  usuario: Type.String(),
  nombre: Type.String(),
  rol: RolSchema,
})
export type Sesion = Static<typeof SesionSchema>

/**
 * The clinic's clock as the server reads it when it answers: every "today" the app uses (a form's
 * default, "not in the future") comes from it, never from the browser's clock or zone
 * (docs/datos.md#hora-de-la-clínica).
 */
export const RelojSchema = Type.Object({
  zonaHoraria: Type.String({ description: 'CLINIC_TZ, p. ej. America/Lima' }),
  ahora: Type.String({ format: 'date-time' }),
})
export type Reloj = Static<typeof RelojSchema>

/** What login and "who am I" answer: who is signed in, and the clinic's clock. */
export const SesionAbiertaSchema = Type.Composite([
  SesionSchema,
  Type.Object({ reloj: RelojSchema }),
])
export type SesionAbierta = Static<typeof SesionAbiertaSchema>

export const MENSAJES_SESION = {
  requerida: 'Sesión requerida',
  credenciales: 'Usuario o contraseña incorrectos',
} as const

export const iniciarSesionContract = defineContract({
  method: 'POST',
  url: '/sesion',
  summary:
    'Iniciar sesión: responde el usuario y el reloj de la clínica, y entrega la cookie de sesión',
  tags: ['sesion'],
  auth: false,
  body: CredencialesSchema,
  response: {
    200: SesionAbiertaSchema,
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    429: ErrorSchema,
  },
})

export const sesionActualContract = defineContract({
  method: 'GET',
  url: '/sesion',
  permiso: 'sesion.propia',
  summary: 'Quién tiene la sesión abierta y el reloj de la clínica (401 si nadie)',
  tags: ['sesion'],
  response: { 200: SesionAbiertaSchema, 401: ErrorSchema },
})

export const cerrarSesionContract = defineContract({
  method: 'DELETE',
  url: '/sesion',
  permiso: 'sesion.propia',
  summary: 'Cerrar la sesión: la borra del servidor y retira la cookie',
  tags: ['sesion'],
  response: { 204: Type.Null(), 401: ErrorSchema },
})
