// Moving a cita to another time or sala, and undoing the last move (docs/api.md#reprogramar-una-cita).
// Both are one transaction with the cita's row locked, record what it held and what it holds
// now, and turn an overlap the database refuses (the exclusion constraint on the sala's ranges)
// into a 409 that says which cita holds the slot.
import { MENSAJES_ATENCIONES as MA, MINUTOS_DESHACER } from '../../shared/atenciones.js'
import { MENSAJES_CITAS as M } from '../../shared/citas.js'
import type { Sala } from '../../shared/configuracion.js'
import type { Instantanea } from '../catalogos.js'
import { inTransaction, type Sql } from '../db.js'
import { ConflictError, datosInvalidos, ForbiddenError, NotFoundError } from '../errors.js'
import { aLocal, horaLocal } from '../horario.js'
import { obtenerAtencion, type AtencionFila } from '../queries/atenciones.js'
import type { Evento } from '../queries/auditoria.js'
import {
  esSolape,
  instantesLocales,
  reprogramarCita,
  ultimaReprogramacion,
} from '../queries/citas.js'
import { duracionMinutos, salaValida, tomado, turnoEn, type Turno } from './turnos.js'
import { MENSAJES_BLOQUEOS } from '../../shared/bloqueos.js'
import { bloqueoQueCubre } from '../queries/bloqueos.js'

/** A cita as a move reads it, locked: its sala and range. */
type CitaFila = AtencionFila & { salaId: number; inicio: Date; fin: Date }

/** Where a move takes the cita; null leaves it where it is, unrecorded. */
type Destino = { sala: Sala; inicio: Date; fin: Date } | null

/**
 * Locks the cita, checks it is still a Programado one, asks `decidir` where it goes, moves it
 * there with its audit record (`evento`) and answers it. An overlap the update runs into becomes
 * `alSolapar`'s 409.
 */
async function mover(
  sql: Sql,
  id: number,
  tz: string,
  evento: Evento,
  decidir: (tx: Sql, actual: CitaFila) => Promise<Destino>,
  alSolapar: (destino: Turno) => Promise<Error>,
): Promise<AtencionFila> {
  let destino: Turno | undefined
  try {
    return await inTransaction(sql, async (tx) => {
      const actual = await obtenerAtencion(tx, id, tz, { bloquear: true })
      if (!actual?.salaId || !actual.inicio || !actual.fin)
        throw new NotFoundError(M.citaNoEncontrada)
      if (actual.estado !== 'Programado') throw new ConflictError(M.soloProgramada(actual.estado))
      const d = await decidir(tx, actual as CitaFila)
      if (!d) return actual
      destino = { salaId: d.sala.id, inicio: d.inicio, fin: d.fin }
      const fila = await reprogramarCita(
        tx,
        id,
        { ...destino, sede: d.sala.sede, modalidad: d.sala.modalidad },
        {
          atencion: id,
          antes: {
            sala: actual.salaId,
            inicio: aLocal(actual.inicio, tz),
            fin: aLocal(actual.fin, tz),
          },
          despues: { sala: d.sala.id, inicio: aLocal(d.inicio, tz), fin: aLocal(d.fin, tz) },
        },
        tz,
        evento,
      )
      if (!fila) throw new NotFoundError(M.citaNoEncontrada)
      return fila
    })
  } catch (err) {
    if (esSolape(err) && destino) throw await alSolapar(destino)
    throw err
  }
}

/** To `inicio` (clinic-local) in `salaId` (by default its own), for as long as its studies take. */
export function reprogramar(
  sql: Sql,
  c: Instantanea,
  id: number,
  cambio: { salaId?: number; inicio: string },
  tz: string,
  evento: Evento,
): Promise<AtencionFila> {
  return mover(
    sql,
    id,
    tz,
    evento,
    async (tx, actual) => {
      const sala = salaValida(c, cambio.salaId ?? actual.salaId)
      if (sala.modalidad !== actual.modalidad)
        throw datosInvalidos([{ campo: 'salaId', mensaje: M.salaOtraModalidad(actual.modalidad) }])
      const minutos = duracionMinutos(c, sala.modalidad, actual.estudios)
      // Where it already is, as long as it is: as it was, even in hours or a block set since.
      if (
        sala.id === actual.salaId &&
        cambio.inicio === aLocal(actual.inicio, tz) &&
        minutos * 60_000 === actual.fin.getTime() - actual.inicio.getTime()
      )
        return null
      const turno = await turnoEn(tx, sala, cambio.inicio, minutos, tz)
      // The same sala and time again: nothing changes and nothing is recorded.
      const igual =
        sala.id === actual.salaId &&
        turno.inicio.getTime() === actual.inicio.getTime() &&
        turno.fin.getTime() === actual.fin.getTime()
      return igual ? null : { sala, inicio: turno.inicio, fin: turno.fin }
    },
    (destino) => tomado(sql, destino, tz, id),
  )
}

/**
 * Back to where the last move took it from, within MINUTOS_DESHACER, by its author or an admin,
 * only if it is still where that move left it and at the time the caller saw (`inicio`).
 */
export function deshacerReprogramacion(
  sql: Sql,
  c: Instantanea,
  id: number,
  inicio: string,
  quien: { usuarioId: number | null; admin: boolean },
  tz: string,
  evento: Evento,
): Promise<AtencionFila> {
  return mover(
    sql,
    id,
    tz,
    evento,
    async (tx, actual) => {
      const ultima = await ultimaReprogramacion(tx, actual.pacienteId, id, MINUTOS_DESHACER)
      if (!ultima) throw new ConflictError(M.nadaQueDeshacer)
      const ahora = aLocal(actual.inicio, tz)
      // What the caller saw, and what the move left, must both still be the cita's time.
      if (
        ahora !== inicio ||
        ahora !== ultima.despues.inicio ||
        actual.salaId !== ultima.despues.sala
      )
        throw new ConflictError(M.movidaDesdeEntonces(horaLocal(actual.inicio, tz)))
      if (!quien.admin && ultima.usuarioId !== quien.usuarioId) throw new ForbiddenError(MA.noAutor)
      if (!quien.admin && !ultima.enPlazo) throw new ForbiddenError(MA.plazoVencido)
      const sala = c.salas.find((s) => s.id === ultima.antes.sala)
      if (!sala?.activa) throw new ConflictError(M.salaAnteriorInactiva)
      // The same length as now unless the record kept the old end (older records did not).
      const {
        instantes: [desde, finGuardado],
        ahora: reloj,
      } = await instantesLocales(
        tx,
        [ultima.antes.inicio, ...(ultima.antes.fin ? [ultima.antes.fin] : [])],
        tz,
      )
      if (desde! <= reloj) throw new ConflictError(M.horaAnteriorPasada)
      const fin =
        finGuardado ?? new Date(desde!.getTime() + actual.fin.getTime() - actual.inicio.getTime())
      // A block set since the move: held as a booking holds it (turnos.ts), then checked.
      await tx`select 1 from salas where id = ${sala.id} for share`
      const bloqueo = await bloqueoQueCubre(tx, sala.id, desde!, fin)
      if (bloqueo) {
        const periodo = [aLocal(bloqueo.inicio, tz), aLocal(bloqueo.fin, tz)] as const
        const dia = aLocal(desde!, tz).slice(0, 10)
        throw new ConflictError(MENSAJES_BLOQUEOS.deshacer(...periodo, bloqueo.motivo, dia))
      }
      return { sala, inicio: desde!, fin }
    },
    // Another cita took the old slot since the move.
    (destino) => tomado(sql, destino, tz, id, M.deshacerTomado),
  )
}
