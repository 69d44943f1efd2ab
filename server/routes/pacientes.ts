// Patient calls: register, list, search, possible duplicates, the holder of a document, one
// patient with its atenciones.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MENSAJE_SALA_NO_VALIDA, validarBusqueda } from '../../shared/busqueda.js'
import { POLITICA_PRIVACIDAD_VERSION } from '../../shared/catalogos.js'
import { normalizarDocumento } from '../../shared/documento.js'
import { esFechaValida, hoyEn } from '../../shared/edad.js'
import type { ErrorCampo } from '../../shared/contract.js'
import { MENSAJES } from '../../shared/paciente-campos.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import { validarPaciente } from '../../shared/paciente-validacion.js'
import { limpiar, tieneControl } from '../../shared/texto.js'
import {
  buscarPacientesContract,
  crearPacienteContract,
  editarPacienteContract,
  historialPacienteContract,
  listarPacientesContract,
  MENSAJE_DOCUMENTO_REGISTRADO,
  MENSAJES_EDICION,
  obtenerPacienteContract,
  pacientePorDocumentoContract,
  posiblesDuplicadosContract,
} from '../../shared/pacientes.js'
import { CAMPOS } from '../../shared/paciente-campos.js'
import { todasLasModalidades, type CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import type { Database, Sql } from '../db.js'
import {
  BadRequestError,
  ConflictError,
  datosInvalidos,
  NotFoundError,
  PreconditionFailedError,
} from '../errors.js'
import { eventoDe, filtrosDe } from '../http/auditoria.js'
import { cursorInvalido, leerCursor } from '../http/cursor.js'
import { leerId, limiteDe, paginar } from '../http/paginas.js'
import {
  aAtencion,
  aDuplicado,
  aEventoHistorial,
  aFilaBusqueda,
  aFamiliar,
  aPaciente,
  aResumen,
} from '../http/respuestas.js'
import { etag, versionesDe } from '../http/version.js'
import { atencionesDePaciente } from '../queries/atenciones.js'
import { registrarEvento } from '../queries/auditoria.js'
import { buscar } from '../queries/busqueda.js'
import { buscarDia, claveDia, esClaveDia } from '../queries/busqueda-dia.js'
import { conDocumentoFusionado } from '../queries/fusiones.js'
import {
  actualizarPaciente,
  historialPaciente,
  idPorDocumento,
  insertarPaciente,
  listarPacientes,
  hijosDe,
  obtenerPaciente,
  pacientePorDocumento,
  posiblesDuplicados,
} from '../queries/pacientes.js'
import { route } from '../route.js'

/** Whether `err` is the unique key of the document (two patients with one document). */
const esDocumentoRepetido = (err: unknown) =>
  (err as { code?: string; constraint_name?: string }).code === '23505' &&
  (err as { constraint_name?: string }).constraint_name === 'pacientes_documento_unico'

/** The record of a 409 that names who holds a document: a search by document, on that patient. */
const reveladoEn = (
  request: FastifyRequest,
  d: Pick<PacienteDatos, 'tipoDocumento' | 'documento'>,
) =>
  eventoDe(request, 'pacientes.buscados', {
    detalle: {
      tipoDocumento: d.tipoDocumento,
      documento: d.documento,
      busqueda: 'documento ya registrado',
    },
  })

/**
 * The mother a registration links to: only a newborn registered by its CNV has one, and she is a
 * registered patient (a merged record's id stands for the record it was merged into).
 */
async function madreDe(sql: Sql, tipo: string, madreId: number | null): Promise<number | null> {
  if (madreId === null) return null
  if (tipo !== 'cnv') throw datosInvalidos([{ campo: 'madreId', mensaje: MENSAJES.madreSoloCnv }])
  const [madre] = await sql<{ id: number; tipoDocumento: string }[]>`
    select p.id, p.tipo_documento from pacientes p
    where p.id = (select coalesce(fusionado_en, id) from pacientes where id = ${madreId})`
  if (!madre) throw datosInvalidos([{ campo: 'madreId', mensaje: MENSAJES.madreNoRegistrada }])
  if (madre.tipoDocumento === 'cnv')
    throw datosInvalidos([{ campo: 'madreId', mensaje: MENSAJES.madreConCnv }])
  return madre.id
}

export async function pacientesRoutes(
  app: FastifyInstance,
  opts: { db: Pick<Database, 'sql' | 'busqueda'>; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { db, config, catalogos } = opts
  const { sql } = db
  const tz = config.clinicTz

  route(app, crearPacienteContract, async (request, reply) => {
    const hoy = hoyEn(tz)
    const { errores, datos } = validarPaciente(request.body, hoy)
    if (!datos) throw datosInvalidos(errores)
    const madreId = await madreDe(sql, datos.tipoDocumento, request.body.madreId ?? null)
    // The audit record ('paciente.registrado') is written by the same statement.
    const fila = await insertarPaciente(
      sql,
      datos,
      POLITICA_PRIVACIDAD_VERSION,
      {
        usuarioId: request.usuario?.id ?? null,
        usuario: request.usuario?.usuario ?? null,
        direccion: request.direccion,
      },
      madreId,
    )
    if (!fila) {
      throw new ConflictError(
        MENSAJE_DOCUMENTO_REGISTRADO,
        await idPorDocumento(sql, datos.tipoDocumento, datos.documento, reveladoEn(request, datos)),
      )
    }
    reply.code(201)
    return aPaciente(fila, hoy)
  })

  route(app, listarPacientesContract, async (request, reply) => {
    const limite = limiteDe(request.query.limite)
    const despues = leerCursor(request.query.cursor, 1)
    // Every page is recorded by the statement that reads it: its size and start, not its patients.
    const detalle = { lista: 'pacientes', limite, ...(despues && { despues }) }
    const filas = await listarPacientes(
      sql,
      limite + 1,
      despues,
      eventoDe(request, 'pacientes.listados', { detalle }),
    )
    const hoy = hoyEn(tz)
    return paginar(request, reply, filas, limite, (f) => [f.clave, f.id]).map((f) =>
      aResumen(f, hoy),
    )
  })

  route(app, buscarPacientesContract, async (request, reply) => {
    const catalogo = await catalogos.leer()
    const { errores, filtros } = validarBusqueda(
      request.query,
      catalogo.sedes.map((s) => s.nombre),
      todasLasModalidades(catalogo),
    )
    if (filtros.salaId && !catalogo.salas.some((s) => s.id === filtros.salaId))
      errores.push({ campo: 'sala', mensaje: MENSAJE_SALA_NO_VALIDA })
    if (errores.length > 0) throw new BadRequestError('Filtros de búsqueda inválidos', errores)
    const limite = limiteDe(request.query.limite)
    // Attention order's key has a section and an urgency before the id (queries/busqueda-dia.ts).
    const despues = leerCursor(request.query.cursor, filtros.porAtencion ? 3 : 2)
    if (filtros.porAtencion && despues && !esClaveDia(despues)) throw cursorInvalido()
    // The filters (names, documents) go to the audit trail, never to the log; the results nowhere.
    const { cursor: _c, limite: _l, ...filtrosDados } = request.query
    const evento = eventoDe(request, 'pacientes.buscados', { detalle: filtrosDe(filtrosDados) })
    // An absorbed record's document finds the record it was merged into.
    const buscados = await conDocumentoFusionado(sql, filtros)
    const hoy = hoyEn(tz)
    if (buscados.porAtencion) {
      const [filas] = await Promise.all([
        buscarDia(db.sql, buscados, limite + 1, despues, tz),
        registrarEvento(db.sql, evento),
      ])
      return paginar(request, reply, filas, limite, claveDia).map((f) => aFilaBusqueda(f, hoy))
    }
    const { filas } = await buscar(db, buscados, limite, despues, tz, { evento })
    return paginar(request, reply, filas, limite, (f) => [f.clave, f.tipo, f.claveId]).map((f) =>
      aFilaBusqueda(f, hoy),
    )
  })

  route(app, posiblesDuplicadosContract, async (request) => {
    const q = request.query
    const errores: ErrorCampo[] = Object.entries(q)
      .filter(([, valor]) => typeof valor === 'string' && tieneControl(valor))
      .map(([campo]) => ({ campo, mensaje: MENSAJES.caracteres }))
    if (!esFechaValida(q.fechaNacimiento))
      errores.push({ campo: 'fechaNacimiento', mensaje: 'Fecha inválida' })
    if (errores.length > 0) throw datosInvalidos(errores)
    const limpio = (s: string | undefined) => limpiar(s) || null
    // Names and a birth date in, patients out: a search like any other for the audit trail,
    // recorded by the statement that reads.
    const evento = eventoDe(request, 'pacientes.buscados', {
      detalle: { ...filtrosDe(q), busqueda: 'posibles duplicados' },
    })
    const filas = await posiblesDuplicados(
      sql,
      {
        primerNombre: q.primerNombre.trim(),
        segundoNombre: limpio(q.segundoNombre),
        primerApellido: q.primerApellido.trim(),
        segundoApellido: limpio(q.segundoApellido),
        fechaNacimiento: q.fechaNacimiento,
      },
      evento,
    )
    return filas.map(aDuplicado)
  })

  route(app, pacientePorDocumentoContract, async (request) => {
    const { tipoDocumento } = request.query
    if (tieneControl(request.query.documento)) {
      throw datosInvalidos([{ campo: 'documento', mensaje: MENSAJES.caracteres }])
    }
    // Stored that way (docs/datos.md#documento-de-identidad): ' 4123 4567' is 41234567.
    const documento = normalizarDocumento(request.query.documento)
    if (!documento) {
      throw datosInvalidos([{ campo: 'documento', mensaje: MENSAJES.requerido }])
    }
    // A document in, a patient out: a search for the audit trail, recorded by the statement that
    // reads.
    const evento = eventoDe(request, 'pacientes.buscados', {
      detalle: { tipoDocumento, documento, busqueda: 'documento' },
    })
    return (await pacientePorDocumento(sql, tipoDocumento, documento, evento)).map(aDuplicado)
  })

  route(app, obtenerPacienteContract, async (request, reply) => {
    const id = leerId(request.params.id, 'Paciente no encontrado')
    // Read and recorded by one statement; an unknown id records nothing.
    const fila = await obtenerPaciente(sql, id, eventoDe(request, 'paciente.consultado'))
    if (!fila) throw new NotFoundError('Paciente no encontrado')
    // fila.id, not id: a merged record's id answers the record it was merged into.
    const [atenciones, madre, hijos] = await Promise.all([
      atencionesDePaciente(sql, fila.id, tz),
      // A newborn's mother, named on the page: a read of her record, recorded on it.
      fila.madreId === null
        ? undefined
        : obtenerPaciente(
            sql,
            fila.madreId,
            eventoDe(request, 'paciente.consultado', { detalle: { madreDe: fila.id } }),
          ),
      // A mother's newborns, named on her page: each a read of the child's record.
      hijosDe(sql, fila.id, eventoDe(request, 'paciente.consultado')),
    ])
    reply.header('etag', etag(fila.version))
    return {
      ...aPaciente(fila, hoyEn(tz)),
      atenciones: atenciones.map(aAtencion),
      madre: madre ? aFamiliar(madre) : null,
      hijos: hijos.map(aFamiliar),
    }
  })

  route(app, editarPacienteContract, async (request, reply) => {
    const pedido = leerId(request.params.id, 'Paciente no encontrado')
    const versiones = versionesDe(request.headers['if-match'])
    const cambio = request.body
    if (!CAMPOS.some((campo) => cambio[campo] !== undefined)) {
      throw datosInvalidos([{ campo: 'cuerpo', mensaje: MENSAJES_EDICION.sinCambio }])
    }
    // The stored patient, to check the version and to validate the whole result (a DNI's rule
    // depends on the type, a municipio on the departamento). Nothing of it is served from here.
    const actual = await obtenerPaciente(sql, pedido)
    if (!actual) throw new NotFoundError('Paciente no encontrado')
    // An absorbed record's id reads the survivor, as GET does (with the survivor's ETag): the
    // correction is the survivor's, never the hidden absorbed row's.
    const id = actual.id
    if (!versiones.includes(actual.version))
      throw new PreconditionFailedError(MENSAJES_EDICION.versionVieja, etag(actual.version))

    const hoy = hoyEn(tz)
    const entrada = Object.fromEntries(
      CAMPOS.map((campo) => [campo, cambio[campo] ?? actual[campo] ?? '']),
    )
    const { errores, datos } = validarPaciente(
      { ...entrada, aceptaPolitica: true, madreId: actual.madreId },
      hoy,
    )
    if (!datos) throw datosInvalidos(errores)

    const cambiados = CAMPOS.filter((campo) => datos[campo] !== actual[campo])
    if (cambiados.length === 0) {
      // Nothing to change (the same values again): the patient as stored, served as a read is.
      const fila = await obtenerPaciente(sql, id, eventoDe(request, 'paciente.consultado'))
      if (!fila) throw new NotFoundError('Paciente no encontrado')
      if (fila.version !== actual.version)
        throw new PreconditionFailedError(MENSAJES_EDICION.versionVieja, etag(fila.version))
      reply.header('etag', etag(fila.version))
      return aPaciente(fila, hoy)
    }
    if (cambiados.includes('tipoDocumento') || cambiados.includes('documento')) {
      const otro = await idPorDocumento(
        sql,
        datos.tipoDocumento,
        datos.documento,
        reveladoEn(request, datos),
      )
      if (otro !== undefined && otro !== id)
        throw new ConflictError(MENSAJE_DOCUMENTO_REGISTRADO, otro)
    }

    let fila
    try {
      // The change and its audit record ('paciente.modificado') are one statement.
      fila = await actualizarPaciente(sql, id, actual.version, datos, {
        usuarioId: request.usuario?.id ?? null,
        usuario: request.usuario?.usuario ?? null,
        direccion: request.direccion,
      })
    } catch (err) {
      // Another patient took the document between the check and the update.
      if (!esDocumentoRepetido(err)) throw err
      throw new ConflictError(
        MENSAJE_DOCUMENTO_REGISTRADO,
        await idPorDocumento(sql, datos.tipoDocumento, datos.documento, reveladoEn(request, datos)),
      )
    }
    if (!fila) {
      // Someone else's change got there between the read and the update.
      const ahora = await obtenerPaciente(sql, id)
      if (!ahora) throw new NotFoundError('Paciente no encontrado')
      throw new PreconditionFailedError(MENSAJES_EDICION.versionVieja, etag(ahora.version))
    }
    reply.header('etag', etag(fila.version))
    return aPaciente(fila, hoy)
  })

  route(app, historialPacienteContract, async (request, reply) => {
    const id = leerId(request.params.id, 'Paciente no encontrado')
    const limite = limiteDe(request.query.limite)
    const despues = leerCursor(request.query.cursor, 1)
    const filas = await historialPaciente(
      sql,
      id,
      limite + 1,
      despues ? (despues[1] ?? null) : null,
      eventoDe(request, 'historial.consultado', {
        detalle: { limite, ...(despues && { despues }) },
      }),
    )
    if (!filas) throw new NotFoundError('Paciente no encontrado')
    return paginar(request, reply, filas, limite, (f) => [
      f.en.toISOString().replace('Z', '000Z'),
      Number(f.id),
    ]).map(aEventoHistorial)
  })
}
