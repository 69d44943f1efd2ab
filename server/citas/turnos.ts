// The rules of a cita's place and time, shared by booking and moving: an active sala, a free range
// inside its opening hours and outside its blocks, and the 409 that names who holds a taken slot
// (which undoing a move also answers; citas/reprogramacion.ts checks blocks there too).
import { fechaLlegadaMaxima, mensajeFechaLlegadaMaxima } from '../../shared/atenciones.js'
import type { Modalidad } from '../../shared/catalogos.js'
import { MENSAJES_BLOQUEOS } from '../../shared/bloqueos.js'
import { DIAS_PLURAL, diaIso, horasDelDia, MENSAJES_CITAS as M } from '../../shared/citas.js'
import { tramosDelDia, type Sala } from '../../shared/configuracion.js'
import { esFechaValida, hoyEn } from '../../shared/edad.js'
import type { Instantanea } from '../catalogos.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos } from '../errors.js'
import { MENSAJES_FERIADOS } from '../../shared/feriados.js'
import { aLocal, horaLocal } from '../horario.js'
import { bloqueoQueCubre } from '../queries/bloqueos.js'
import { feriadoEn } from '../queries/feriados.js'
import { citaQueOcupa, instantesLocales } from '../queries/citas.js'

/** A cita's place and time, as instants. */
export interface Turno {
  salaId: number
  inicio: Date
  fin: Date
}

/** The sala a cita goes to: it exists and is active. */
export function salaValida(c: Instantanea, salaId: number): Sala {
  const sala = c.salas.find((s) => s.id === salaId)
  if (!sala) throw datosInvalidos([{ campo: 'salaId', mensaje: M.salaNoEncontrada }])
  if (!sala.activa) throw datosInvalidos([{ campo: 'salaId', mensaje: M.salaInactiva }])
  return sala
}

/** Total minutes of the studies, by the catalogue's durations (a deactivated study keeps its own). */
export function duracionMinutos(c: Instantanea, modalidad: Modalidad, estudios: readonly string[]) {
  return estudios.reduce(
    (total, nombre) =>
      total +
      (c.estudios.find((e) => e.modalidad === modalidad && e.nombre === nombre)?.duracionMinutos ??
        0),
    0,
  )
}

/**
 * The range a cita of `minutos` starting at `inicio` (clinic-local) takes in `sala`: a real time,
 * within a year, in the future, on no feriado, inside one of the sala's opening ranges that weekday
 * and in none of its blocked periods. `db` is the transaction that then writes the cita: the sala's
 * row is held shared until it commits, so a block being created (which holds it exclusively,
 * queries/bloqueos.ts) either is seen here or sees this cita.
 */
export async function turnoEn(
  db: Sql,
  sala: Sala,
  inicio: string,
  minutos: number,
  tz: string,
): Promise<Turno> {
  const fecha = inicio.slice(0, 10)
  const error = (mensaje: string) => datosInvalidos([{ campo: 'inicio', mensaje }])
  if (!esFechaValida(fecha)) throw error('Fecha inválida')
  const maxima = fechaLlegadaMaxima(hoyEn(tz))
  if (fecha > maxima) throw error(mensajeFechaLlegadaMaxima(maxima))
  const dia = diaIso(fecha)
  const tramos = tramosDelDia(sala.horario, dia)
  if (tramos.length === 0) throw error(M.cerrado(DIAS_PLURAL[dia]!))
  await db`select 1 from salas where id = ${sala.id} for share`
  const {
    instantes: [desde, ...limites],
    ahora,
  } = await instantesLocales(
    db,
    [inicio, ...tramos.flatMap((t) => [`${fecha}T${t.abre}`, `${fecha}T${t.cierra}`])],
    tz,
  )
  // A time the clock skips (spring forward) comes back as another one.
  if (aLocal(desde!, tz) !== inicio) throw error(M.horaInexistente)
  if (desde! <= ahora) throw error(M.pasado)
  const feriado = await feriadoEn(db, fecha, sala.sede)
  if (feriado) throw error(MENSAJES_FERIADOS.cita(fecha, feriado))
  const fin = new Date(desde!.getTime() + minutos * 60_000)
  const dentro = tramos.some((_, i) => desde! >= limites[2 * i]! && fin <= limites[2 * i + 1]!)
  if (!dentro) throw error(M.fueraDeHorario(horasDelDia(tramos), horaLocal(fin, tz)))
  const bloqueo = await bloqueoQueCubre(db, sala.id, desde!, fin)
  if (bloqueo) {
    const periodo = [aLocal(bloqueo.inicio, tz), aLocal(bloqueo.fin, tz)] as const
    throw error(MENSAJES_BLOQUEOS.cita(...periodo, bloqueo.motivo, fecha))
  }
  return { salaId: sala.id, inicio: desde!, fin }
}

/**
 * The 409 of an overlap: which cita holds the slot, if it is still there, said by `mensaje`
 * (booking and moving; an undo says the old slot was taken since).
 */
export async function tomado(
  sql: Sql,
  t: Turno,
  tz: string,
  excepto: number | null = null,
  mensaje: (inicio: string, fin: string) => string = M.tomadoPor,
): Promise<ConflictError> {
  const otra = await citaQueOcupa(sql, t.salaId, t.inicio, t.fin, excepto)
  return new ConflictError(
    otra ? mensaje(horaLocal(otra.inicio, tz), horaLocal(otra.fin, tz)) : M.tomado,
  )
}
