import type { FastifyInstance } from 'fastify'
import { eventoDe } from '../http/auditoria.js'
import { problemaContrasena } from '../auth/contrasenas.js'
import {
  buscarUsuario,
  cambiarContrasena,
  cambiarUsuario,
  crearUsuario,
  exigirColegiaturaValida,
  listarUsuarios,
  ULTIMO_ADMIN,
} from '../auth/usuarios.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { route } from '../route.js'
import {
  cambiarUsuarioContract,
  crearUsuarioContract,
  listarUsuariosContract,
  MENSAJES_USUARIOS,
  normalizarColegiatura,
  restablecerContrasenaContract,
  tieneCambio,
  usuarioReservado,
} from '../../shared/usuarios.js'

function exigirContrasenaValida(contrasena: string, usuario?: string): void {
  const problema = problemaContrasena(contrasena, usuario)
  if (problema) throw datosInvalidos([{ campo: 'contrasena', mensaje: problema }])
}

export async function usuariosRoutes(app: FastifyInstance, opts: { sql: Sql }): Promise<void> {
  const { sql } = opts

  route(app, listarUsuariosContract, async () => listarUsuarios(sql))

  route(app, crearUsuarioContract, async (request, reply) => {
    const nuevo = request.body
    if (usuarioReservado(nuevo.usuario)) {
      throw datosInvalidos([{ campo: 'usuario', mensaje: MENSAJES_USUARIOS.reservado }])
    }
    exigirContrasenaValida(nuevo.contrasena, nuevo.usuario)
    const colegiatura = normalizarColegiatura(nuevo.colegiatura)
    exigirColegiaturaValida(nuevo.rol, colegiatura, nuevo.validaResultados)
    // The account and its audit record commit together.
    const datos = { ...nuevo, colegiatura: colegiatura ?? undefined }
    const creado = await crearUsuario(sql, datos, (c) =>
      eventoDe(request, 'usuario.creado', { detalle: { cuenta: c.usuario, rol: c.rol } }),
    )
    if (!creado) throw new ConflictError(MENSAJES_USUARIOS.duplicado)
    return reply.code(201).send(creado)
  })

  route(app, cambiarUsuarioContract, async (request) => {
    const cambio = request.body
    // `{"x": 1}` arrives as `{}` (unknown fields are dropped): nothing to change, nothing to audit.
    if (!tieneCambio(cambio))
      throw datosInvalidos([{ campo: 'cuerpo', mensaje: MENSAJES_USUARIOS.sinCambio }])
    if (cambio.colegiatura !== undefined)
      cambio.colegiatura = normalizarColegiatura(cambio.colegiatura)
    const cambiado = await cambiarUsuario(sql, Number(request.params.id), cambio, (c) =>
      eventoDe(request, 'usuario.modificado', { detalle: { cuenta: c.usuario, ...cambio } }),
    )
    if (!cambiado) throw new NotFoundError(MENSAJES_USUARIOS.noEncontrado)
    if (cambiado === ULTIMO_ADMIN) throw new ConflictError(MENSAJES_USUARIOS.ultimoAdmin)
    return cambiado
  })

  route(app, restablecerContrasenaContract, async (request, reply) => {
    const id = Number(request.params.id)
    const cuenta = await buscarUsuario(sql, id)
    if (!cuenta) throw new NotFoundError(MENSAJES_USUARIOS.noEncontrado)
    exigirContrasenaValida(request.body.contrasena, cuenta.usuario)
    const evento = eventoDe(request, 'usuario.contrasena', { detalle: { cuenta: cuenta.usuario } })
    await cambiarContrasena(sql, id, request.body.contrasena, evento)
    return reply.code(204).send()
  })
}
