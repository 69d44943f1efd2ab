// Corrections of an atención's registered data (docs/api.md#corregir-una-atención), checked by the
// registration's rules against the row as it is, held until the write.
import type { CorreccionAtencion } from '../../shared/atenciones.js'
import { MENSAJES_ATENCIONES as M } from '../../shared/atenciones.js'
import { ESTADOS_ABIERTOS, type Estado } from '../../shared/catalogos.js'
import { MENSAJES_CITAS } from '../../shared/citas.js'
import { hoyEn } from '../../shared/edad.js'
import { salaDeAtencion, type Instantanea } from '../catalogos.js'
import { inTransaction, type Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import {
  corregirAtencion,
  obtenerAtencion,
  type AtencionFila,
  type CorreccionFila,
} from '../queries/atenciones.js'
import type { Evento } from '../queries/auditoria.js'
import { erroresCatalogo, erroresLlegada, NO_ENCONTRADA } from './reglas.js'
import { erroresSolicitante } from './solicitante.js'

/**
 * Corrections of the registered data, checked by the registration's rules against the row as it
 * is (held until the write), with each changed field's old and new value in the audit record.
 */
export function corregirAtencionRegistrada(
  sql: Sql,
  catalogo: Instantanea,
  id: number,
  c: CorreccionAtencion,
  tz: string,
  evento: Evento,
): Promise<AtencionFila> {
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
        throw datosInvalidos(
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
        : salaDeAtencion(catalogo, sede, modalidad, c.salaId, actual.salaId)
    const errores = [
      ...erroresCatalogo(catalogo, c.sede, modalidad, estudios, actual),
      ...('error' in sala ? [sala.error] : []),
      ...erroresLlegada(c.fechaLlegada, c.horaLlegada, actual.estado, hoyEn(tz)),
      ...(await erroresSolicitante(tx, c.solicitanteId, actual.solicitante?.id)),
    ]
    if (errores.length > 0 || 'error' in sala) throw datosInvalidos(errores)

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
    const solicitante = actual.solicitante?.id ?? null
    if (c.solicitanteId !== undefined && c.solicitanteId !== solicitante) {
      nuevo.solicitanteId = c.solicitanteId
      cambios.solicitanteId = { antes: solicitante, despues: c.solicitanteId }
    }
    // The same values again: nothing changes and nothing is recorded.
    if (Object.keys(cambios).length === 0) return actual
    const fila = await corregirAtencion(tx, id, nuevo, { atencion: id, cambios }, tz, evento)
    if (!fila) throw new NotFoundError(NO_ENCONTRADA)
    return fila
  })
}
