// The samples of a LAB atención (docs/datos.md#laboratorio-resultados): one tube or flask per
// recipiente its studies need, a label for each (Code128 with the sample's number), and the lab's
// reception by scanning that label, or its rejection with a reason, which asks for a new one.
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { defineContract, ErrorSchema } from './contract.js'

export const ESTADOS_MUESTRA = ['pendiente', 'recibida', 'rechazada'] as const
export type EstadoMuestra = (typeof ESTADOS_MUESTRA)[number]

export const MOTIVOS_RECHAZO = [
  'Hemolizada',
  'Insuficiente',
  'Mal rotulada',
  'Coagulada',
  'Lipémica',
  'Otro',
] as const
export type MotivoRechazo = (typeof MOTIVOS_RECHAZO)[number]

/** Digits in a sample's number: its id, zero-padded (what the label's barcode holds). */
export const DIGITOS_MUESTRA = 8

/** A sample's number as the label prints it and a scanner types it. */
export const codigoMuestra = (id: number): string => String(id).padStart(DIGITOS_MUESTRA, '0')

/**
 * The sample id a scanned code names, or null: exactly the label's digits (a scanner's stray
 * spaces around them are trimmed), never a number past the ids PostgreSQL holds.
 */
export function idDeCodigoMuestra(codigo: string): number | null {
  const c = codigo.trim()
  if (!/^[0-9]{8}$/.test(c)) return null
  const id = Number(c)
  return id >= 1 && id <= 2147483647 ? id : null
}

export const MENSAJES_MUESTRAS = {
  codigoInvalido: 'Código de muestra inválido: escanee la etiqueta (8 dígitos)',
  noEncontrada: 'No hay una muestra con ese código',
  atencionNoEncontrada: 'Atención no encontrada',
  noLaboratorio: 'Esta atención no es de laboratorio',
  sinLlegada: 'El paciente aún no llegó: marque su llegada antes de tomar las muestras',
  atencionCerrada: (estado: string) =>
    `La atención está en estado ${estado}: ya no se toman muestras`,
  yaRecibida: (en: string) => `Esta muestra ya se recibió (${en})`,
  rechazada: 'Esta muestra fue rechazada: use la etiqueta de la muestra nueva',
  motivoRequerido: 'Elija el motivo del rechazo',
  notaRequerida: 'Describa el motivo del rechazo',
  conValidados: 'Esta muestra ya tiene resultados validados: corríjalos en lugar de rechazarla',
  sinMuestras: 'Esta atención aún no tiene muestras: regístrelas antes de imprimir sus etiquetas',
} as const

export const MuestraSchema = Type.Object({
  id: Type.Integer(),
  /** The label's number (8 digits). */
  codigo: Type.String(),
  atencionId: Type.Integer(),
  recipiente: Type.String(),
  muestra: Type.String(),
  /** The atención's studies drawn into it. */
  estudios: Type.Array(Type.String()),
  estado: Type.Union(ESTADOS_MUESTRA.map((e) => Type.Literal(e))),
  creadaEn: Type.String({ format: 'date-time' }),
  recibidaEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  recibidaPor: Type.Union([Type.String(), Type.Null()]),
  rechazadaEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  rechazadaPor: Type.Union([Type.String(), Type.Null()]),
  motivoRechazo: Type.Union([Type.Union(MOTIVOS_RECHAZO.map((m) => Type.Literal(m))), Type.Null()]),
  notaRechazo: Type.Union([Type.String(), Type.Null()]),
  /** The rejected sample this one replaces. */
  reemplazaA: Type.Union([Type.String(), Type.Null()]),
})
export type Muestra = Static<typeof MuestraSchema>

/** What a label prints, besides the barcode of `codigo`. */
export const EtiquetaSchema = Type.Object({
  codigo: Type.String(),
  paciente: Type.String(),
  /** «DNI 12345678». */
  documento: Type.String(),
  recipiente: Type.String(),
  estudios: Type.Array(Type.String()),
  /** The day it was drawn, 'YYYY-MM-DD' in clinic time. */
  fecha: Type.String(),
})

export const muestrasDeAtencionContract = defineContract({
  method: 'GET',
  url: '/atenciones/:id/muestras',
  permiso: 'informes.ver',
  summary: 'Las muestras de una atención de laboratorio, las rechazadas también',
  tags: ['laboratorio'],
  params: IdParamsSchema,
  response: { 200: Type.Array(MuestraSchema), 400: ErrorSchema, 404: ErrorSchema },
})

export const tomarMuestrasContract = defineContract({
  method: 'POST',
  url: '/atenciones/:id/muestras',
  permiso: 'muestras.gestionar',
  summary:
    'Registra los tubos que pide una atención de laboratorio que llegó (uno por recipiente); los que ya tiene no se repiten',
  tags: ['laboratorio'],
  params: IdParamsSchema,
  response: {
    200: Type.Array(MuestraSchema),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const EtiquetasQuerySchema = Type.Object(
  {
    formato: Type.Union([Type.Literal('etiqueta'), Type.Literal('a4')], {
      mensaje: 'Formato no válido: use etiqueta (50×25 mm) o a4',
    }),
  },
  { additionalProperties: false },
)

export const etiquetasContract = defineContract({
  method: 'GET',
  url: '/atenciones/:id/muestras/etiquetas',
  permiso: 'muestras.gestionar',
  summary:
    'Las etiquetas de las muestras de una atención que no fueron rechazadas, en PDF: una por página de 50×25 mm, o en hojas A4',
  tags: ['laboratorio'],
  params: IdParamsSchema,
  querystring: EtiquetasQuerySchema,
  response: { 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})

export const CodigoMuestraParamsSchema = Type.Object({
  codigo: Type.String({ maxLength: 40 }),
})

export const recibirMuestraContract = defineContract({
  method: 'POST',
  url: '/muestras/:codigo/recepcion',
  permiso: 'muestras.gestionar',
  summary: 'Recibe en el laboratorio la muestra de la etiqueta escaneada',
  tags: ['laboratorio'],
  params: CodigoMuestraParamsSchema,
  response: { 200: MuestraSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})

export const RechazoMuestraSchema = Type.Object(
  {
    motivo: Type.Union(
      MOTIVOS_RECHAZO.map((m) => Type.Literal(m)),
      { mensaje: MENSAJES_MUESTRAS.motivoRequerido },
    ),
    nota: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
)

export const rechazarMuestraContract = defineContract({
  method: 'POST',
  url: '/muestras/:codigo/rechazo',
  permiso: 'muestras.gestionar',
  summary: 'Rechaza una muestra con su motivo y registra la nueva que hay que tomar',
  tags: ['laboratorio'],
  params: CodigoMuestraParamsSchema,
  body: RechazoMuestraSchema,
  response: {
    200: Type.Object({ rechazada: MuestraSchema, nueva: MuestraSchema }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})
