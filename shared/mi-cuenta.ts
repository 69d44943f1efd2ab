// «Mi cuenta»: what any signed-in user may do to their own account, whatever their role: change
// their password, and see and end their own sessions. Under /sesion, so the server forgets the
// sessions it remembers whenever one of these calls answers (docs/seguridad.md#mi-cuenta).
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'

export const MENSAJES_MI_CUENTA = {
  actualIncorrecta: 'La contraseña actual no es correcta',
  igualALaActual: 'Debe ser distinta de la contraseña actual',
  noCoinciden: 'Las contraseñas no coinciden',
  sesionNoEncontrada: 'Sesión no encontrada',
} as const

export const CambioContrasenaSchema = Type.Object(
  {
    actual: Type.String({ minLength: 1, maxLength: 256 }),
    // Length and the rest of the policy are checked on the server, with its own messages.
    nueva: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
)
export type CambioContrasena = Static<typeof CambioContrasenaSchema>

export const SesionPropiaSchema = Type.Object({
  /** Public id of the session; the token and its digest never leave the server. */
  id: Type.String({ format: 'uuid' }),
  creadaEn: Type.String({ format: 'date-time' }),
  ultimoUso: Type.String({ format: 'date-time' }),
  /** When it ends if unused: the idle limit from its last use, or its absolute limit if sooner. */
  expiraEn: Type.String({ format: 'date-time' }),
  direccion: Type.Union([Type.String(), Type.Null()]),
  /** The browser's User-Agent when the session opened (cut to 300 characters). */
  agente: Type.Union([Type.String(), Type.Null()]),
  /** The session of the call itself. */
  actual: Type.Boolean(),
})
export type SesionPropia = Static<typeof SesionPropiaSchema>

const SesionIdParamsSchema = Type.Object({
  id: Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    mensaje: 'Identificador inválido',
  }),
})

/** How many other sessions of the account a password change, or «Cerrar las demás», ended. */
export const SesionesCerradasSchema = Type.Object({ sesionesCerradas: Type.Integer() })
export type SesionesCerradas = Static<typeof SesionesCerradasSchema>

export const cambiarContrasenaPropiaContract = defineContract({
  method: 'PUT',
  url: '/sesion/contrasena',
  permiso: 'sesion.propia',
  summary:
    'Cambiar la propia contraseña (pide la actual); cierra las demás sesiones de la cuenta y conserva esta',
  tags: ['sesion'],
  body: CambioContrasenaSchema,
  response: {
    200: SesionesCerradasSchema,
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    429: ErrorSchema,
  },
})

export const listarSesionesPropiasContract = defineContract({
  method: 'GET',
  url: '/sesion/sesiones',
  permiso: 'sesion.propia',
  summary: 'Las sesiones abiertas de quien llama, la más recientemente usada primero',
  tags: ['sesion'],
  response: { 200: Type.Array(SesionPropiaSchema), 401: ErrorSchema },
})

export const cerrarSesionPropiaContract = defineContract({
  method: 'DELETE',
  url: '/sesion/sesiones/:id',
  permiso: 'sesion.propia',
  summary:
    'Cerrar una sesión propia (404 si no es de quien llama); si es esta misma, también retira la cookie',
  tags: ['sesion'],
  params: SesionIdParamsSchema,
  response: {
    204: Type.Null(),
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
  },
})

export const cerrarOtrasSesionesContract = defineContract({
  method: 'DELETE',
  url: '/sesion/sesiones',
  permiso: 'sesion.propia',
  summary: 'Cerrar todas las sesiones propias salvo esta',
  tags: ['sesion'],
  response: { 200: SesionesCerradasSchema, 401: ErrorSchema, 403: ErrorSchema },
})
