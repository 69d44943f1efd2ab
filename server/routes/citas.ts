// Citas: a sede's day agenda, booking into a sala's free time, rescheduling and arrival. A cita is
// the atención itself (docs/datos.md#citas); cancelling it and marking it missed are estado changes
// of PATCH /atenciones/:id.
import type { FastifyInstance } from 'fastify'
import {
  MENSAJES_ATENCIONES as MA,
  MINUTOS_DESHACER,
  fechaLlegadaMaxima,
  mensajeFechaLlegadaMaxima,
  validarEstudios,
} from '../../shared/atenciones.js'
import { ESTADOS_NO_REALIZADOS, type Estado, type Modalidad } from '../../shared/catalogos.js'
import {
  agendaContract,
  deshacerReprogramacionContract,
  DIAS_PLURAL,
  diaIso,
  DURACION,
  llegadaCitaContract,
  MENSAJES_CITAS as M,
  reprogramarCitaContract,
  reservarCitaContract,
  type Cita,
  type SalaAgenda,
} from '../../shared/citas.js'
import type { Sala } from '../../shared/configuracion.js'
import type { ErrorCampo } from '../../shared/contract.js'
import { esFechaValida, hoyEn } from '../../shared/edad.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import { EVENTO_CAMBIO, origenes } from '../../shared/estado-atencion.js'
import {
  estudiosActivos,
  sedesActivas,
  type CacheCatalogos,
  type Instantanea,
} from '../catalogos.js'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors.js'
import { aLocal, horaLocal, turnosLibres } from '../horario.js'
import { eventoDe, filtrosDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { aAtencion } from '../http/respuestas.js'
import { cambiarEstado, obtenerAtencion, type AtencionFila } from '../queries/atenciones.js'
import {
  citaQueOcupa,
  citasDelDia,
  esSolape,
  insertarCita,
  instantesLocales,
  reprogramarCita,
  ultimaReprogramacion,
} from '../queries/citas.js'
import { route } from '../route.js'

const invalidos = (errores: ErrorCampo[]) => new BadRequestError('Datos inválidos', errores)

/** An atención that is a cita, as the citas calls answer it: with its sala and clinic-local range. */
export function aCita(f: AtencionFila, tz: string): Cita {
  if (f.salaId === null || !f.inicio || !f.fin) throw new NotFoundError(M.citaNoEncontrada)
  return { ...aAtencion(f), salaId: f.salaId, inicio: aLocal(f.inicio, tz), fin: aLocal(f.fin, tz) }
}

/** Total minutes of the studies, by the catalogue's durations (a deactivated study keeps its own). */
function duracionMinutos(c: Instantanea, modalidad: Modalidad, estudios: readonly string[]) {
  return estudios.reduce(
    (total, nombre) =>
      total +
      (c.estudios.find((e) => e.modalidad === modalidad && e.nombre === nombre)?.duracionMinutos ??
        0),
    0,
  )
}

export async function citasRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config, catalogos } = opts
  const tz = config.clinicTz

  /** The sala a cita goes to: it exists and is active. */
  function salaValida(c: Instantanea, salaId: number): Sala {
    const sala = c.salas.find((s) => s.id === salaId)
    if (!sala) throw invalidos([{ campo: 'salaId', mensaje: M.salaNoEncontrada }])
    if (!sala.activa) throw invalidos([{ campo: 'salaId', mensaje: M.salaInactiva }])
    return sala
  }

  /**
   * The range a cita of `minutos` starting at `inicio` (clinic-local) takes in `sala`: a real time,
   * within a year, in the future, inside the sala's opening hours that weekday. `db` is the
   * caller's transaction, if any (the embedded home has one connection).
   */
  async function turnoEn(
    db: Sql,
    sala: Sala,
    inicio: string,
    minutos: number,
  ): Promise<{ inicio: Date; fin: Date }> {
    const fecha = inicio.slice(0, 10)
    const error = (mensaje: string) => invalidos([{ campo: 'inicio', mensaje }])
    if (!esFechaValida(fecha)) throw error('Fecha inválida')
    const maxima = fechaLlegadaMaxima(hoyEn(tz))
    if (fecha > maxima) throw error(mensajeFechaLlegadaMaxima(maxima))
    const dia = diaIso(fecha)
    const tramo = sala.horario.find((t) => t.dia === dia)
    if (!tramo) throw error(M.cerrado(DIAS_PLURAL[dia]!))
    const {
      instantes: [desde, abre, cierra],
      ahora,
    } = await instantesLocales(
      db,
      [inicio, `${fecha}T${tramo.abre}`, `${fecha}T${tramo.cierra}`],
      tz,
    )
    // A time the clock skips (spring forward) comes back as another one.
    if (aLocal(desde!, tz) !== inicio) throw error(M.horaInexistente)
    if (desde! <= ahora) throw error(M.pasado)
    const fin = new Date(desde!.getTime() + minutos * 60_000)
    if (desde! < abre! || fin > cierra!)
      throw error(M.fueraDeHorario(tramo.abre, tramo.cierra, horaLocal(fin, tz)))
    return { inicio: desde!, fin }
  }

  /** The 409 of an overlap: which cita holds the slot, if it is still there. */
  async function tomado(salaId: number, inicio: Date, fin: Date, excepto: number | null = null) {
    const otra = await citaQueOcupa(sql, salaId, inicio, fin, excepto)
    return new ConflictError(
      otra ? M.tomadoPor(horaLocal(otra.inicio, tz), horaLocal(otra.fin, tz)) : M.tomado,
    )
  }

  route(app, agendaContract, async (request) => {
    const q = request.query
    const c = await catalogos.leer()
    const errores: ErrorCampo[] = []
    if (!c.sedes.some((s) => s.nombre === q.sede))
      errores.push({ campo: 'sede', mensaje: `Sede no válida: use ${sedesActivas(c).join(', ')}` })
    if (!esFechaValida(q.fecha)) errores.push({ campo: 'fecha', mensaje: 'Fecha inválida' })
    const duracion = q.duracion === undefined ? undefined : Number(q.duracion)
    if (duracion !== undefined && (duracion < DURACION.minima || duracion > DURACION.maxima)) {
      errores.push({
        campo: 'duracion',
        mensaje: `Duración en minutos, de ${DURACION.minima} a ${DURACION.maxima}`,
      })
    }
    const salas = c.activos.salas.filter(
      (s) => s.sede === q.sede && (q.sala === undefined || s.id === Number(q.sala)),
    )
    if (q.sala !== undefined && errores.length === 0 && salas.length === 0)
      errores.push({ campo: 'sala', mensaje: M.salaDeOtraSede })
    if (errores.length > 0) throw invalidos(errores)

    const dia = diaIso(q.fecha)
    const tramos = salas.map((s) => s.horario.find((t) => t.dia === dia))
    const locales = tramos.flatMap((t) =>
      t ? [`${q.fecha}T${t.abre}`, `${q.fecha}T${t.cierra}`] : [],
    )
    const [horas, citas] = await Promise.all([
      instantesLocales(sql, locales.length > 0 ? locales : [`${q.fecha}T00:00`], tz),
      salas.length > 0
        ? citasDelDia(
            sql,
            salas.map((s) => s.id),
            q.fecha,
            tz,
            // Names and ids of a sede's day: a read of patients for the audit trail.
            eventoDe(request, 'agenda.consultada', { detalle: filtrosDe(q) }),
          )
        : [],
    ])
    let i = 0
    const respuesta: SalaAgenda[] = salas.map((sala, n) => {
      const tramo = tramos[n]
      const apertura = tramo ? { inicio: horas.instantes[i++]!, fin: horas.instantes[i++]! } : null
      const suyas = citas.filter((x) => x.salaId === sala.id)
      const r: SalaAgenda = {
        id: sala.id,
        nombre: sala.nombre,
        modalidad: sala.modalidad,
        apertura: apertura && {
          inicio: aLocal(apertura.inicio, tz),
          fin: aLocal(apertura.fin, tz),
        },
        citas: suyas.map((x) => ({
          id: x.id,
          pacienteId: x.pacienteId,
          paciente: nombreCompleto(x),
          estudios: x.estudios.map((nombre) => ({ nombre })),
          estado: x.estado,
          prioridad: x.prioridad,
          inicio: aLocal(x.inicio, tz),
          fin: aLocal(x.fin, tz),
        })),
      }
      if (duracion !== undefined) {
        const vivas = suyas
          .filter((x) => !(ESTADOS_NO_REALIZADOS as readonly Estado[]).includes(x.estado))
          .map((x) => ({ inicio: x.inicio.getTime(), fin: x.fin.getTime() }))
        r.libres = apertura
          ? turnosLibres(
              { inicio: apertura.inicio.getTime(), fin: apertura.fin.getTime() },
              vivas,
              duracion * 60_000,
              horas.ahora.getTime(),
            ).map((l) => ({ inicio: aLocal(l.inicio, tz), fin: aLocal(l.fin, tz) }))
          : []
      }
      return r
    })
    return { sede: q.sede, fecha: q.fecha, salas: respuesta }
  })

  route(app, reservarCitaContract, async (request, reply) => {
    const b = request.body
    const c = await catalogos.leer()
    const sala = salaValida(c, b.salaId)
    const errores = validarEstudios(sala.modalidad, b.estudios, estudiosActivos(c, sala.modalidad))
    if (errores.length > 0) throw invalidos(errores)
    const estudios = b.estudios.map((e) => e.nombre.trim())
    const turno = await turnoEn(sql, sala, b.inicio, duracionMinutos(c, sala.modalidad, estudios))
    const fila = await insertarCita(
      sql,
      {
        pacienteId: b.pacienteId,
        salaId: sala.id,
        sede: sala.sede,
        modalidad: sala.modalidad,
        estudios,
        prioridad: b.prioridad ?? 'Rutina',
        procedencia: b.procedencia ?? 'Ambulatorio',
        inicio: turno.inicio,
        fin: turno.fin,
        creadoPor: request.usuario?.id ?? null,
      },
      { sala: sala.id, inicio: aLocal(turno.inicio, tz), fin: aLocal(turno.fin, tz) },
      tz,
      eventoDe(request, 'cita.creada'),
    )
    if (fila === 'solape') throw await tomado(sala.id, turno.inicio, turno.fin)
    if (fila === 'sinPaciente') throw new NotFoundError(M.pacienteNoEncontrado)
    reply.code(201)
    return aCita(fila, tz)
  })

  route(app, reprogramarCitaContract, async (request) => {
    const id = leerId(request.params.id, M.citaNoEncontrada)
    const b = request.body
    const c = await catalogos.leer()
    let destino: { salaId: number; inicio: Date; fin: Date } | undefined
    try {
      return await inTransaction(sql, async (tx) => {
        const actual = await obtenerAtencion(tx, id, tz, { bloquear: true })
        if (!actual?.salaId || !actual.inicio) throw new NotFoundError(M.citaNoEncontrada)
        if (actual.estado !== 'Programado') throw new ConflictError(M.soloProgramada(actual.estado))
        const sala = salaValida(c, b.salaId ?? actual.salaId)
        if (sala.modalidad !== actual.modalidad)
          throw invalidos([{ campo: 'salaId', mensaje: M.salaOtraModalidad(actual.modalidad) }])
        const turno = await turnoEn(
          tx,
          sala,
          b.inicio,
          duracionMinutos(c, sala.modalidad, actual.estudios),
        )
        const antes = {
          sala: actual.salaId,
          inicio: aLocal(actual.inicio, tz),
          ...(actual.fin && { fin: aLocal(actual.fin, tz) }),
        }
        const despues = { sala: sala.id, inicio: aLocal(turno.inicio, tz) }
        // The same sala and time again: nothing changes and nothing is recorded.
        if (
          antes.sala === despues.sala &&
          antes.inicio === despues.inicio &&
          actual.fin?.getTime() === turno.fin.getTime()
        )
          return aCita(actual, tz)
        destino = { salaId: sala.id, ...turno }
        const fila = await reprogramarCita(
          tx,
          id,
          { salaId: sala.id, sede: sala.sede, modalidad: sala.modalidad, ...turno },
          { atencion: id, antes, despues: { ...despues, fin: aLocal(turno.fin, tz) } },
          tz,
          eventoDe(request, 'cita.reprogramada'),
        )
        if (!fila) throw new NotFoundError(M.citaNoEncontrada)
        return aCita(fila, tz)
      })
    } catch (err) {
      if (esSolape(err) && destino)
        throw await tomado(destino.salaId, destino.inicio, destino.fin, id)
      throw err
    }
  })

  route(app, deshacerReprogramacionContract, async (request) => {
    const id = leerId(request.params.id, M.citaNoEncontrada)
    const por = request.usuario?.id ?? null
    const admin = request.usuario?.rol === 'admin'
    const c = await catalogos.leer()
    let destino: { salaId: number; inicio: Date; fin: Date } | undefined
    try {
      return await inTransaction(sql, async (tx) => {
        const actual = await obtenerAtencion(tx, id, tz, { bloquear: true })
        if (!actual?.salaId || !actual.inicio || !actual.fin)
          throw new NotFoundError(M.citaNoEncontrada)
        if (actual.estado !== 'Programado') throw new ConflictError(M.soloProgramada(actual.estado))
        const ultima = await ultimaReprogramacion(tx, actual.pacienteId, id, MINUTOS_DESHACER)
        if (!ultima) throw new ConflictError(M.nadaQueDeshacer)
        const ahora = aLocal(actual.inicio, tz)
        // What the caller saw, and what the move left, must both still be the cita's time.
        if (
          ahora !== request.body.inicio ||
          ahora !== ultima.despues.inicio ||
          actual.salaId !== ultima.despues.sala
        )
          throw new ConflictError(M.movidaDesdeEntonces(horaLocal(actual.inicio, tz)))
        if (!admin && ultima.usuarioId !== por) throw new ForbiddenError(MA.noAutor)
        if (!admin && !ultima.enPlazo) throw new ForbiddenError(MA.plazoVencido)
        const sala = c.salas.find((s) => s.id === ultima.antes.sala)
        if (!sala?.activa) throw new ConflictError(M.salaAnteriorInactiva)
        // The same length as now unless the record kept the old end (older records did not).
        const {
          instantes: [inicio, finGuardado],
          ahora: reloj,
        } = await instantesLocales(
          tx,
          [ultima.antes.inicio, ...(ultima.antes.fin ? [ultima.antes.fin] : [])],
          tz,
        )
        if (inicio! <= reloj) throw new ConflictError(M.horaAnteriorPasada)
        const fin =
          finGuardado ??
          new Date(inicio!.getTime() + actual.fin.getTime() - actual.inicio.getTime())
        destino = { salaId: sala.id, inicio: inicio!, fin }
        const fila = await reprogramarCita(
          tx,
          id,
          { salaId: sala.id, sede: sala.sede, modalidad: sala.modalidad, inicio: inicio!, fin },
          {
            atencion: id,
            antes: { sala: actual.salaId, inicio: ahora, fin: aLocal(actual.fin, tz) },
            despues: { sala: sala.id, inicio: aLocal(inicio!, tz), fin: aLocal(fin, tz) },
          },
          tz,
          eventoDe(request, 'cita.reprogramacion_deshecha'),
        )
        if (!fila) throw new NotFoundError(M.citaNoEncontrada)
        return aCita(fila, tz)
      })
    } catch (err) {
      // Another cita took the old slot since the move.
      if (!esSolape(err) || !destino) throw err
      const otra = await citaQueOcupa(sql, destino.salaId, destino.inicio, destino.fin, id)
      throw new ConflictError(
        otra ? M.deshacerTomado(horaLocal(otra.inicio, tz), horaLocal(otra.fin, tz)) : M.tomado,
      )
    }
  })

  route(app, llegadaCitaContract, async (request) => {
    const id = leerId(request.params.id, M.citaNoEncontrada)
    // The same estado change as the worklist's, undoable like it; only for a cita.
    const fila = await cambiarEstado(
      sql,
      id,
      {
        estado: 'En espera',
        desde: origenes('En espera', 'llegada'),
        motivo: null,
        por: request.usuario?.id ?? null,
        soloCitas: true,
      },
      tz,
      eventoDe(request, EVENTO_CAMBIO.llegada),
    )
    if (fila) return aCita(fila, tz)
    const actual = await obtenerAtencion(sql, id, tz)
    if (!actual?.inicio) throw new NotFoundError(M.citaNoEncontrada)
    // A repeated click: it already arrived.
    if (actual.estado === 'En espera') return aCita(actual, tz)
    throw new ConflictError(M.llegadaNoProgramada(actual.estado))
  })
}
