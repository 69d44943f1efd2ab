// Patient calls: register, list, search, possible duplicates, one patient with its atenciones.
import type { FastifyInstance } from 'fastify'
import { validarBusqueda } from '../../shared/busqueda.js'
import { POLITICA_PRIVACIDAD_VERSION } from '../../shared/catalogos.js'
import { esFechaValida, hoyEn } from '../../shared/edad.js'
import type { ErrorCampo } from '../../shared/contract.js'
import { MENSAJES, nombreCompleto, validarPaciente } from '../../shared/paciente-datos.js'
import { limpiar, tieneControl } from '../../shared/texto.js'
import {
  buscarPacientesContract,
  crearPacienteContract,
  listarPacientesContract,
  obtenerPacienteContract,
  posiblesDuplicadosContract,
} from '../../shared/pacientes.js'
import type { Config } from '../config.js'
import type { Database } from '../db.js'
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js'
import { eventoDe, filtrosDe } from '../http/auditoria.js'
import { leerCursor } from '../http/cursor.js'
import { leerId, limiteDe, paginar } from '../http/paginas.js'
import { aAtencion, aFilaBusqueda, aPaciente, aResumen } from '../http/respuestas.js'
import { atencionesDePaciente } from '../queries/atenciones.js'
import { buscar } from '../queries/busqueda.js'
import { conDocumentoFusionado } from '../queries/fusiones.js'
import {
  idPorDocumento,
  insertarPaciente,
  listarPacientes,
  obtenerPaciente,
  posiblesDuplicados,
} from '../queries/pacientes.js'
import { route } from '../route.js'

const DUPLICADO = 'Ya existe un paciente con ese documento'

export async function pacientesRoutes(
  app: FastifyInstance,
  opts: { db: Pick<Database, 'sql' | 'sqlBusqueda'>; config: Config },
): Promise<void> {
  const { db, config } = opts
  const { sql } = db
  const tz = config.clinicTz

  route(app, crearPacienteContract, async (request, reply) => {
    const hoy = hoyEn(tz)
    const { errores, datos } = validarPaciente(request.body, hoy)
    if (!datos) throw new BadRequestError('Datos inválidos', errores)
    // The audit record ('paciente.registrado') is written by the same statement.
    const fila = await insertarPaciente(sql, datos, POLITICA_PRIVACIDAD_VERSION, {
      usuarioId: request.usuario?.id ?? null,
      usuario: request.usuario?.usuario ?? null,
      direccion: request.direccion,
    })
    if (!fila) {
      throw new ConflictError(
        DUPLICADO,
        await idPorDocumento(sql, datos.tipoDocumento, datos.documento),
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
    const { errores, filtros } = validarBusqueda(request.query)
    if (errores.length > 0) throw new BadRequestError('Filtros de búsqueda inválidos', errores)
    const limite = limiteDe(request.query.limite)
    const despues = leerCursor(request.query.cursor, 2)
    // The filters (names, documents) go to the audit trail, never to the log; the results nowhere.
    const { cursor: _c, limite: _l, ...filtrosDados } = request.query
    const evento = eventoDe(request, 'pacientes.buscados', { detalle: filtrosDe(filtrosDados) })
    // An absorbed record's document finds the record it was merged into.
    const buscados = await conDocumentoFusionado(sql, filtros)
    const { filas } = await buscar(db, buscados, limite, despues, tz, { evento })
    const hoy = hoyEn(tz)
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
    if (errores.length > 0) throw new BadRequestError('Datos inválidos', errores)
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
    return filas.map((f) => ({
      id: f.id,
      tipoDocumento: f.tipoDocumento,
      documento: f.documento,
      nombreCompleto: nombreCompleto(f),
      fechaNacimiento: f.fechaNacimiento,
    }))
  })

  route(app, obtenerPacienteContract, async (request) => {
    const id = leerId(request.params.id, 'Paciente no encontrado')
    // Read and recorded by one statement; an unknown id records nothing.
    const fila = await obtenerPaciente(sql, id, eventoDe(request, 'paciente.consultado'))
    if (!fila) throw new NotFoundError('Paciente no encontrado')
    // fila.id, not id: a merged record's id answers the record it was merged into.
    const atenciones = await atencionesDePaciente(sql, fila.id, tz)
    return { ...aPaciente(fila, hoyEn(tz)), atenciones: atenciones.map(aAtencion) }
  })
}
