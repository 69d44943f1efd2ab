// The atención's estado machine, in one place: every move an atención's estado may make, who may
// make it, and the audit event it writes. The worklist and the patient's page (staff), the desk's
// «Llegó» on a cita, the equipment's MPPS (server/queries/mpps.ts) and a médico's signature
// (server/informes/firmar.ts) all ask it; the database conditions each move on the estados it may
// leave (server/queries/atenciones.ts's cambiarEstado), so of two at once only one wins. Undoing
// is not a move of its own: it puts back the estado the last move left, within MINUTOS_DESHACER by
// its author or at any time by an admin; a signature leaves nothing to undo.
import type { AccionAuditoria } from './auditoria.js'
import { ESTADOS, type Estado } from './catalogos.js'

/**
 * Who moves an atención: staff, the desk marking a cita's arrival, the equipment (MPPS), a
 * médico's final signature of its informe (server/informes/firmar.ts), the laboratory receiving
 * its first sample (server/laboratorio/muestras.ts), or the validation of its last lab result
 * (server/laboratorio/validar.ts). A signature and a validation are the only ways to Informado.
 */
export type Actor = 'personal' | 'llegada' | 'equipo' | 'firma' | 'muestra' | 'validacion'

interface Paso {
  desde: Estado
  hacia: Estado
  por: readonly Actor[]
  /** Only an atención with a cita may make it (a walk-in had no time to miss). */
  soloCita?: true
}

/**
 * The worklist moves forward; Informado, Cancelado and No se presentó are final. The equipment
 * may complete a study nobody marked started, and puts a discontinued one back to wait.
 */
export const PASOS: readonly Paso[] = [
  { desde: 'Programado', hacia: 'En espera', por: ['personal', 'llegada'] },
  { desde: 'Programado', hacia: 'En proceso', por: ['personal', 'equipo'] },
  { desde: 'Programado', hacia: 'Completado', por: ['equipo'] },
  { desde: 'Programado', hacia: 'Cancelado', por: ['personal'] },
  { desde: 'Programado', hacia: 'No se presentó', por: ['personal'], soloCita: true },
  { desde: 'En espera', hacia: 'En proceso', por: ['personal', 'equipo', 'muestra'] },
  { desde: 'En espera', hacia: 'Completado', por: ['equipo'] },
  { desde: 'En espera', hacia: 'Cancelado', por: ['personal'] },
  { desde: 'En proceso', hacia: 'Completado', por: ['personal', 'equipo'] },
  { desde: 'En proceso', hacia: 'En espera', por: ['equipo'] },
  { desde: 'En proceso', hacia: 'Cancelado', por: ['personal'] },
  { desde: 'Completado', hacia: 'Informado', por: ['firma', 'validacion'] },
  // A lab atención is done when its last result is validated, whether or not anyone marked it.
  { desde: 'En espera', hacia: 'Informado', por: ['validacion'] },
  { desde: 'En proceso', hacia: 'Informado', por: ['validacion'] },
]

/** The audit event each actor's move writes (the equipment's, under the calling sala's name). */
export const EVENTO_CAMBIO: Record<Actor, AccionAuditoria> = {
  personal: 'atencion.modificada',
  llegada: 'cita.llegada',
  equipo: 'atencion.modificada',
  firma: 'atencion.modificada',
  muestra: 'atencion.modificada',
  validacion: 'atencion.modificada',
}

/** The estados `actor` may move an atención to `hacia` from. */
export function origenes(hacia: Estado, actor: Actor): Estado[] {
  return PASOS.filter((p) => p.hacia === hacia && p.por.includes(actor)).map((p) => p.desde)
}

/** Whether moving to `hacia` needs a cita. */
export const exigeCita = (hacia: Estado): boolean =>
  PASOS.some((p) => p.hacia === hacia && p.soloCita)

/**
 * The moves that are a cita's arrival: out of Programado into the day's worklist. Staff make them
 * only on the cita's own day (clinic time), so next week's cita never becomes today's visit by a
 * click; the equipment's MPPS is recorded as it comes.
 */
export const esLlegada = (desde: Estado, hacia: Estado): boolean =>
  desde === 'Programado' && (hacia === 'En espera' || hacia === 'En proceso')

/** Staff's moves from each estado (the menus' order: ESTADOS'). */
export const TRANSICIONES = Object.fromEntries(
  ESTADOS.map((desde) => [
    desde,
    ESTADOS.filter((hacia) =>
      PASOS.some((p) => p.desde === desde && p.hacia === hacia && p.por.includes('personal')),
    ),
  ]),
) as unknown as Readonly<Record<Estado, readonly Estado[]>>

/**
 * The estados staff may move an atención to: a walk-in one (no cita) had no time to miss, and a
 * cita of another day does not arrive today.
 */
export function siguientesEstados(
  estado: Estado,
  cita: boolean,
  deOtroDia = false,
): readonly Estado[] {
  return TRANSICIONES[estado].filter(
    (e) => (cita || !exigeCita(e)) && !(cita && deOtroDia && esLlegada(estado, e)),
  )
}
