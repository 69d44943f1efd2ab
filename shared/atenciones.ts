// Atenciones: a patient's arrival for studies, and its way along the worklist.
import { fechaLegible } from './edad.js'
import { Type, type Static } from '@sinclair/typebox'
import {
  ESTADOS,
  ESTADOS_INICIALES,
  MODALIDAD_PATRON,
  PRIORIDADES,
  PROCEDENCIAS,
} from './catalogos.js'
import { defineContract, ErrorSchema, IdEntrada, Nullable, type ErrorCampo } from './contract.js'
import { SolicitanteResumenSchema } from './medico-solicitante.js'
import { enumTexto } from './paciente-datos.js'

const uno = <T extends string>(valores: readonly T[], mensaje: string) =>
  Type.Union(
    valores.map((v) => Type.Literal(v)),
    { mensaje },
  )

export const EstudioSchema = Type.Object({ nombre: Type.String({ minLength: 1, maxLength: 100 }) })
export type Estudio = Static<typeof EstudioSchema>

/** A modality's value in a request: its pattern here; the server checks it is an active one. */
export const ModalidadValorSchema = Type.String({
  pattern: MODALIDAD_PATRON,
  mensaje: 'Modalidad no válida',
})

export const IdParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,12}$', mensaje: 'Identificador inválido' }),
})

const SOLICITANTE_NO_VALIDO = 'Médico solicitante no válido: elíjalo de la lista'

export const AtencionEntradaSchema = Type.Object(
  {
    /** An active sede of GET /catalogos; checked by the server. */
    sede: Type.String({ minLength: 1, maxLength: 60, mensaje: 'Sede no válida' }),
    /** An active modality of GET /catalogos; checked by the server. */
    modalidad: ModalidadValorSchema,
    estudios: Type.Array(EstudioSchema, {
      minItems: 1,
      maxItems: 20,
      mensaje: 'Elija al menos un estudio',
    }),
    /** Default En espera (the patient is here); Programado for a booked one. */
    estado: Type.Optional(
      uno(ESTADOS_INICIALES, 'Una atención nueva solo puede estar Programada o En espera'),
    ),
    procedencia: Type.Optional(uno(PROCEDENCIAS, 'Procedencia no válida')),
    prioridad: Type.Optional(uno(PRIORIDADES, 'Prioridad no válida')),
    /**
     * The sala (GET /catalogos) of the sede and modality where it is done; default the only active
     * one there, if there is one. Its equipment reads it on the DICOM worklist.
     */
    salaId: Type.Optional(IdEntrada('Sala no válida')),
    /** Clinic-local date and time; default now. */
    fechaLlegada: Type.Optional(
      Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', mensaje: 'Fecha inválida' }),
    ),
    horaLlegada: Type.Optional(
      Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', mensaje: 'Hora inválida (HH:MM)' }),
    ),
    /**
     * The physician who ordered the studies: an active one of GET /medicos-solicitantes (checked
     * by the server). Absent or null: none; in a correction, null takes it away.
     */
    solicitanteId: Type.Optional(
      Type.Union([IdEntrada(SOLICITANTE_NO_VALIDO), Type.Null()], {
        mensaje: SOLICITANTE_NO_VALIDO,
      }),
    ),
  },
  { additionalProperties: false },
)
export type AtencionEntrada = Static<typeof AtencionEntradaSchema>

/** How long the author of an estado change may undo it; an admin may at any time. */
export const MINUTOS_DESHACER = 10

/** The last estado change, while it can still be undone by someone (null once undone). */
export const UltimoCambioSchema = Type.Object({
  desde: enumTexto(ESTADOS),
  /** The account that made it, and its name. */
  usuario: Type.String(),
  nombre: Type.String(),
  en: Type.String({ format: 'date-time' }),
  /** Until when its author may undo it (an admin, at any time). */
  deshacibleHasta: Type.String({ format: 'date-time' }),
})
export type UltimoCambio = Static<typeof UltimoCambioSchema>

export const AtencionSchema = Type.Object({
  id: Type.Integer(),
  pacienteId: Type.Integer(),
  sede: Type.String(),
  modalidad: Type.String(),
  estudios: Type.Array(Type.Object({ nombre: Type.String() })),
  estado: enumTexto(ESTADOS),
  procedencia: enumTexto(PROCEDENCIAS),
  prioridad: enumTexto(PRIORIDADES),
  /** Its sala (GET /catalogos); null when the sede had several and none was chosen. */
  salaId: Type.Union([Type.Integer(), Type.Null()]),
  fechaLlegada: Type.String({ format: 'date' }),
  horaLlegada: Type.String(),
  creadoEn: Type.String({ format: 'date-time' }),
  actualizadoEn: Type.String({ format: 'date-time' }),
  /** Why it was cancelled; null unless Cancelado (and for cancellations from before reasons). */
  motivoCancelacion: Type.Union([Type.String(), Type.Null()]),
  ultimoCambio: Type.Union([UltimoCambioSchema, Type.Null()]),
  /** Booked into a sala at a time (Citas): only a cita can be «No se presentó». */
  cita: Type.Boolean(),
  /** The physician who ordered it (GET /medicos-solicitantes); null: none recorded. */
  solicitante: Nullable(SolicitanteResumenSchema),
})
export type Atencion = Static<typeof AtencionSchema>

export const MOTIVO_MAXIMO = 500

/** The fields of an atención that can be corrected after it was registered. */
export const CAMPOS_CORREGIBLES = [
  'sede',
  'modalidad',
  'estudios',
  'prioridad',
  'procedencia',
  'salaId',
  'fechaLlegada',
  'horaLlegada',
  'solicitanteId',
] as const
export type CampoCorregible = (typeof CAMPOS_CORREGIBLES)[number]

/**
 * PATCH /atenciones/:id: either an estado change (`estado`, with `motivo` when Cancelado and,
 * optionally, `desde`: the estado the caller saw) or corrections of the registered data.
 */
export const CambioAtencionSchema = Type.Composite(
  [
    Type.Object({
      estado: Type.Optional(uno(ESTADOS, 'Estado no válido')),
      desde: Type.Optional(uno(ESTADOS, 'Estado no válido')),
      /** Checked by the route: blank, control characters (tieneControl). */
      motivo: Type.Optional(Type.String({ maxLength: MOTIVO_MAXIMO })),
    }),
    Type.Partial(Type.Pick(AtencionEntradaSchema, CAMPOS_CORREGIBLES)),
  ],
  { additionalProperties: false },
)
export type CambioAtencion = Static<typeof CambioAtencionSchema>
export type CorreccionAtencion = Pick<CambioAtencion, CampoCorregible>

/** POST /atenciones/:id/deshacer: the estado being undone, as the caller saw it. */
export const DeshacerCambioSchema = Type.Object(
  { estado: uno(ESTADOS, 'Estado no válido') },
  { additionalProperties: false },
)

export const MENSAJES_ATENCIONES = {
  informadoSoloFirma:
    'Una atención pasa a Informado solo cuando un médico firma su informe (en Por informar) o se valida su último resultado de laboratorio',
  motivoRequerido: 'Indique el motivo de la cancelación',
  motivoSoloCancelado: 'El motivo solo se indica al cancelar',
  sinCambio: 'Indique al menos un cambio: el estado o un dato de la atención',
  salaOtraModalidad: (modalidad: string) =>
    `La sala no es de ${modalidad}: elija una sala de esa modalidad`,
  estadoSolo: 'El estado se cambia solo, sin otros datos de la atención',
  desdeSinEstado: 'Indique el estado nuevo junto con el de partida',
  nadaQueDeshacer: 'No hay un cambio de estado que deshacer',
  noAutor: 'Solo quien hizo el cambio o un administrador puede deshacerlo',
  plazoVencido: `Pasaron más de ${MINUTOS_DESHACER} minutos desde el cambio: solo un administrador puede deshacerlo ahora`,
  yaNoEsta: (desde: string, actual: string) =>
    `La atención ya no está ${desde}: ahora está ${actual}. Revise antes de cambiarla.`,
  cambioDesdeEntonces: (actual: string) =>
    `La atención cambió desde entonces: ahora está ${actual}`,
  noCorregible: (estado: string) =>
    `No se puede corregir una atención ${estado}: solo mientras está Programada, En espera o En proceso`,
} as const

/**
 * The latest arrival date a booking may have: the same day a year after `hoy` (28 February for a
 * 29th). A clinic books months ahead, not decades; a date far off would sort first in every search.
 */
export function fechaLlegadaMaxima(hoy: string): string {
  const [anio, mes, dia] = hoy.split('-').map(Number) as [number, number, number]
  const fecha = new Date(Date.UTC(anio + 1, mes - 1, dia))
  if (fecha.getUTCDate() !== dia) fecha.setUTCDate(0)
  return fecha.toISOString().slice(0, 10)
}

export const mensajeFechaLlegadaMaxima = (maxima: string) =>
  `Una atención se programa hasta con un año de anticipación: a más tardar el ${fechaLegible(maxima)}`

/** Checks what the schema cannot: each estudio belongs to the modality's catalogue. */
export function validarEstudios(
  /** The modality's label, as the message names it. */
  etiqueta: string,
  estudios: readonly Estudio[],
  /** The names that may be chosen: the modality's active studies (GET /catalogos). */
  catalogo: readonly string[],
): ErrorCampo[] {
  const ajenos = estudios.filter((e) => !catalogo.includes(e.nombre.trim()))
  if (ajenos.length > 0) {
    return [
      {
        campo: 'estudios',
        mensaje: `Estudio no disponible para ${etiqueta}: ${ajenos.map((e) => e.nombre).join(', ')}`,
      },
    ]
  }
  const nombres = estudios.map((e) => e.nombre.trim())
  if (new Set(nombres).size !== nombres.length)
    return [{ campo: 'estudios', mensaje: 'Estudio repetido' }]
  return []
}

export const crearAtencionContract = defineContract({
  method: 'POST',
  url: '/pacientes/:id/atenciones',
  permiso: 'pacientes.registrar',
  summary: 'Registrar la llegada de un paciente para estudios',
  tags: ['atenciones'],
  params: IdParamsSchema,
  body: AtencionEntradaSchema,
  response: { 201: AtencionSchema, 400: ErrorSchema, 404: ErrorSchema },
})

export const cambiarAtencionContract = defineContract({
  method: 'PATCH',
  url: '/atenciones/:id',
  permiso: 'atenciones.avanzar',
  summary:
    'Cambiar el estado de una atención (Cancelado con motivo) o corregir sus datos mientras no está terminada',
  tags: ['atenciones'],
  params: IdParamsSchema,
  body: CambioAtencionSchema,
  response: { 200: AtencionSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})

export const deshacerCambioContract = defineContract({
  method: 'POST',
  url: '/atenciones/:id/deshacer',
  permiso: 'atenciones.avanzar',
  summary: `Deshacer el último cambio de estado: su autor durante ${MINUTOS_DESHACER} minutos, un administrador siempre`,
  tags: ['atenciones'],
  params: IdParamsSchema,
  body: DeshacerCambioSchema,
  response: {
    200: AtencionSchema,
    400: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})
