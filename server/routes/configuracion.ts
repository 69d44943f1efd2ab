// The admins' catalogues: sedes, modalities, salas and estudios (docs/api.md#configuración).
// Every change is audited with what it set, and the catalogue cache forgets its copy so the
// change shows at once.
import type { FastifyInstance } from 'fastify'
import type { Modalidad } from '../../shared/catalogos.js'
import {
  cambiarEstudioContract,
  cambiarModalidadContract,
  cambiarSalaContract,
  cambiarSedeContract,
  codigoDicomPermitido,
  crearEstudioContract,
  crearModalidadContract,
  crearSalaContract,
  crearSedeContract,
  erroresHorario,
  listarEstudiosContract,
  listarModalidadesContract,
  listarSalasContract,
  listarSedesContract,
  MENSAJES_CONFIGURACION as M,
} from '../../shared/configuracion.js'
import { modalidadesActivas, sedesActivas, type CacheCatalogos } from '../catalogos.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import {
  cambiarEstudio,
  cambiarModalidad,
  cambiarSala,
  cambiarSede,
  crearEstudio,
  crearModalidad,
  crearSala,
  crearSede,
  listarEstudios,
  listarModalidades,
  listarSalas,
  listarSedes,
  Repetido,
} from '../queries/catalogos.js'
import { route } from '../route.js'

/** The Spanish 409 of each unique constraint of 0022 and 0050, and of a DICOM code in use. */
const REPETIDOS: Record<string, string> = {
  sedes_pkey: M.sedeRepetida,
  salas_sede_nombre_key: M.salaRepetida,
  salas_ae_title_key: M.aeTitleRepetido,
  estudios_modalidad_nombre_key: M.estudioRepetido,
  estudios_codigo_key: M.codigoRepetido,
  sedes_nombre_normalizado_key: M.sedeRepetida,
  salas_nombre_normalizado_key: M.salaRepetida,
  estudios_nombre_normalizado_key: M.estudioRepetido,
  modalidades_pkey: M.modalidadRepetida,
  modalidades_valor_normalizado_key: M.modalidadRepetida,
  modalidades_etiqueta_normalizada_key: M.etiquetaRepetida,
  modalidades_codigos_en_uso: M.codigosEnUso,
  salas_modalidad_dicom_check: M.codigoDicomAjeno,
}

function sinCambio(cuerpo: object): void {
  if (Object.keys(cuerpo).length === 0)
    throw datosInvalidos([{ campo: 'cuerpo', mensaje: M.sinCambio }])
}

export async function configuracionRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, catalogos } = opts

  /** Runs a change: a repeated name is a 409, and the cache forgets its copy afterwards. */
  async function cambio<T>(trabajo: () => Promise<T>): Promise<T> {
    try {
      return await trabajo()
    } catch (err) {
      if (err instanceof Repetido)
        throw new ConflictError(REPETIDOS[err.restriccion] ?? M.sinCambio)
      throw err
    } finally {
      catalogos.olvidar()
    }
  }

  /** A sede that exists and is active: new salas go only there. */
  async function exigirSedeActiva(sede: string): Promise<void> {
    if (!sedesActivas(await catalogos.leer()).includes(sede))
      throw datosInvalidos([
        {
          campo: 'sede',
          mensaje: `Sede no válida: use ${sedesActivas(await catalogos.leer()).join(', ')}`,
        },
      ])
  }

  /** The 400 of a modality that does not exist or is not active, naming those that are. */
  async function modalidadNoValida() {
    const activas = modalidadesActivas(await catalogos.leer())
    return datosInvalidos([
      { campo: 'modalidad', mensaje: `Modalidad no válida: use ${activas.join(', ')}` },
    ])
  }

  /** A modality that exists and is active: new salas and studies are only of those. */
  async function exigirModalidadActiva(modalidad: Modalidad): Promise<void> {
    if (!modalidadesActivas(await catalogos.leer()).includes(modalidad))
      throw await modalidadNoValida()
  }

  /** The code must be one of the sala's modality (a trigger of 0050 checks the same). */
  async function exigirCodigoDicom(modalidad: Modalidad, codigo: string | null | undefined) {
    const m = (await catalogos.leer()).modalidades.find((x) => x.valor === modalidad)
    if (!codigoDicomPermitido(m, codigo))
      throw datosInvalidos([
        {
          campo: 'modalidadDicom',
          mensaje: `${M.codigoDicomAjeno}: use ${m?.codigosDicom.join(', ') || 'ninguno'}`,
        },
      ])
  }

  route(app, listarSedesContract, async () => listarSedes(sql))

  route(app, crearSedeContract, async (request, reply) => {
    const { nombre } = request.body
    const sede = await cambio(() =>
      crearSede(sql, nombre, eventoDe(request, 'sede.creada', { detalle: { sede: nombre } })),
    )
    return reply.code(201).send(sede)
  })

  route(app, cambiarSedeContract, async (request) => {
    const { nombre } = request.params
    const b = request.body
    if (Object.values(b).every((v) => v === undefined))
      throw datosInvalidos([{ campo: 'cuerpo', mensaje: M.sinCambio }])
    const detalle = { sede: nombre, ...b }
    const sede = await cambio(() =>
      cambiarSede(sql, nombre, b, eventoDe(request, 'sede.modificada', { detalle })),
    )
    if (!sede) throw new NotFoundError(M.sedeNoEncontrada)
    return sede
  })

  route(app, listarModalidadesContract, async () => listarModalidades(sql))

  route(app, crearModalidadContract, async (request, reply) => {
    const b = request.body
    const modalidad = await cambio(() =>
      crearModalidad(sql, b, eventoDe(request, 'modalidad.creada', { detalle: { ...b } })),
    )
    return reply.code(201).send(modalidad)
  })

  route(app, cambiarModalidadContract, async (request) => {
    const { valor } = request.params
    const b = request.body
    sinCambio(b)
    const detalle = { modalidad: valor, ...b }
    const r = await cambio(() =>
      cambiarModalidad(sql, valor, b, eventoDe(request, 'modalidad.modificada', { detalle })),
    )
    if (!r) throw new NotFoundError(M.modalidadNoEncontrada)
    if (r === 'sinCodigosConSalas') throw new ConflictError(M.sinCodigosConSalas)
    if ('salasActivas' in r) throw new ConflictError(M.modalidadConSalas(r.salasActivas.join(', ')))
    return r
  })

  route(app, listarSalasContract, async () => listarSalas(sql))

  route(app, crearSalaContract, async (request, reply) => {
    const b = request.body
    const errores = erroresHorario(b.horario)
    if (errores.length > 0) throw datosInvalidos(errores)
    await exigirSedeActiva(b.sede)
    await exigirModalidadActiva(b.modalidad)
    await exigirCodigoDicom(b.modalidad, b.modalidadDicom)
    const sala = await cambio(() =>
      crearSala(sql, b, (s) => eventoDe(request, 'sala.creada', { detalle: { sala: s.id, ...b } })),
    )
    // Deactivated since the catalogue was read (here or on another instance).
    if (sala === 'modalidadInactiva') throw await modalidadNoValida()
    return reply.code(201).send(sala)
  })

  route(app, cambiarSalaContract, async (request) => {
    const b = request.body
    sinCambio(b)
    const errores = b.horario ? erroresHorario(b.horario) : []
    if (errores.length > 0) throw datosInvalidos(errores)
    const id = Number(request.params.id)
    // A sala's modality never changes, so the catalogue's copy is enough to check the code.
    const actual = (await catalogos.leer()).salas.find((s) => s.id === id)
    if (actual) await exigirCodigoDicom(actual.modalidad, b.modalidadDicom)
    const sala = await cambio(() =>
      cambiarSala(sql, id, b, () =>
        eventoDe(request, 'sala.modificada', { detalle: { sala: id, ...b } }),
      ),
    )
    if (!sala) throw new NotFoundError(M.salaNoEncontrada)
    if (sala === 'modalidadInactiva') throw new ConflictError(M.modalidadDeLaSalaInactiva)
    return sala
  })

  route(app, listarEstudiosContract, async () => listarEstudios(sql))

  route(app, crearEstudioContract, async (request, reply) => {
    const b = request.body
    await exigirModalidadActiva(b.modalidad)
    const estudio = await cambio(() =>
      crearEstudio(sql, b, (e) =>
        eventoDe(request, 'estudio.creado', { detalle: { estudio: e.id, ...b } }),
      ),
    )
    return reply.code(201).send(estudio)
  })

  route(app, cambiarEstudioContract, async (request) => {
    const b = request.body
    sinCambio(b)
    const id = Number(request.params.id)
    const estudio = await cambio(() =>
      cambiarEstudio(sql, id, b, () =>
        eventoDe(request, 'estudio.modificado', { detalle: { estudio: id, ...b } }),
      ),
    )
    if (!estudio) throw new NotFoundError(M.estudioNoEncontrado)
    return estudio
  })
}
