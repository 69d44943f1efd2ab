// The rules an atención's registered data keeps, the same at registration and on correction.
import {
  fechaLlegadaMaxima,
  mensajeFechaLlegadaMaxima,
  validarEstudios,
} from '../../shared/atenciones.js'
import type { Estado, Modalidad, Prioridad, Procedencia } from '../../shared/catalogos.js'
import type { ErrorCampo } from '../../shared/contract.js'
import { esFechaValida } from '../../shared/edad.js'
import {
  estudiosActivos,
  etiquetaModalidad,
  modalidadesActivas,
  sedesActivas,
  type Instantanea,
} from '../catalogos.js'
import type { NuevaAtencion } from '../queries/atenciones.js'

const FECHA_LLEGADA_MINIMA = '2000-01-01'
export const NO_ENCONTRADA = 'Atención no encontrada'

/**
 * The arrival's rules, the same at registration and on correction: a real date from 2000, in the
 * future only for a Programado atención and at most a year ahead, a time only with its date.
 */
export function erroresLlegada(
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

/**
 * The sede and the modality must be active and each study an active one of the modality; a
 * correction may keep the sede, the modality and, within it, the studies the atención already had
 * (`actual`), even if deactivated since.
 */
export function erroresCatalogo(
  c: Instantanea,
  sede: string | undefined,
  modalidad: Modalidad,
  estudios: readonly { nombre: string }[],
  actual?: { sede: string; modalidad: Modalidad; estudios: readonly string[] },
): ErrorCampo[] {
  const activas = sedesActivas(c)
  const sedeValida = sede === undefined || activas.includes(sede) || sede === actual?.sede
  const modalidades = modalidadesActivas(c)
  const modalidadValida = modalidades.includes(modalidad) || modalidad === actual?.modalidad
  return [
    ...(sedeValida
      ? []
      : [{ campo: 'sede', mensaje: `Sede no válida: use ${activas.join(', ')}` }]),
    ...(modalidadValida
      ? []
      : [{ campo: 'modalidad', mensaje: `Modalidad no válida: use ${modalidades.join(', ')}` }]),
    ...validarEstudios(etiquetaModalidad(c, modalidad), modalidadValida ? estudios : [], [
      ...estudiosActivos(c, modalidad),
      ...(actual?.modalidad === modalidad ? actual.estudios : []),
    ]),
  ]
}

/** What a registration says once for its atenciones: where, how urgent, from where, when, who asked. */
export interface DatosComunes {
  sede: string
  estado?: Estado
  procedencia?: Procedencia
  prioridad?: Prioridad
  fechaLlegada?: string
  horaLlegada?: string
  solicitanteId?: number | null
}

/**
 * The atención a registration stores for one modality, with the spec's defaults (En espera,
 * Ambulatorio, Rutina, now): the one place both POST /pacientes/:id/atenciones and a visit's
 * several build it.
 */
export function nuevaAtencion(
  pacienteId: number,
  comun: DatosComunes,
  una: { modalidad: Modalidad; estudios: readonly { nombre: string }[]; salaId: number | null },
  creadoPor: number | null,
  visita: number | null = null,
): NuevaAtencion {
  return {
    pacienteId,
    sede: comun.sede,
    modalidad: una.modalidad,
    salaId: una.salaId,
    estudios: una.estudios.map((e) => e.nombre.trim()),
    estado: comun.estado ?? 'En espera',
    procedencia: comun.procedencia ?? 'Ambulatorio',
    prioridad: comun.prioridad ?? 'Rutina',
    fechaLlegada: comun.fechaLlegada ?? null,
    horaLlegada: comun.horaLlegada ?? null,
    creadoPor,
    visita,
    solicitanteId: comun.solicitanteId ?? null,
  }
}
