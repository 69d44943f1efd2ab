// Atenciones: a patient's arrival for studies, and its way along the worklist.
import { Type, type Static } from '@sinclair/typebox'
import {
  ESTADOS,
  ESTADOS_INICIALES,
  MODALIDADES,
  MODALIDAD_INFO,
  PRIORIDADES,
  PROCEDENCIAS,
  SEDES,
  type Modalidad,
} from './catalogos.js'
import { defineContract, ErrorSchema, type ErrorCampo } from './contract.js'
import { enumTexto } from './paciente-datos.js'

const uno = <T extends string>(valores: readonly T[], mensaje: string) =>
  Type.Union(
    valores.map((v) => Type.Literal(v)),
    { mensaje },
  )

export const EstudioSchema = Type.Object({ nombre: Type.String({ minLength: 1, maxLength: 100 }) })
export type Estudio = Static<typeof EstudioSchema>

export const IdParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,12}$', mensaje: 'Identificador inválido' }),
})

export const AtencionEntradaSchema = Type.Object(
  {
    sede: uno(SEDES, 'Sede no válida'),
    modalidad: uno(MODALIDADES, 'Modalidad no válida'),
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
    /** Clinic-local date and time; default now. */
    fechaLlegada: Type.Optional(
      Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', mensaje: 'Fecha inválida' }),
    ),
    horaLlegada: Type.Optional(
      Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', mensaje: 'Hora inválida (HH:MM)' }),
    ),
  },
  { additionalProperties: false },
)
export type AtencionEntrada = Static<typeof AtencionEntradaSchema>

export const AtencionSchema = Type.Object({
  id: Type.Integer(),
  pacienteId: Type.Integer(),
  sede: enumTexto(SEDES),
  modalidad: enumTexto(MODALIDADES),
  estudios: Type.Array(Type.Object({ nombre: Type.String() })),
  estado: enumTexto(ESTADOS),
  procedencia: enumTexto(PROCEDENCIAS),
  prioridad: enumTexto(PRIORIDADES),
  fechaLlegada: Type.String({ format: 'date' }),
  horaLlegada: Type.String(),
  creadoEn: Type.String({ format: 'date-time' }),
  actualizadoEn: Type.String({ format: 'date-time' }),
})
export type Atencion = Static<typeof AtencionSchema>

export const CambioEstadoSchema = Type.Object(
  { estado: uno(ESTADOS, 'Estado no válido') },
  { additionalProperties: false },
)

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
  `Una atención se programa hasta con un año de anticipación: a más tardar el ${maxima.split('-').reverse().join('/')}`

/** Checks what the schema cannot: each estudio belongs to the modality's catalogue. */
export function validarEstudios(modalidad: Modalidad, estudios: readonly Estudio[]): ErrorCampo[] {
  const catalogo = MODALIDAD_INFO[modalidad].estudios
  const ajenos = estudios.filter((e) => !catalogo.includes(e.nombre.trim()))
  if (ajenos.length > 0) {
    return [
      {
        campo: 'estudios',
        mensaje: `Estudio no disponible para ${MODALIDAD_INFO[modalidad].etiqueta}: ${ajenos.map((e) => e.nombre).join(', ')}`,
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
  summary: 'Registrar la llegada de un paciente para estudios',
  tags: ['atenciones'],
  params: IdParamsSchema,
  body: AtencionEntradaSchema,
  response: { 201: AtencionSchema, 400: ErrorSchema, 404: ErrorSchema },
})

export const cambiarEstadoContract = defineContract({
  method: 'PATCH',
  url: '/atenciones/:id',
  summary: 'Cambiar el estado de una atención en la lista de trabajo',
  tags: ['atenciones'],
  params: IdParamsSchema,
  body: CambioEstadoSchema,
  response: { 200: AtencionSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})
