// Critical findings (docs/api.md#hallazgos-criticos): a médico flags one when signing a final
// informe, and a lab value typed past a critical limit opens one too; it stays on the dashboard's
// Alertas until someone records the call: whom they told, how, and whether the receiver read the
// finding back.
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { PaginaQuerySchema } from './busqueda.js'
import { defineContract, ErrorSchema } from './contract.js'
import { enumTexto } from './paciente-datos.js'
import { CARACTERES_CONTROL } from './texto.js'

/** How a finding reaches the treating physician (the database's check, migration 0053). */
export const MEDIOS_COMUNICACION = ['Teléfono', 'En persona', 'Mensaje', 'Correo'] as const
export type MedioComunicacion = (typeof MEDIOS_COMUNICACION)[number]

/** The lengths the database allows (migration 0053). */
export const COMUNICADO_A_MAXIMO = 200
export const NOTA_MAXIMO = 500

export const MENSAJES_HALLAZGOS = {
  noEncontrado: 'Hallazgo crítico no encontrado',
  comunicadoA: 'Indique a quién se comunicó (nombre y cargo)',
  medio: `Elija el medio: ${MEDIOS_COMUNICACION.join(', ')}`,
  releido: 'Indique si quien recibió el hallazgo lo repitió (releyó)',
  /** `en` is already written for a reader: «28/11/2026 10:32». */
  yaComunicado: (quien: string, en: string) =>
    `Este hallazgo ya se comunicó: lo registró ${quien} el ${en}`,
} as const

const M = MENSAJES_HALLAZGOS

export const ESTADOS_HALLAZGO = ['pendientes', 'comunicados'] as const
export type EstadoHallazgo = (typeof ESTADOS_HALLAZGO)[number]

export const FiltrosHallazgosSchema = Type.Composite(
  [
    Type.Object({
      /** pendientes (by default): the oldest first; comunicados: the latest recorded first. */
      estado: Type.Optional(
        enumTexto(ESTADOS_HALLAZGO, { mensaje: 'Estado no válido: use pendientes o comunicados' }),
      ),
    }),
    PaginaQuerySchema,
  ],
  { additionalProperties: false },
)
export type FiltrosHallazgos = Static<typeof FiltrosHallazgosSchema>

export const ComunicacionSchema = Type.Object({
  comunicadoA: Type.String(),
  medio: enumTexto(MEDIOS_COMUNICACION),
  releido: Type.Boolean(),
  comunicadoEn: Type.String({ format: 'date-time' }),
  /** The name of the account that recorded the call. */
  registradoPor: Type.String(),
  nota: Type.Union([Type.String(), Type.Null()]),
})
export type Comunicacion = Static<typeof ComunicacionSchema>

/** A lab value past a critical limit: the analito and the value as typed, with its unit and flag. */
export const ResultadoCriticoSchema = Type.Object({
  resultadoId: Type.Integer(),
  analito: Type.String(),
  valor: Type.String(),
  unidad: Type.Union([Type.String(), Type.Null()]),
  bandera: Type.Union([Type.Literal('LL'), Type.Literal('HH')]),
})

export const HallazgoCriticoSchema = Type.Object({
  id: Type.Integer(),
  /** The signed informe that flagged it; null for a lab value (`resultado`). */
  informeId: Type.Union([Type.Integer(), Type.Null()]),
  resultado: Type.Union([ResultadoCriticoSchema, Type.Null()]),
  atencionId: Type.Integer(),
  pacienteId: Type.Integer(),
  paciente: Type.String(),
  documento: Type.String(),
  modalidad: Type.String(),
  estudios: Type.Array(Type.String()),
  /** Who signed the informe, as its document names them; for a lab value, who typed it. */
  firmante: Type.String(),
  creadoEn: Type.String({ format: 'date-time' }),
  /** Hours from the signature to the call, or to now while it waits (one decimal). */
  horasEsperando: Type.Number(),
  comunicacion: Type.Union([ComunicacionSchema, Type.Null()]),
})
export type HallazgoCritico = Static<typeof HallazgoCriticoSchema>

export const listarHallazgosContract = defineContract({
  method: 'GET',
  url: '/hallazgos-criticos',
  permiso: 'hallazgos.comunicar',
  summary:
    'Hallazgos críticos por comunicar, el más antiguo primero (o los comunicados, el último primero); la página siguiente va en el encabezado Link',
  tags: ['hallazgos'],
  querystring: FiltrosHallazgosSchema,
  response: {
    200: Type.Object({
      hallazgos: Type.Array(HallazgoCriticoSchema),
      total: Type.Integer({ description: 'Cuántos hay en ese estado, contados hasta 1000' }),
    }),
    400: ErrorSchema,
  },
})

const texto = (maxLength: number) =>
  Type.String({ maxLength, pattern: `^[^${CARACTERES_CONTROL}]*$` })

export const ComunicacionEntradaSchema = Type.Object(
  {
    /** Whom: «Dr. Pérez, médico tratante». */
    comunicadoA: texto(COMUNICADO_A_MAXIMO),
    medio: enumTexto(MEDIOS_COMUNICACION, { mensaje: M.medio }),
    releido: Type.Boolean({ mensaje: M.releido }),
    nota: Type.Optional(texto(NOTA_MAXIMO)),
  },
  { additionalProperties: false },
)
export type ComunicacionEntrada = Static<typeof ComunicacionEntradaSchema>

export const comunicarHallazgoContract = defineContract({
  method: 'POST',
  url: '/hallazgos-criticos/:id/comunicacion',
  permiso: 'hallazgos.comunicar',
  summary:
    'Registrar la comunicación de un hallazgo crítico (a quién, por qué medio, si lo releyó): sale de Alertas; 409 si ya se registró',
  tags: ['hallazgos'],
  params: IdParamsSchema,
  body: ComunicacionEntradaSchema,
  response: { 200: HallazgoCriticoSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})
