// The admins' templates, phrases and viewer address (docs/api.md#plantillas-y-frases), and what
// the editor reads beside an informe and the patient's page lists (docs/api.md#informes-de-un-paciente).
import type { FastifyInstance } from 'fastify'
import {
  contextoInformeContract,
  informesDePacienteContract,
} from '../../shared/informes-paciente.js'
import { MENSAJES_INFORMES, MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import {
  borrarFraseContract,
  cambiarFraseContract,
  crearFraseContract,
  esVisorValido,
  guardarPlantillaContract,
  guardarVisorContract,
  listarFrasesContract,
  MENSAJES_PLANTILLAS as M,
  obtenerPlantillaContract,
  obtenerVisorContract,
  type FraseEntrada,
} from '../../shared/plantillas.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { comprobarContenido } from '../informes/contenido.js'
import { contextoInforme, informesDePaciente } from '../queries/informes-paciente.js'
import {
  AtajoRepetido,
  borrarFrase,
  cambiarFrase,
  crearFrase,
  guardarPlantilla,
  guardarVisor,
  leerVisor,
  listarFrases,
  plantillaDe,
} from '../queries/plantillas.js'
import { route } from '../route.js'

export async function plantillasRoutes(app: FastifyInstance, opts: { sql: Sql }): Promise<void> {
  const { sql } = opts

  /** A study a template can be written for: one that exists and is not the laboratory's. */
  async function estudioInformable(id: string) {
    const p = await plantillaDe(sql, leerId(id, M.estudioNoEncontrado))
    if (!p) throw new NotFoundError(M.estudioNoEncontrado)
    if (p.modalidad === MODALIDAD_LABORATORIO)
      throw datosInvalidos([{ campo: 'id', mensaje: M.laboratorio }])
    return p
  }

  route(app, obtenerPlantillaContract, async (request) => {
    const { modalidad: _, ...p } = await estudioInformable(request.params.id)
    return p
  })

  route(app, guardarPlantillaContract, async (request) => {
    const p = await estudioInformable(request.params.id)
    if ('adenda' in request.body.contenido)
      throw datosInvalidos([{ campo: 'contenido.adenda', mensaje: M.adenda }])
    const contenido = comprobarContenido('original', request.body.contenido)
    return guardarPlantilla(sql, p.estudioId, contenido, eventoDe(request, 'plantilla.guardada'))
  })

  route(app, listarFrasesContract, async () => listarFrases(sql))

  /** A phrase's change, its shortcut's clash as the Spanish 409 that names it. */
  async function cambio<T>(f: FraseEntrada, trabajo: () => Promise<T>): Promise<T> {
    if (f.estudioId !== null) {
      const p = await plantillaDe(sql, f.estudioId)
      if (!p || p.modalidad === MODALIDAD_LABORATORIO)
        throw datosInvalidos([{ campo: 'estudioId', mensaje: M.estudio }])
    }
    try {
      return await trabajo()
    } catch (err) {
      if (err instanceof AtajoRepetido)
        throw new ConflictError(M.atajoRepetido(f.atajo, f.estudioId !== null))
      throw err
    }
  }

  route(app, crearFraseContract, async (request, reply) => {
    const f = request.body
    const frase = await cambio(f, () => crearFrase(sql, f, eventoDe(request, 'frase.creada')))
    return reply.code(201).send(frase!)
  })

  route(app, cambiarFraseContract, async (request) => {
    const id = leerId(request.params.id, M.fraseNoEncontrada)
    const f = request.body
    const frase = await cambio(f, () =>
      cambiarFrase(sql, id, f, eventoDe(request, 'frase.modificada')),
    )
    if (!frase) throw new NotFoundError(M.fraseNoEncontrada)
    return frase
  })

  route(app, borrarFraseContract, async (request, reply) => {
    const id = leerId(request.params.id, M.fraseNoEncontrada)
    const frase = await borrarFrase(sql, id, eventoDe(request, 'frase.borrada'))
    if (!frase) throw new NotFoundError(M.fraseNoEncontrada)
    return reply.code(204).send(null)
  })

  route(app, obtenerVisorContract, async () => ({ url: await leerVisor(sql) }))

  route(app, guardarVisorContract, async (request) => {
    const url = request.body.url?.trim() || null
    if (url !== null && !esVisorValido(url))
      throw datosInvalidos([{ campo: 'url', mensaje: M.visor }])
    await guardarVisor(sql, url, eventoDe(request, 'visor.modificado'))
    return { url }
  })

  route(app, contextoInformeContract, async (request) => {
    const id = leerId(request.params.id, MENSAJES_INFORMES.noEncontrado)
    const c = await contextoInforme(sql, id, eventoDe(request, 'informes.de_paciente'))
    if (!c) throw new NotFoundError(MENSAJES_INFORMES.noEncontrado)
    return c
  })

  route(app, informesDePacienteContract, async (request) => {
    const id = leerId(request.params.id, MENSAJES_INFORMES.pacienteNoEncontrado)
    const filas = await informesDePaciente(sql, id, eventoDe(request, 'informes.de_paciente'))
    if (!filas) throw new NotFoundError(MENSAJES_INFORMES.pacienteNoEncontrado)
    return filas
  })
}
