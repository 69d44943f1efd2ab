// «Mi cuenta» (docs/seguridad.md#mi-cuenta): one's own password and sessions, for every role, and a
// médico's signature-and-stamp image (docs/api.md#mi-cuenta). The routes live under /sesion, so each answer also empties the sessions this process remembers
// (auth/plugin.ts): a session ended here is refused on its very next request.
import type { FastifyInstance } from 'fastify'
import { tipoDeImagen } from '../../shared/clinica.js'
import { cambiarContrasenaPropia } from '../auth/contrasena-propia.js'
import {
  nombreCookie,
  opcionesCookie,
  sesionesDe,
  terminarOtras,
  terminarSesion,
} from '../auth/sesiones.js'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { datosInvalidos, ForbiddenError, NotFoundError } from '../errors.js'
import { auditar, eventoDe } from '../http/auditoria.js'
import { leerImagen } from '../informes/imagen.js'
import {
  leerCuenta,
  leerFirmaImagen,
  ponerFirmaImagen,
  quitarFirmaImagen,
} from '../queries/firma-imagen.js'
import { route } from '../route.js'
import {
  cambiarContrasenaPropiaContract,
  cambiarFirmaContract,
  cerrarOtrasSesionesContract,
  cerrarSesionPropiaContract,
  cuentaPropiaContract,
  FIRMA_BYTES_MAXIMO,
  FIRMA_PIXELES,
  firmaImagenContract,
  listarSesionesPropiasContract,
  MENSAJES_FIRMA,
  MENSAJES_MI_CUENTA,
  quitarFirmaContract,
  type Cuenta,
} from '../../shared/mi-cuenta.js'

export async function miCuentaRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const cookie = nombreCookie(config)
  // The session hook let the request in, so its cookie is there.
  const tokenDe = (request: { cookies: Record<string, string | undefined> }) =>
    request.cookies[cookie]!

  route(app, cambiarContrasenaPropiaContract, async (request) => {
    const sesionesCerradas = await cambiarContrasenaPropia(
      sql,
      request,
      tokenDe(request),
      request.body,
    )
    return { sesionesCerradas }
  })

  route(app, listarSesionesPropiasContract, async (request) =>
    sesionesDe(sql, config, request.usuario!.id, tokenDe(request)),
  )

  route(app, cerrarSesionPropiaContract, async (request, reply) => {
    const { id } = request.params
    // Ended with its audit record or not at all; another account's session is not found.
    const cerrada = await inTransaction(sql, async (tx) => {
      const cerrada = await terminarSesion(tx, request.usuario!.id, id, tokenDe(request))
      if (cerrada) await auditar(tx, request, 'sesion.terminada', { detalle: { sesiones: [id] } })
      return cerrada
    })
    if (!cerrada) throw new NotFoundError(MENSAJES_MI_CUENTA.sesionNoEncontrada)
    if (cerrada.actual) reply.clearCookie(cookie, opcionesCookie(config, request.protocol))
    return reply.code(204).send()
  })

  route(app, cerrarOtrasSesionesContract, async (request) => {
    const ids = await inTransaction(sql, async (tx) => {
      const ids = await terminarOtras(tx, request.usuario!.id, tokenDe(request))
      if (ids.length > 0)
        await auditar(tx, request, 'sesion.terminada', { detalle: { sesiones: ids } })
      return ids
    })
    return { sesionesCerradas: ids.length }
  })

  /** The caller's account; it exists, since its session let the request in. */
  const cuentaDe = async (id: number): Promise<Cuenta> => {
    const cuenta = await leerCuenta(sql, id)
    if (!cuenta) throw new NotFoundError(MENSAJES_MI_CUENTA.sesionNoEncontrada)
    return cuenta
  }

  route(app, cuentaPropiaContract, async (request) => cuentaDe(request.usuario!.id))

  route(app, firmaImagenContract, async (request, reply) => {
    const firma = await leerFirmaImagen(sql, request.usuario!.id)
    if (!firma) throw new NotFoundError(MENSAJES_FIRMA.sinFirma)
    // Its address names its version like the clinic's logo, but a signature is kept by no cache
    // and no browser without asking: on a shared computer it must not outlive the session. The
    // ETag makes asking again a 304. Like the logo it carries no patient data: not an audited read.
    reply.header('cache-control', 'private, no-cache')
    reply.header('etag', firma.etag)
    if (request.headers['if-none-match'] === firma.etag) return reply.code(304).send()
    return reply.type(firma.tipo).send(firma.bytes)
  })

  route(app, cambiarFirmaContract, async (request) => {
    const yo = request.usuario!
    // Refused before the image is even read: nothing about it is stored or recorded. The account's
    // row decides again when storing it, in case its role changed since the session was read.
    if (yo.rol !== 'medico') throw new ForbiddenError(MENSAJES_FIRMA.soloMedico)
    const base64 = request.body.imagen.slice(request.body.imagen.indexOf(',') + 1)
    const bytes = Buffer.from(base64, 'base64')
    if (bytes.length > FIRMA_BYTES_MAXIMO)
      throw datosInvalidos([{ campo: 'imagen', mensaje: MENSAJES_FIRMA.imagen }])
    // The bytes decide what the image is (and whether pdfkit can draw it), not the data URL.
    const imagen = leerImagen(bytes, FIRMA_PIXELES.maximo)
    if (!imagen)
      throw datosInvalidos([
        {
          campo: 'imagen',
          mensaje: tipoDeImagen(bytes) ? MENSAJES_FIRMA.ilegible : MENSAJES_FIRMA.imagen,
        },
      ])
    const { ancho, alto } = imagen
    if (
      ancho < FIRMA_PIXELES.anchoMinimo ||
      alto < FIRMA_PIXELES.altoMinimo ||
      ancho > FIRMA_PIXELES.maximo ||
      alto > FIRMA_PIXELES.maximo
    )
      throw datosInvalidos([{ campo: 'imagen', mensaje: MENSAJES_FIRMA.pixeles(ancho, alto) }])
    const evento = eventoDe(request, 'cuenta.firma', {
      detalle: { firma: { tipo: imagen.tipo, bytes: bytes.length, ancho, alto } },
    })
    if (!(await ponerFirmaImagen(sql, yo.id, bytes, imagen, evento)))
      throw new ForbiddenError(MENSAJES_FIRMA.soloMedico)
    return cuentaDe(yo.id)
  })

  // Any role may remove its own image (an account that stopped being a médico's keeps none it
  // cannot see); removing none changes and records nothing.
  route(app, quitarFirmaContract, async (request) => {
    const yo = request.usuario!
    await quitarFirmaImagen(
      sql,
      yo.id,
      eventoDe(request, 'cuenta.firma', { detalle: { firma: null } }),
    )
    return cuentaDe(yo.id)
  })
}
