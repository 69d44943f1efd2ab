// Feriados (docs/datos.md#feriados): the days the salas take no citas. Peru's national ones come
// from the law, computed for any year (Holy Thursday and Friday move with Easter) and written to
// the database for each year (migration 0045); the clinic adds its own (a regional holiday, a day
// the government declares non-working, a sede's anniversary) for every sede or for one, and says
// which ones it works.
import { fechaLegible } from './edad.js'
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { defineContract, ErrorSchema } from './contract.js'
import { CARACTERES_CONTROL } from './texto.js'

/**
 * Peru's feriados nacionales, by month and day: the list of the Ley 27671 with the days added
 * since (Ley 31541: 6 August and 9 December; Ley 31788: 7 June; Ley 31822: 23 July).
 */
const FIJOS: readonly [mes: number, dia: number, nombre: string][] = [
  [1, 1, 'Año Nuevo'],
  [5, 1, 'Día del Trabajo'],
  [6, 7, 'Batalla de Arica y Día de la Bandera'],
  [6, 29, 'San Pedro y San Pablo'],
  [7, 23, 'Día de la Fuerza Aérea del Perú'],
  [7, 28, 'Fiestas Patrias'],
  [7, 29, 'Fiestas Patrias'],
  [8, 6, 'Batalla de Junín'],
  [8, 30, 'Santa Rosa de Lima'],
  [10, 8, 'Combate de Angamos'],
  [11, 1, 'Día de Todos los Santos'],
  [12, 8, 'Inmaculada Concepción'],
  [12, 9, 'Batalla de Ayacucho'],
  [12, 25, 'Navidad'],
]

/** Easter Sunday of the Gregorian calendar ('YYYY-MM-DD'), by the anonymous (Meeus) algorithm. */
export function domingoDePascua(anio: number): string {
  const a = anio % 19
  const b = Math.floor(anio / 100)
  const c = anio % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const mes = Math.floor((h + l - 7 * m + 114) / 31)
  const dia = ((h + l - 7 * m + 114) % 31) + 1
  return `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`
}

const diasAntes = (fecha: string, n: number) => {
  const d = new Date(`${fecha}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - n)
  return d.toISOString().slice(0, 10)
}

export interface FeriadoNacional {
  fecha: string
  nombre: string
}

/** The year's feriados nacionales, by date. */
export function feriadosNacionales(anio: number): FeriadoNacional[] {
  const pascua = domingoDePascua(anio)
  const fijos = FIJOS.map(([mes, dia, nombre]) => ({
    fecha: `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`,
    nombre,
  }))
  return [
    ...fijos,
    { fecha: diasAntes(pascua, 3), nombre: 'Jueves Santo' },
    { fecha: diasAntes(pascua, 2), nombre: 'Viernes Santo' },
  ].sort((x, y) => x.fecha.localeCompare(y.fecha))
}

/** The feriado nacional of a date ('YYYY-MM-DD'), if it is one. */
export const feriadoNacional = (fecha: string): string | undefined =>
  feriadosNacionales(Number(fecha.slice(0, 4))).find((f) => f.fecha === fecha)?.nombre

const FECHA = '^\\d{4}-\\d{2}-\\d{2}$'

export const FeriadoSchema = Type.Object({
  id: Type.Integer(),
  fecha: Type.String({ format: 'date' }),
  nombre: Type.String(),
  /** The one sede it closes; null for all of them. */
  sede: Type.Union([Type.String(), Type.Null()]),
  /** One of the law's: it cannot be removed, only worked. */
  nacional: Type.Boolean(),
  /** The clinic works that day: it stays on the list, and the salas keep their hours. */
  atiende: Type.Boolean(),
})
export type Feriado = Static<typeof FeriadoSchema>

export const FeriadoEntradaSchema = Type.Object(
  {
    fecha: Type.String({ pattern: FECHA, mensaje: 'Fecha inválida (use AAAA-MM-DD)' }),
    // Blanks at its ends are trimmed; a control character (NUL above all) is refused.
    nombre: Type.String({
      minLength: 1,
      maxLength: 80,
      pattern: `^[^${CARACTERES_CONTROL}]*[^\\s${CARACTERES_CONTROL}][^${CARACTERES_CONTROL}]*$`,
      mensaje: 'Nombre del feriado: de 1 a 80 caracteres, sin caracteres de control',
    }),
    /** Absent or null: every sede. */
    sede: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 60 }), Type.Null()])),
  },
  { additionalProperties: false },
)
export type FeriadoEntrada = Static<typeof FeriadoEntradaSchema>

export const MENSAJES_FERIADOS = {
  repetido: 'Ese día ya es feriado para esa sede',
  noSeQuita: 'Un feriado nacional no se quita: si la clínica trabaja ese día, marque que atiende',
  nacional: (nombre: string) => `Ese día ya es feriado nacional: ${nombre}`,
  noEncontrado: 'Feriado no encontrado',
  /** A cita on a feriado: the date as the desk reads it. */
  cita: (fecha: string, nombre: string) =>
    `El ${fechaLegible(fecha)} es feriado (${nombre}): las salas no atienden citas ese día`,
} as const

export const listarFeriadosContract = defineContract({
  method: 'GET',
  url: '/feriados',
  permiso: 'pacientes.ver',
  summary: 'Feriados de un año: los nacionales y los que agregó la clínica',
  tags: ['configuracion'],
  querystring: Type.Object({
    anio: Type.String({ pattern: '^20\\d{2}$', mensaje: 'Año inválido (2000 a 2099)' }),
  }),
  response: { 200: Type.Array(FeriadoSchema), 400: ErrorSchema, 401: ErrorSchema },
})

export const crearFeriadoContract = defineContract({
  method: 'POST',
  url: '/configuracion/feriados',
  permiso: 'configuracion',
  summary: 'Agregar un feriado de la clínica, para todas las sedes o una (solo administradores)',
  tags: ['configuracion'],
  body: FeriadoEntradaSchema,
  response: { 201: FeriadoSchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
})

export const cambiarFeriadoContract = defineContract({
  method: 'PATCH',
  url: '/configuracion/feriados/:id',
  permiso: 'configuracion',
  summary: 'Decir si la clínica atiende un feriado (solo administradores)',
  tags: ['configuracion'],
  params: IdParamsSchema,
  body: Type.Object(
    { atiende: Type.Boolean({ mensaje: 'Indique si la clínica atiende: true o false' }) },
    { additionalProperties: false },
  ),
  response: { 200: FeriadoSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
})

export const borrarFeriadoContract = defineContract({
  method: 'DELETE',
  url: '/configuracion/feriados/:id',
  permiso: 'configuracion',
  summary: 'Quitar un feriado que agregó la clínica (solo administradores)',
  tags: ['configuracion'],
  params: IdParamsSchema,
  response: {
    204: Type.Null(),
    400: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})
