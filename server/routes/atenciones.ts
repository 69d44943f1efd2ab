// Atenciones: register an arrival, move it along the worklist, undo the last move, correct its data.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CAMPOS_CORREGIBLES,
  cambiarAtencionContract,
  crearAtencionContract,
  deshacerCambioContract,
  fechaLlegadaMaxima,
  MENSAJES_ATENCIONES as M,
  mensajeFechaLlegadaMaxima,
  validarEstudios,
  type CambioAtencion,
  type CorreccionAtencion,
} from '../../shared/atenciones.js'
import { ESTADOS_ABIERTOS, type Estado, type Modalidad } from '../../shared/catalogos.js'
import { MENSAJES_CITAS } from '../../shared/citas.js'
import type { ErrorCampo } from '../../shared/contract.js'
import { esFechaValida, hoyEn } from '../../shared/edad.js'
import { EVENTO_CAMBIO, exigeCita, origenes, TRANSICIONES } from '../../shared/estado-atencion.js'
import { limpiar, tieneControl } from '../../shared/texto.js'
import { estudiosActivos, salaDeAtencion, sedesActivas, type CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  type AppError,
} from '../errors.js'
import { horaLocal } from '../horario.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { aAtencion } from '../http/respuestas.js'
import {
  cambiarEstado,
  cambioDeshacible,
  corregirAtencion,
  deshacerCambio,
  insertarAtencion,
  obtenerAtencion,
  type CorreccionFila,
} from '../queries/atenciones.js'
import { citaQueOcupa, esSolape } from '../queries/citas.js'
import { route } from '../route.js'

const FECHA_LLEGADA_MINIMA = '2000-01-01'
const NO_ENCONTRADA = 'Atención no encontrada'

const invalidos = (errores: ErrorCampo[]): AppError =>
  new BadRequestError('Datos inválidos', errores)

/**
 * The arrival's rules, the same at registration and on correction: a real date from 2000, in the
 * future only for a Programado atención and at most a year ahead, a time only with its date.
 */
function erroresLlegada(
  fecha: string | undefined,
  hora: string | undefined,
  estado: Estado,
  hoy: string,
): ErrorCampo[] {
  const errores: ErrorCampo[] = []
  if (fecha && !esFechaValida(fecha))
    errores.push({ campo: 'fechaLlegada', mensaje: 'Fecha inválida' })
  else if (fecha && fecha < FECHA_LLEGADA_MINIMA) {
    errores.push({
      campo: 'fechaLlegada',
      mensaje: 'La fecha de llegada debe ser posterior a 2000',
    })
  } else if (fecha && fecha > hoy && estado !== 'Programado') {
    // Only a booked (Programado) atención lies ahead; an arrival has already happened.
    errores.push({
      campo: 'fechaLlegada',
      mensaje: 'Solo una atención Programada puede tener fecha futura',
    })
  } else if (fecha && fecha > fechaLlegadaMaxima(hoy)) {
    errores.push({
      campo: 'fechaLlegada',
      mensaje: mensajeFechaLlegadaMaxima(fechaLlegadaMaxima(hoy)),
    })
  }
  if (hora && !fecha) {
    errores.push({
      campo: 'fechaLlegada',
      mensaje: 'Indique la fecha de llegada junto con la hora',
    })
  }
  return errores
}

export async function atencionesRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config, catalogos } = opts
  const tz = config.clinicTz

  /**
   * The sede must be active and each study an active one of the modality; a correction may keep
   * the sede and, within the same modality, the studies the atención already had (`actual`), even
   * if deactivated since.
   */
  async function erroresCatalogo(
    sede: string | undefined,
    modalidad: Modalidad,
    estudios: readonly { nombre: string }[],
    actual?: { sede: string; modalidad: Modalidad; estudios: readonly string[] },
  ): Promise<ErrorCampo[]> {
    const c = await catalogos.leer()
    const activas = sedesActivas(c)
    const sedeValida = sede === undefined || activas.includes(sede) || sede === actual?.sede
    return [
      ...(sedeValida
        ? []
        : [{ campo: 'sede', mensaje: `Sede no válida: use ${activas.join(', ')}` }]),
      ...validarEstudios(modalidad, estudios, [
        ...estudiosActivos(c, modalidad),
        ...(actual?.modalidad === modalidad ? actual.estudios : []),
      ]),
    ]
  }

  route(app, crearAtencionContract, async (request, reply) => {
    const pacienteId = leerId(request.params.id, 'Paciente no encontrado')
    const b = request.body
    const sala = salaDeAtencion(await catalogos.leer(), b.sede, b.modalidad, b.salaId)
    const errores = [
      ...(await erroresCatalogo(b.sede, b.modalidad, b.estudios)),
      ...('error' in sala ? [sala.error] : []),
      ...erroresLlegada(b.fechaLlegada, b.horaLlegada, b.estado ?? 'En espera', hoyEn(tz)),
    ]
    if (errores.length > 0 || 'error' in sala) throw invalidos(errores)
    const fila = await insertarAtencion(
      sql,
      {
        pacienteId,
        sede: b.sede,
        modalidad: b.modalidad,
        salaId: sala.salaId,
        estudios: b.estudios.map((e) => e.nombre.trim()),
        estado: b.estado ?? 'En espera',
        procedencia: b.procedencia ?? 'Ambulatorio',
        prioridad: b.prioridad ?? 'Rutina',
        fechaLlegada: b.fechaLlegada ?? null,
        horaLlegada: b.horaLlegada ?? null,
        creadoPor: request.usuario?.id ?? null,
      },
      tz,
      // Written by the insert's own statement: the atención and its record commit together.
      eventoDe(request, 'atencion.creada'),
    )
    if (!fila) throw new NotFoundError('Paciente no encontrado')
    reply.code(201)
    return aAtencion(fila)
  })

  /** An estado change: conditional on the estado it leaves, so of two at once only one wins. */
  async function cambiar(request: FastifyRequest, id: number, b: CambioAtencion, estado: Estado) {
    let motivo: string | null = null
    if (estado === 'Cancelado') {
      if (tieneControl(b.motivo ?? ''))
        throw invalidos([{ campo: 'motivo', mensaje: 'Contiene caracteres no permitidos' }])
      motivo = limpiar(b.motivo)
      if (!motivo) throw invalidos([{ campo: 'motivo', mensaje: M.motivoRequerido }])
    } else if (b.motivo !== undefined) {
      throw invalidos([{ campo: 'motivo', mensaje: M.motivoSoloCancelado }])
    }
    const posibles = origenes(estado, 'personal')
    const desde = b.desde === undefined ? posibles : posibles.filter((e) => e === b.desde)
    // The change and its audit record are one statement.
    const fila = await cambiarEstado(
      sql,
      id,
      // Only a cita can be missed: a walk-in atención never had a time to miss.
      {
        estado,
        desde,
        motivo,
        por: request.usuario?.id ?? null,
        soloCitas: exigeCita(estado),
      },
      tz,
      eventoDe(request, EVENTO_CAMBIO.personal),
    )
    if (fila) return aAtencion(fila)
    const actual = await obtenerAtencion(sql, id, tz)
    if (!actual) throw new NotFoundError(NO_ENCONTRADA)
    if (exigeCita(estado) && actual.inicio === null)
      throw new ConflictError(MENSAJES_CITAS.noSePresentoSinCita)
    // The caller saw another estado: someone changed it meanwhile, and neither wins silently.
    if (b.desde !== undefined && actual.estado !== b.desde)
      throw new ConflictError(M.yaNoEsta(b.desde, actual.estado))
    // Asking again for the state it is already in (a repeated click) changes nothing.
    if (actual.estado === estado) return aAtencion(actual)
    const siguientes = TRANSICIONES[actual.estado]
    throw new ConflictError(
      `No se puede pasar una atención de ${actual.estado} a ${estado}` +
        (siguientes.length > 0
          ? `; desde ${actual.estado} solo a: ${siguientes.join(', ')}`
          : `: ${actual.estado} es un estado final`),
    )
  }

  /**
   * Corrections of the registered data, checked by the registration's rules against the row as it
   * is (held until the write), with each changed field's old and new value in the audit record.
   */
  function corregir(request: FastifyRequest, id: number, c: CorreccionAtencion) {
    return inTransaction(sql, async (tx) => {
      const actual = await obtenerAtencion(tx, id, tz, { bloquear: true })
      if (!actual) throw new NotFoundError(NO_ENCONTRADA)
      if (!(ESTADOS_ABIERTOS as readonly Estado[]).includes(actual.estado))
        throw new ConflictError(M.noCorregible(actual.estado))
      if (actual.inicio !== null) {
        // A cita's sede, modality and sala are its booking's, and its booked time is its turno.
        const ajenos = [
          ...(c.sede !== undefined && c.sede !== actual.sede ? ['sede'] : []),
          ...(c.modalidad !== undefined && c.modalidad !== actual.modalidad ? ['modalidad'] : []),
          ...(c.salaId !== undefined && c.salaId !== actual.salaId ? ['salaId'] : []),
          ...(actual.estado === 'Programado' &&
          ((c.fechaLlegada !== undefined && c.fechaLlegada !== actual.fechaLlegada) ||
            (c.horaLlegada !== undefined && c.horaLlegada !== actual.horaLlegada))
            ? ['fechaLlegada']
            : []),
        ]
        if (ajenos.length > 0)
          throw invalidos(
            ajenos.map((campo) => ({ campo, mensaje: MENSAJES_CITAS.correccionDeCita })),
          )
      }
      const modalidad = c.modalidad ?? actual.modalidad
      const sede = c.sede ?? actual.sede
      const estudios = c.estudios ?? actual.estudios.map((nombre) => ({ nombre }))
      // Another sede or modality takes the atención to a sala of theirs, the one asked for or the
      // only one there; the same ones keep its sala unless another is asked for.
      const mismoLugar = sede === actual.sede && modalidad === actual.modalidad
      const sala =
        mismoLugar && (c.salaId === undefined || c.salaId === actual.salaId)
          ? { salaId: actual.salaId }
          : salaDeAtencion(await catalogos.leer(), sede, modalidad, c.salaId, actual.salaId)
      const errores = [
        ...(await erroresCatalogo(c.sede, modalidad, estudios, actual)),
        ...('error' in sala ? [sala.error] : []),
        ...erroresLlegada(c.fechaLlegada, c.horaLlegada, actual.estado, hoyEn(tz)),
      ]
      if (errores.length > 0 || 'error' in sala) throw invalidos(errores)

      const nuevo: CorreccionFila = {}
      const cambios: Record<string, { antes: unknown; despues: unknown }> = {}
      const anotar = <K extends 'sede' | 'modalidad' | 'prioridad' | 'procedencia'>(k: K) => {
        const v: unknown = c[k]
        if (v !== undefined && v !== actual[k]) {
          ;(nuevo as Record<string, unknown>)[k] = v
          cambios[k] = { antes: actual[k], despues: v }
        }
      }
      anotar('sede')
      anotar('modalidad')
      const nombres = estudios.map((e) => e.nombre.trim())
      if (c.estudios && JSON.stringify(nombres) !== JSON.stringify(actual.estudios)) {
        nuevo.estudios = nombres
        cambios.estudios = { antes: actual.estudios, despues: nombres }
      }
      anotar('prioridad')
      anotar('procedencia')
      if (sala.salaId !== actual.salaId) {
        nuevo.salaId = sala.salaId
        cambios.salaId = { antes: actual.salaId, despues: sala.salaId }
      }
      if (c.fechaLlegada) {
        // A date without a time is 00:00, as at registration.
        const hora = c.horaLlegada ?? '00:00'
        if (c.fechaLlegada !== actual.fechaLlegada || hora !== actual.horaLlegada) {
          nuevo.llegada = { fecha: c.fechaLlegada, hora }
          if (c.fechaLlegada !== actual.fechaLlegada)
            cambios.fechaLlegada = { antes: actual.fechaLlegada, despues: c.fechaLlegada }
          if (hora !== actual.horaLlegada)
            cambios.horaLlegada = { antes: actual.horaLlegada, despues: hora }
        }
      }
      // The same values again: nothing changes and nothing is recorded.
      if (Object.keys(cambios).length === 0) return aAtencion(actual)
      const fila = await corregirAtencion(
        tx,
        id,
        nuevo,
        { atencion: id, cambios },
        tz,
        eventoDe(request, 'atencion.modificada'),
      )
      if (!fila) throw new NotFoundError(NO_ENCONTRADA)
      return aAtencion(fila)
    })
  }

  route(app, cambiarAtencionContract, async (request) => {
    const id = leerId(request.params.id, NO_ENCONTRADA)
    const b = request.body
    const correccion: CorreccionAtencion = Object.fromEntries(
      CAMPOS_CORREGIBLES.filter((k) => b[k] !== undefined).map((k) => [k, b[k]]),
    )
    const corrige = Object.keys(correccion).length > 0
    if (b.estado !== undefined) {
      if (corrige) throw invalidos([{ campo: 'estado', mensaje: M.estadoSolo }])
      return cambiar(request, id, b, b.estado)
    }
    if (b.motivo !== undefined)
      throw invalidos([{ campo: 'motivo', mensaje: M.motivoSoloCancelado }])
    if (b.desde !== undefined) throw invalidos([{ campo: 'desde', mensaje: M.desdeSinEstado }])
    // `{"x": 1}` arrives as `{}` (unknown fields are dropped): nothing to change, nothing to audit.
    if (!corrige) throw invalidos([{ campo: 'cuerpo', mensaje: M.sinCambio }])
    return corregir(request, id, correccion)
  })

  route(app, deshacerCambioContract, async (request) => {
    const id = leerId(request.params.id, NO_ENCONTRADA)
    const estado = request.body.estado
    const por = request.usuario?.id ?? null
    const admin = request.usuario?.rol === 'admin'
    // The undo and its audit record are one statement, conditional on what the caller saw.
    let fila
    try {
      fila = await deshacerCambio(
        sql,
        id,
        estado,
        { por, admin },
        tz,
        eventoDe(request, 'atencion.estado_deshecho'),
      )
    } catch (err) {
      // A cancelled or missed cita comes back to a slot another cita has taken since.
      if (!esSolape(err)) throw err
      const cita = await obtenerAtencion(sql, id, tz)
      const otra =
        cita?.salaId && cita.inicio && cita.fin
          ? await citaQueOcupa(sql, cita.salaId, cita.inicio, cita.fin, id)
          : undefined
      throw new ConflictError(
        otra
          ? MENSAJES_CITAS.deshacerTomado(horaLocal(otra.inicio, tz), horaLocal(otra.fin, tz))
          : MENSAJES_CITAS.tomado,
      )
    }
    if (fila) return aAtencion(fila)
    const actual = await cambioDeshacible(sql, id)
    if (!actual) throw new NotFoundError(NO_ENCONTRADA)
    if (actual.desde === null) throw new ConflictError(M.nadaQueDeshacer)
    if (actual.estado !== estado) throw new ConflictError(M.cambioDesdeEntonces(actual.estado))
    if (!admin && actual.por !== por) throw new ForbiddenError(M.noAutor)
    if (!admin && !actual.enPlazo) throw new ForbiddenError(M.plazoVencido)
    // Allowed now, so the row changed between the two statements.
    throw new ConflictError(M.cambioDesdeEntonces(actual.estado))
  })
}
