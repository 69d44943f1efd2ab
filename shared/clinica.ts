// The clinic's identity (migration 0038): what every screen, ticket and slip names it by. Read by
// anyone, the login screen included (GET /clinica); changed by admins in Configuración.
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'
import { errorDocumento } from './documento.js'
import { nombre } from './configuracion.js'

/** Most bytes of a logo: a mark for a sidebar and a ticket, not a photograph. */
export const LOGO_BYTES_MAXIMO = 150 * 1024
/** The logo types a browser shows and a PDF embeds; SVG is not one (it can carry script). */
export const LOGO_TIPOS = ['image/png', 'image/jpeg'] as const
export type LogoTipo = (typeof LOGO_TIPOS)[number]

export const MENSAJES_CLINICA = {
  nombre: 'De 1 a 120 caracteres, sin espacios al comienzo ni al final',
  direccion: 'De 1 a 200 caracteres, sin espacios al comienzo ni al final',
  telefono: 'Entre 6 y 30 dígitos, espacios, +, guiones o paréntesis',
  renipress: 'El código RENIPRESS tiene 8 dígitos',
  logo: `El logo debe ser una imagen PNG o JPEG de hasta ${LOGO_BYTES_MAXIMO / 1024} KB`,
} as const

const nulo = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])

export const ClinicaSchema = Type.Object({
  nombre: Type.String(),
  ruc: nulo(Type.String()),
  direccion: nulo(Type.String()),
  telefono: nulo(Type.String()),
  renipress: nulo(Type.String()),
  /** Where its logo is (it changes with the logo, so a browser may keep it); null without one. */
  logo: nulo(Type.String()),
})
export type Clinica = Static<typeof ClinicaSchema>

export const CambioClinicaSchema = Type.Partial(
  Type.Object({
    nombre: nombre(120, MENSAJES_CLINICA.nombre),
    /** Checked by its check digit too (errorRuc). */
    ruc: Type.Union(
      [
        Type.String({ pattern: '^[0-9]{11}$', mensaje: 'El RUC debe tener 11 dígitos' }),
        Type.Null(),
      ],
      {
        mensaje: 'El RUC debe tener 11 dígitos',
      },
    ),
    direccion: Type.Union([nombre(200, MENSAJES_CLINICA.direccion), Type.Null()], {
      mensaje: MENSAJES_CLINICA.direccion,
    }),
    telefono: Type.Union(
      [
        Type.String({ pattern: '^[0-9+() -]{6,30}$', mensaje: MENSAJES_CLINICA.telefono }),
        Type.Null(),
      ],
      { mensaje: MENSAJES_CLINICA.telefono },
    ),
    renipress: Type.Union(
      [Type.String({ pattern: '^[0-9]{8}$', mensaje: MENSAJES_CLINICA.renipress }), Type.Null()],
      { mensaje: MENSAJES_CLINICA.renipress },
    ),
  }),
  { additionalProperties: false },
)
export type CambioClinica = Static<typeof CambioClinicaSchema>

/** The RUC's own rules (prefix, check digit), or null when it is fine or absent. */
export const errorRuc = (ruc: string | null | undefined): string | null =>
  ruc ? errorDocumento('ruc', ruc) : null

export const LogoEntradaSchema = Type.Object(
  {
    /** A data URL: `data:image/png;base64,…` or `data:image/jpeg;base64,…`. */
    imagen: Type.String({
      maxLength: Math.ceil((LOGO_BYTES_MAXIMO * 4) / 3) + 40,
      pattern: '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+=*$',
      mensaje: MENSAJES_CLINICA.logo,
    }),
  },
  { additionalProperties: false },
)

/** The image's type by its first bytes, whatever the data URL says; null if neither. */
export function tipoDeImagen(bytes: Uint8Array): LogoTipo | null {
  const empieza = (firma: number[]) => firma.every((b, i) => bytes[i] === b)
  if (empieza([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (empieza([0xff, 0xd8, 0xff])) return 'image/jpeg'
  return null
}

const errores = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }

export const clinicaContract = defineContract({
  method: 'GET',
  url: '/clinica',
  summary: 'El nombre, RUC, dirección, teléfono, código RENIPRESS y logo de la clínica',
  tags: ['clinica'],
  auth: false,
  response: { 200: ClinicaSchema },
})

export const cambiarClinicaContract = defineContract({
  method: 'PATCH',
  url: '/configuracion/clinica',
  permiso: 'configuracion',
  summary: 'Cambiar la identidad de la clínica (solo administradores)',
  tags: ['configuracion'],
  body: CambioClinicaSchema,
  response: { 200: ClinicaSchema, ...errores },
})

export const cambiarLogoContract = defineContract({
  method: 'PUT',
  url: '/configuracion/clinica/logo',
  permiso: 'configuracion',
  summary: 'Poner el logo de la clínica: PNG o JPEG como data URL (solo administradores)',
  tags: ['configuracion'],
  body: LogoEntradaSchema,
  response: { 200: ClinicaSchema, ...errores },
})

export const quitarLogoContract = defineContract({
  method: 'DELETE',
  url: '/configuracion/clinica/logo',
  permiso: 'configuracion',
  summary: 'Quitar el logo de la clínica (solo administradores)',
  tags: ['configuracion'],
  response: { 200: ClinicaSchema, ...errores },
})

export const logoClinicaContract = defineContract({
  method: 'GET',
  url: '/clinica/logo',
  summary: 'El logo de la clínica (PNG o JPEG)',
  tags: ['clinica'],
  auth: false,
  response: {
    200: Type.String({ description: 'image/png o image/jpeg' }),
    404: ErrorSchema,
  },
})
