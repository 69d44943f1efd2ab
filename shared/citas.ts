// Citas: an atención booked ahead into a sala's time (docs/datos.md#citas). A cita is the
// atención itself — the same record and number from booking to report — in estado Programado, with
// a sala and a time range; its arrival turns it into the atención waiting (En espera). Every time
// here is the clinic's (CLINIC_TZ), written 'YYYY-MM-DDTHH:MM'.
import { fechaLegible } from './edad.js'
import { Type, type Static } from '@sinclair/typebox'
import { AtencionSchema, EstudioSchema, IdParamsSchema, MINUTOS_DESHACER } from './atenciones.js'
import { ESTADOS, PRIORIDADES, PROCEDENCIAS } from './catalogos.js'
import { defineContract, ErrorSchema, IdEntrada } from './contract.js'
import { enumTexto } from './paciente-datos.js'

const uno = <T extends string>(valores: readonly T[], mensaje: string) =>
  Type.Union(
    valores.map((v) => Type.Literal(v)),
    { mensaje },
  )

const FECHA = '^\\d{4}-\\d{2}-\\d{2}$'
/** A clinic-local date and time to the minute. */
export const FECHA_HORA = '^\\d{4}-\\d{2}-\\d{2}T([01]\\d|2[0-3]):[0-5]\\d$'
export const MENSAJE_FECHA_HORA = 'Fecha y hora inválidas (AAAA-MM-DDTHH:MM)'

/** Minutes past its time after which a cita still Programado shows as late. */
export const MINUTOS_TOLERANCIA = 15

/** How long a slot of GET /agenda may be asked for: a study lasts from 5 minutes to 8 hours. */
export const DURACION = { minima: 5, maxima: 480 } as const

export const MENSAJES_CITAS = {
  salaNoEncontrada: 'Sala no encontrada',
  salaInactiva: 'La sala no está activa',
  salaDeOtraSede: 'La sala no es de esa sede',
  salaOtraModalidad: (modalidad: string) =>
    `La cita es de ${modalidad}: elija una sala de esa modalidad`,
  citaNoEncontrada: 'Cita no encontrada',
  pacienteNoEncontrado: 'Paciente no encontrado',
  pasado: 'La cita debe ser en el futuro',
  horaInexistente: 'Esa hora no existe ese día: el reloj se adelanta por el cambio de horario',
  cerrado: (dia: string) => `La sala no atiende los ${dia}`,
  /** `horas`: the day's ranges as horasDelDia says them. */
  fueraDeHorario: (horas: string, fin: string) =>
    `Fuera del horario de la sala (${horas}): la cita terminaría a las ${fin}`,
  tomado: 'Ese horario ya está tomado',
  tomadoPor: (inicio: string, fin: string) =>
    `Ese horario ya está tomado: la sala tiene una cita de ${inicio} a ${fin}`,
  soloProgramada: (estado: string) => `Solo se reprograma una cita Programada; esta está ${estado}`,
  llegadaNoProgramada: (estado: string) => `Solo llega una cita Programada; esta está ${estado}`,
  llegadaOtroDia: (fecha: string) =>
    `La cita es del ${fechaLegible(fecha)}: la llegada se marca el día de la cita. Si el paciente se atiende hoy, reprograme la cita a hoy.`,
  deshacerTomado: (inicio: string, fin: string) =>
    `No se puede deshacer: el horario de la cita ya lo tomó otra (de ${inicio} a ${fin}). Reprograme la cita.`,
  nadaQueDeshacer: 'La cita no tiene una reprogramación que deshacer',
  movidaDesdeEntonces: (inicio: string) =>
    `La cita cambió desde su reprogramación: ahora está a las ${inicio}. Reprográmela si hace falta.`,
  horaAnteriorPasada: 'La hora de antes ya pasó: elija otro horario para la cita',
  salaAnteriorInactiva: 'La sala de antes ya no está activa: elija otro horario para la cita',
  noSePresentoSinCita:
    'Solo una cita puede quedar como «No se presentó»: esta atención no tiene sala ni horario reservados',
  correccionDeCita:
    'La sede, la modalidad y la hora de una cita vienen de su sala y su turno: reprograme la cita para cambiarlas',
} as const

/** ISO weekday (1 = lunes) → how a message names it, singular. */
export const DIAS_SINGULAR = [
  '',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
  'domingo',
] as const

/** ISO weekday (1 = lunes) → how a message names it, plural. */
export const DIAS_PLURAL = [
  '',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábados',
  'domingos',
] as const

/** ISO weekday (1 = lunes … 7 = domingo) of a calendar date 'YYYY-MM-DD'; it has no time zone. */
export function diaIso(fecha: string): number {
  const d = new Date(`${fecha}T00:00:00Z`).getUTCDay()
  return d === 0 ? 7 : d
}

/**
 * A day's opening ranges as a message says them, «07:00 a 13:00 y 14:00 a 20:00», or a list with
 * its own separator between opening and closing («07:00–13:00 y 14:00–20:00»).
 */
export function horasDelDia(
  tramos: readonly { abre: string; cierra: string }[],
  entre = ' a ',
): string {
  const partes = tramos.map((t) => `${t.abre}${entre}${t.cierra}`)
  return partes.length > 1
    ? `${partes.slice(0, -1).join(', ')} y ${partes.at(-1)}`
    : partes.join('')
}

export const TramoSchema = Type.Object({
  inicio: Type.String(),
  fin: Type.String(),
})
export type Tramo = Static<typeof TramoSchema>

export const CitaAgendaSchema = Type.Object({
  /** The atención's id. */
  id: Type.Integer(),
  pacienteId: Type.Integer(),
  /** The patient's full name. */
  paciente: Type.String(),
  estudios: Type.Array(Type.Object({ nombre: Type.String() })),
  estado: enumTexto(ESTADOS),
  prioridad: enumTexto(PRIORIDADES),
  inicio: Type.String(),
  fin: Type.String(),
})
export type CitaAgenda = Static<typeof CitaAgendaSchema>

export const SalaAgendaSchema = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  modalidad: Type.String(),
  /** From its first opening to its last closing that day; null when it is closed. */
  apertura: Type.Union([TramoSchema, Type.Null()]),
  /** Its opening ranges that day, by time (a lunch break is the gap between two); empty: closed. */
  horario: Type.Array(TramoSchema),
  /** Its blocked periods that overlap the day (shared/bloqueos.ts), by start. */
  bloqueos: Type.Array(
    Type.Object({
      id: Type.Integer(),
      inicio: Type.String(),
      fin: Type.String(),
      motivo: Type.String(),
    }),
  ),
  /** That day's citas by start, cancelled and missed ones too (they hold no slot). */
  citas: Type.Array(CitaAgendaSchema),
  /** With `duracion`: the free slots of that length, from now on. */
  libres: Type.Optional(Type.Array(TramoSchema)),
})
export type SalaAgenda = Static<typeof SalaAgendaSchema>

export const AgendaSchema = Type.Object({
  sede: Type.String(),
  fecha: Type.String({ format: 'date' }),
  /** The feriado (shared/feriados.ts) that closes the sede that day, or null. */
  feriado: Type.Union([Type.String(), Type.Null()]),
  salas: Type.Array(SalaAgendaSchema),
})
export type Agenda = Static<typeof AgendaSchema>

export const AgendaQuerySchema = Type.Object({
  sede: Type.String({ minLength: 1, maxLength: 60, mensaje: 'Sede no válida' }),
  fecha: Type.String({ pattern: FECHA, mensaje: 'Fecha inválida (use AAAA-MM-DD)' }),
  sala: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', mensaje: 'Sala no válida' })),
  /** Minutes: the chosen studies' total. */
  duracion: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,3}$',
      mensaje: `Duración en minutos, de ${DURACION.minima} a ${DURACION.maxima}`,
    }),
  ),
})
export type AgendaQuery = Static<typeof AgendaQuerySchema>

export const CitaEntradaSchema = Type.Object(
  {
    pacienteId: IdEntrada('Paciente no válido'),
    salaId: IdEntrada('Sala no válida'),
    inicio: Type.String({ pattern: FECHA_HORA, mensaje: MENSAJE_FECHA_HORA }),
    estudios: Type.Array(EstudioSchema, {
      minItems: 1,
      maxItems: 20,
      mensaje: 'Elija al menos un estudio',
    }),
    prioridad: Type.Optional(uno(PRIORIDADES, 'Prioridad no válida')),
    procedencia: Type.Optional(uno(PROCEDENCIAS, 'Procedencia no válida')),
  },
  { additionalProperties: false },
)
export type CitaEntrada = Static<typeof CitaEntradaSchema>

/** An atención that is a cita: its sala and its range. */
export const CitaSchema = Type.Composite([
  Type.Omit(AtencionSchema, ['salaId']),
  Type.Object({ salaId: Type.Integer(), inicio: Type.String(), fin: Type.String() }),
])
export type Cita = Static<typeof CitaSchema>

export const ReprogramacionSchema = Type.Object(
  {
    /** Another sala of the same modality; by default the one it has. */
    salaId: Type.Optional(IdEntrada('Sala no válida')),
    inicio: Type.String({ pattern: FECHA_HORA, mensaje: MENSAJE_FECHA_HORA }),
  },
  { additionalProperties: false },
)
export type Reprogramacion = Static<typeof ReprogramacionSchema>

/** POST /citas/:id/reprogramar/deshacer: the cita's start as the caller saw it, after the move. */
export const DeshacerReprogramacionSchema = Type.Object(
  { inicio: Type.String({ pattern: FECHA_HORA, mensaje: MENSAJE_FECHA_HORA }) },
  { additionalProperties: false },
)
export type DeshacerReprogramacion = Static<typeof DeshacerReprogramacionSchema>

/** One of a patient's next citas, as their page lists it. */
export const ProximaCitaSchema = Type.Object({
  /** The atención's id: the slip is /citas/:id/comprobante. */
  id: Type.Integer(),
  sede: Type.String(),
  sala: Type.String(),
  estudios: Type.Array(Type.Object({ nombre: Type.String() })),
  estado: enumTexto(ESTADOS),
  inicio: Type.String(),
  fin: Type.String(),
})
export type ProximaCita = Static<typeof ProximaCitaSchema>

/** How many next citas a patient's page lists. */
export const PROXIMAS_CITAS = 20

export const proximasCitasContract = defineContract({
  method: 'GET',
  url: '/pacientes/:id/citas',
  permiso: 'pacientes.ver',
  summary: `Las próximas citas de un paciente (de hoy en adelante, hasta ${PROXIMAS_CITAS}), sin las canceladas ni las perdidas`,
  tags: ['citas'],
  params: IdParamsSchema,
  response: { 200: Type.Array(ProximaCitaSchema), 404: ErrorSchema },
})

export const agendaContract = defineContract({
  method: 'GET',
  url: '/agenda',
  permiso: 'pacientes.ver',
  summary:
    'Las salas activas de una sede con su horario y sus citas de un día (y los turnos libres)',
  tags: ['citas'],
  querystring: AgendaQuerySchema,
  response: { 200: AgendaSchema, 400: ErrorSchema },
})

export const reservarCitaContract = defineContract({
  method: 'POST',
  url: '/citas',
  permiso: 'citas.gestionar',
  summary: 'Reservar una cita: una atención Programada en una sala y un horario',
  tags: ['citas'],
  body: CitaEntradaSchema,
  response: { 201: CitaSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})

export const reprogramarCitaContract = defineContract({
  method: 'POST',
  url: '/citas/:id/reprogramar',
  permiso: 'citas.gestionar',
  summary: 'Mover una cita Programada a otro horario u otra sala de su modalidad',
  tags: ['citas'],
  params: IdParamsSchema,
  body: ReprogramacionSchema,
  response: { 200: CitaSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})

export const deshacerReprogramacionContract = defineContract({
  method: 'POST',
  url: '/citas/:id/reprogramar/deshacer',
  permiso: 'citas.gestionar',
  summary: `Devolver una cita a la sala y la hora de antes de su última reprogramación: su autor durante ${MINUTOS_DESHACER} minutos, un administrador siempre`,
  tags: ['citas'],
  params: IdParamsSchema,
  body: DeshacerReprogramacionSchema,
  response: {
    200: CitaSchema,
    400: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const llegadaCitaContract = defineContract({
  method: 'POST',
  url: '/citas/:id/llegada',
  permiso: 'citas.gestionar',
  summary: 'El paciente de una cita llegó: pasa a En espera, el mismo registro',
  tags: ['citas'],
  params: IdParamsSchema,
  response: { 200: CitaSchema, 404: ErrorSchema, 409: ErrorSchema },
})
