// Moving an atención along the worklist and undoing the last move: each one statement with its
// audit record, conditional on the estado it leaves (shared/estado-atencion.ts decides which moves
// exist and who makes them); when it changes nothing, the reason as a Spanish 409.
import { MENSAJES_ATENCIONES as M, type CambioAtencion } from '../../shared/atenciones.js'
import type { Estado } from '../../shared/catalogos.js'
import { MENSAJES_CITAS } from '../../shared/citas.js'
import { fechaEnZona, hoyEn } from '../../shared/edad.js'
import { esLlegada, exigeCita, origenes, TRANSICIONES } from '../../shared/estado-atencion.js'
import { limpiar, tieneControl } from '../../shared/texto.js'
import type { Sql } from '../db.js'
import { ConflictError, datosInvalidos, ForbiddenError, NotFoundError } from '../errors.js'
import {
  cambiarEstado,
  cambioDeshacible,
  deshacerCambio,
  obtenerAtencion,
  type AtencionFila,
} from '../queries/atenciones.js'
import type { Evento } from '../queries/auditoria.js'
import { tomado } from '../citas/turnos.js'
import { esSolape } from '../queries/citas.js'
import { NO_ENCONTRADA } from './reglas.js'

/** The 409 of a cita's arrival asked on another day than its own (esLlegada), or null. */
export function llegadaDeOtroDia(
  actual: AtencionFila,
  hacia: Estado,
  tz: string,
): ConflictError | null {
  if (!actual.inicio || !esLlegada(actual.estado, hacia)) return null
  const fecha = fechaEnZona(actual.inicio, tz)
  return fecha === hoyEn(tz) ? null : new ConflictError(MENSAJES_CITAS.llegadaOtroDia(fecha))
}

/** An estado change: conditional on the estado it leaves, so of two at once only one wins. */
export async function cambiarEstadoAtencion(
  sql: Sql,
  id: number,
  b: CambioAtencion,
  estado: Estado,
  usuarioId: number | null,
  tz: string,
  evento: Evento,
): Promise<AtencionFila> {
  if (origenes(estado, 'personal').length === 0 && origenes(estado, 'firma').length > 0)
    throw new ConflictError(M.informadoSoloFirma)
  let motivo: string | null = null
  if (estado === 'Cancelado') {
    if (tieneControl(b.motivo ?? ''))
      throw datosInvalidos([{ campo: 'motivo', mensaje: 'Contiene caracteres no permitidos' }])
    motivo = limpiar(b.motivo)
    if (!motivo) throw datosInvalidos([{ campo: 'motivo', mensaje: M.motivoRequerido }])
  } else if (b.motivo !== undefined) {
    throw datosInvalidos([{ campo: 'motivo', mensaje: M.motivoSoloCancelado }])
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
      por: usuarioId,
      soloCitas: exigeCita(estado),
      soloSuDia: true,
    },
    tz,
    evento,
  )
  if (fila) return fila
  const actual = await obtenerAtencion(sql, id, tz)
  if (!actual) throw new NotFoundError(NO_ENCONTRADA)
  if (exigeCita(estado) && actual.inicio === null)
    throw new ConflictError(MENSAJES_CITAS.noSePresentoSinCita)
  const otroDia = llegadaDeOtroDia(actual, estado, tz)
  if (otroDia) throw otroDia
  // The caller saw another estado: someone changed it meanwhile, and neither wins silently.
  if (b.desde !== undefined && actual.estado !== b.desde)
    throw new ConflictError(M.yaNoEsta(b.desde, actual.estado))
  // Asking again for the state it is already in (a repeated click) changes nothing.
  if (actual.estado === estado) return actual
  const siguientes = TRANSICIONES[actual.estado]
  throw new ConflictError(
    `No se puede pasar una atención de ${actual.estado} a ${estado}` +
      (siguientes.length > 0
        ? `; desde ${actual.estado} solo a: ${siguientes.join(', ')}`
        : `: ${actual.estado} es un estado final`),
  )
}

/**
 * Undoes the last estado change, back from `estado` (what the caller saw), by its author within
 * the undo window or by an admin.
 */
export async function deshacerEstadoAtencion(
  sql: Sql,
  id: number,
  estado: Estado,
  quien: { usuarioId: number | null; admin: boolean },
  tz: string,
  evento: Evento,
): Promise<AtencionFila> {
  // The undo and its audit record are one statement, conditional on what the caller saw.
  let fila
  try {
    fila = await deshacerCambio(
      sql,
      id,
      estado,
      { por: quien.usuarioId, admin: quien.admin },
      tz,
      evento,
    )
  } catch (err) {
    // A cancelled or missed cita comes back to a slot another cita has taken since.
    if (!esSolape(err)) throw err
    const cita = await obtenerAtencion(sql, id, tz)
    if (!cita?.salaId || !cita.inicio || !cita.fin) throw new ConflictError(MENSAJES_CITAS.tomado)
    const turno = { salaId: cita.salaId, inicio: cita.inicio, fin: cita.fin }
    throw await tomado(sql, turno, tz, id, MENSAJES_CITAS.deshacerTomado)
  }
  if (fila) return fila
  const actual = await cambioDeshacible(sql, id)
  if (!actual) throw new NotFoundError(NO_ENCONTRADA)
  if (actual.desde === null) throw new ConflictError(M.nadaQueDeshacer)
  if (actual.estado !== estado) throw new ConflictError(M.cambioDesdeEntonces(actual.estado))
  if (!quien.admin && actual.por !== quien.usuarioId) throw new ForbiddenError(M.noAutor)
  if (!quien.admin && !actual.enPlazo) throw new ForbiddenError(M.plazoVencido)
  // Allowed now, so the row changed between the two statements.
  throw new ConflictError(M.cambioDesdeEntonces(actual.estado))
}
