// «Mi cuenta»: what any signed-in user may do to their own account, whatever their role: change
// their password, and see and end their own sessions; a médico also keeps the signature-and-stamp
// image printed on the informes they sign. Under /sesion, so the server forgets the
// sessions it remembers whenever one of these calls answers (docs/seguridad.md#mi-cuenta).
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'
import { RolSchema } from './sesion.js'

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

// --- Firma y sello: a médico's signature-and-stamp image, printed on the informes they sign ---

/** Most bytes of a signature-and-stamp image: a scan or a photo cropped to the stamp. */
export const FIRMA_BYTES_MAXIMO = 300 * 1024
/**
 * Its size in pixels: big enough to print sharp in a 160 × 60 pt box (at least 100 × 40), small
 * enough to draw quickly on every informe (at most 2000 × 2000). The database holds the same.
 */
export const FIRMA_PIXELES = { anchoMinimo: 100, altoMinimo: 40, maximo: 2000 } as const
/** The body limit of the upload: the data URL of the largest image and a little more. */
export const FIRMA_CUERPO_MAXIMO = Math.ceil((FIRMA_BYTES_MAXIMO * 4) / 3) + 4096

export const MENSAJES_FIRMA = {
  imagen: `La firma y sello debe ser una imagen PNG o JPEG de hasta ${FIRMA_BYTES_MAXIMO / 1024} KB`,
  pixeles: (ancho: number, alto: number) =>
    `La imagen mide ${ancho} × ${alto} píxeles: debe medir al menos ${FIRMA_PIXELES.anchoMinimo} × ${FIRMA_PIXELES.altoMinimo} y como mucho ${FIRMA_PIXELES.maximo} × ${FIRMA_PIXELES.maximo}`,
  ilegible: 'No se pudo leer la imagen: guárdela otra vez como PNG o JPEG e inténtelo de nuevo',
  soloMedico: 'Solo una cuenta de médico tiene firma y sello: se imprime en los informes que firma',
  sinFirma: 'Su cuenta no tiene firma y sello',
} as const

export const FirmaImagenSchema = Type.Object({
  /** Where the image is (it names its version); only its owner's session reads it. */
  url: Type.String(),
  tipo: Type.Union([Type.Literal('image/png'), Type.Literal('image/jpeg')]),
  ancho: Type.Integer({ description: 'píxeles' }),
  alto: Type.Integer({ description: 'píxeles' }),
  bytes: Type.Integer(),
  actualizadaEn: Type.String({ format: 'date-time' }),
})
export type FirmaImagen = Static<typeof FirmaImagenSchema>

/** The account as Mi cuenta shows it. */
export const CuentaSchema = Type.Object({
  usuario: Type.String(),
  nombre: Type.String(),
  rol: RolSchema,
  colegiatura: Type.Union([Type.String(), Type.Null()]),
  /** Whether an admin enabled this tecnólogo to validate lab results (read-only here). */
  validaResultados: Type.Boolean(),
  /** The signature-and-stamp image, or null without one (only a médico uploads one). */
  firma: Type.Union([FirmaImagenSchema, Type.Null()]),
})
export type Cuenta = Static<typeof CuentaSchema>

export const FirmaEntradaSchema = Type.Object(
  {
    /** A data URL: `data:image/png;base64,…` or `data:image/jpeg;base64,…`. */
    imagen: Type.String({
      maxLength: Math.ceil((FIRMA_BYTES_MAXIMO * 4) / 3) + 40,
      pattern: '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+=*$',
      mensaje: MENSAJES_FIRMA.imagen,
    }),
  },
  { additionalProperties: false },
)
export type FirmaEntrada = Static<typeof FirmaEntradaSchema>

export const cuentaPropiaContract = defineContract({
  method: 'GET',
  url: '/sesion/cuenta',
  permiso: 'sesion.propia',
  summary:
    'La cuenta de quien llama: usuario, nombre, rol, colegiatura, si valida resultados de laboratorio y su firma y sello',
  tags: ['sesion'],
  response: { 200: CuentaSchema, 401: ErrorSchema },
})

export const firmaImagenContract = defineContract({
  method: 'GET',
  url: '/sesion/firma',
  permiso: 'sesion.propia',
  summary: 'La imagen de firma y sello de quien llama (PNG o JPEG)',
  tags: ['sesion'],
  response: {
    200: Type.String({ description: 'image/png o image/jpeg' }),
    401: ErrorSchema,
    404: ErrorSchema,
  },
})

export const cambiarFirmaContract = defineContract({
  method: 'PUT',
  url: '/sesion/firma',
  permiso: 'sesion.propia',
  summary:
    'Poner la propia firma y sello: PNG o JPEG como data URL (solo médicos; se imprime en los informes que firme desde ahora)',
  tags: ['sesion'],
  body: FirmaEntradaSchema,
  bodyLimit: FIRMA_CUERPO_MAXIMO,
  response: { 200: CuentaSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
})

export const quitarFirmaContract = defineContract({
  method: 'DELETE',
  url: '/sesion/firma',
  permiso: 'sesion.propia',
  summary: 'Quitar la propia firma y sello (los informes ya firmados la conservan)',
  tags: ['sesion'],
  response: { 200: CuentaSchema, 401: ErrorSchema, 403: ErrorSchema },
})
