// The clinic's identity (docs/api.md#identidad-de-la-clínica): read by anyone, the login screen
// included; changed by admins, each change audited with what it set (the logo by its size).
import type { FastifyInstance } from 'fastify'
import {
  cambiarClinicaContract,
  cambiarLogoContract,
  clinicaContract,
  errorRuc,
  LOGO_BYTES_MAXIMO,
  logoClinicaContract,
  MENSAJES_CLINICA,
  quitarLogoContract,
  tipoDeImagen,
} from '../../shared/clinica.js'
import { MENSAJES_CONFIGURACION } from '../../shared/configuracion.js'
import type { Sql } from '../db.js'
import { datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { cambiarClinica, cambiarLogo, leerClinica, leerLogo } from '../queries/clinica.js'
import { route } from '../route.js'

export async function clinicaRoutes(app: FastifyInstance, opts: { sql: Sql }): Promise<void> {
  const { sql } = opts

  route(app, clinicaContract, async (_request, reply) => {
    // Every screen asks it once; a change made in Configuración shows on the next load.
    reply.header('cache-control', 'no-cache')
    return leerClinica(sql)
  })

  route(app, logoClinicaContract, async (request, reply) => {
    const logo = await leerLogo(sql)
    if (!logo) throw new NotFoundError('La clínica no tiene logo')
    // Its address names its version (?v=), so the browser keeps it until the logo changes.
    reply.header('cache-control', 'public, max-age=31536000, immutable')
    reply.header('etag', logo.etag)
    if (request.headers['if-none-match'] === logo.etag) return reply.code(304).send()
    return reply.type(logo.tipo).send(logo.bytes)
  })
}

export async function configuracionClinicaRoutes(
  app: FastifyInstance,
  opts: { sql: Sql },
): Promise<void> {
  const { sql } = opts

  route(app, cambiarClinicaContract, async (request) => {
    const cambio = request.body
    if (Object.keys(cambio).length === 0)
      throw datosInvalidos([{ campo: 'cuerpo', mensaje: MENSAJES_CONFIGURACION.sinCambio }])
    const ruc = errorRuc(cambio.ruc)
    if (ruc) throw datosInvalidos([{ campo: 'ruc', mensaje: ruc }])
    return cambiarClinica(sql, cambio, eventoDe(request, 'clinica.modificada', { detalle: cambio }))
  })

  route(app, cambiarLogoContract, async (request) => {
    const base64 = request.body.imagen.slice(request.body.imagen.indexOf(',') + 1)
    const bytes = Buffer.from(base64, 'base64')
    // The bytes decide what the image is, not what the data URL claims.
    const tipo = tipoDeImagen(bytes)
    if (!tipo || bytes.length > LOGO_BYTES_MAXIMO)
      throw datosInvalidos([{ campo: 'imagen', mensaje: MENSAJES_CLINICA.logo }])
    return cambiarLogo(
      sql,
      { bytes, tipo },
      eventoDe(request, 'clinica.modificada', { detalle: { logo: { tipo, bytes: bytes.length } } }),
    )
  })

  route(app, quitarLogoContract, async (request) =>
    cambiarLogo(sql, null, eventoDe(request, 'clinica.modificada', { detalle: { logo: null } })),
  )
}
