// The laboratory's catalogue as admins change it in Configuración › Laboratorio
// (docs/api.md#laboratorio-en-configuración): an analito's own fields, and its reference ranges
// replaced as a whole. Results copy the limits they were read against, so neither change touches a
// stored result. Age bands are stored in days; the editor writes them in days, months or years by
// the clinic's age (docs/datos.md#edad): the band of «n meses» starts the day the patient's age
// first reads n months.
import { Type, type Static } from '@sinclair/typebox'
import { nombre } from './configuracion.js'
import { defineContract, ErrorSchema, type ErrorCampo } from './contract.js'
import { AnalitoSchema, type RangoReferencia } from './laboratorio.js'
import { VALOR_MAXIMO } from './resultados.js'

export const MENSAJES_LABORATORIO_CONFIG = {
  analitoNoEncontrado: 'Analito no encontrado',
  nombre: 'De 1 a 100 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
  loinc: 'Código LOINC: números, guion y el dígito de control, p. ej. 2345-7',
  unidad: 'De 1 a 20 caracteres, sin espacios al comienzo ni al final, p. ej. mg/dL',
  decimales: 'Decimales: de 0 a 4',
  decimalesRequeridos: 'Un analito numérico necesita sus decimales (de 0 a 4)',
  sinDecimales: 'Solo un analito numérico tiene decimales',
  delta: 'Control delta: un porcentaje de 1 a 1000',
  sinDelta: 'Solo un analito numérico tiene control delta',
  activo: 'Indique si el analito está activo',
  sexo: 'Sexo: Femenino, Masculino o ambos',
  edad: `Edad de 0 a ${150} años`,
  limite: 'Un número de −999 999 999 a 999 999 999',
  decimalesLimite: 'Como máximo 6 decimales',
  sinRangos: 'Solo un analito numérico tiene rangos de referencia',
  sinLimite: 'Indique al menos un límite normal (mínimo o máximo)',
  hastaMenor: 'La edad «hasta» debe ser mayor que la edad «desde»',
  normalOrden: 'El máximo normal no puede ser menor que el mínimo normal',
  criticoMinNormal: 'El crítico mínimo no puede ser mayor que el mínimo normal',
  criticoMinMax: 'El crítico mínimo debe ser menor que el máximo normal',
  criticoMaxNormal: 'El crítico máximo no puede ser menor que el máximo normal',
  criticoMaxMin: 'El crítico máximo debe ser mayor que el mínimo normal',
  criticoOrden: 'El crítico máximo no puede ser menor que el crítico mínimo',
  cruce: (banda: number, otra: number, texto: string) =>
    `La banda ${banda} se cruza con la banda ${otra} (${texto}): las bandas de un mismo sexo no pueden compartir edades`,
} as const
const M = MENSAJES_LABORATORIO_CONFIG

/** The units an age band is written in; stored, it is days. */
export const UNIDADES_EDAD = ['días', 'meses', 'años'] as const
export type UnidadEdad = (typeof UNIDADES_EDAD)[number]

const DIAS_POR: Record<UnidadEdad, number> = { días: 1, meses: 365.25 / 12, años: 365.25 }

/**
 * The first day of age at which the clinic's age (shared/edad.ts: years of 365,25 days, months of
 * 30,4375) reads `n` of the unit: n meses = ⌈n × 30,4375⌉ días, n años = ⌈n × 365,25⌉ días
 * (1 mes = 31, 1 año = 366, 18 años = 6575).
 */
export const aDias = (n: number, unidad: UnidadEdad): number => Math.ceil(n * DIAS_POR[unidad])

/** Stored days as the editor shows them: whole years, else whole months, else days. */
export function deDias(dias: number): { valor: number; unidad: UnidadEdad } {
  for (const unidad of ['años', 'meses'] as const) {
    const n = Math.round(dias / DIAS_POR[unidad])
    if (n >= 1 && aDias(n, unidad) === dias) return { valor: n, unidad }
  }
  return { valor: dias, unidad: 'días' }
}

const SINGULAR: Record<UnidadEdad, string> = { días: 'día', meses: 'mes', años: 'año' }

/** «1 año», «6 meses», «0 días». */
export function edadBandaTexto(dias: number): string {
  const { valor, unidad } = deDias(dias)
  return `${valor} ${valor === 1 ? SINGULAR[unidad] : unidad}`
}

/** A band as a message names it: «Femenino, de 12 años a 18 años», «ambos sexos, desde 18 años». */
export function bandaTexto(r: Pick<RangoReferencia, 'sexo' | 'edadDesdeDias' | 'edadHastaDias'>) {
  const sexo = r.sexo ?? 'ambos sexos'
  return r.edadHastaDias === null
    ? `${sexo}, desde ${edadBandaTexto(r.edadDesdeDias)}`
    : `${sexo}, de ${edadBandaTexto(r.edadDesdeDias)} a ${edadBandaTexto(r.edadHastaDias)}`
}

/** The oldest band edge: 150 years. */
export const EDAD_MAXIMA_DIAS = aDias(150, 'años')

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, mensaje: string) =>
  Type.Union([t, Type.Null()], { mensaje })

const Edad = Type.Integer({ minimum: 0, maximum: EDAD_MAXIMA_DIAS, mensaje: M.edad })
const Limite = Nullable(
  Type.Number({ minimum: -VALOR_MAXIMO, maximum: VALOR_MAXIMO, mensaje: M.limite }),
  M.limite,
)

export const RangoEntradaSchema = Type.Object(
  {
    sexo: Nullable(Type.Union([Type.Literal('Femenino'), Type.Literal('Masculino')]), M.sexo),
    edadDesdeDias: Edad,
    edadHastaDias: Nullable(Edad, M.edad),
    normalMin: Limite,
    normalMax: Limite,
    criticoMin: Limite,
    criticoMax: Limite,
  },
  { additionalProperties: false },
)

export const RangosEntradaSchema = Type.Object(
  {
    /** The analito's whole set: what is not here is removed. */
    rangos: Type.Array(RangoEntradaSchema, { maxItems: 50 }),
  },
  { additionalProperties: false },
)
export type RangosEntrada = Static<typeof RangosEntradaSchema>

/** Every editable field of an analito (PUT replaces them all); its code and type never change. */
export const AnalitoEntradaSchema = Type.Object(
  {
    nombre: nombre(100, M.nombre),
    loinc: Nullable(Type.String({ pattern: '^[0-9]{1,7}-[0-9]$', mensaje: M.loinc }), M.loinc),
    unidad: Nullable(nombre(20, M.unidad), M.unidad),
    decimales: Nullable(
      Type.Integer({ minimum: 0, maximum: 4, mensaje: M.decimales }),
      M.decimales,
    ),
    activo: Type.Boolean({ mensaje: M.activo }),
    deltaPorcentaje: Nullable(
      Type.Number({ minimum: 1, maximum: 1000, mensaje: M.delta }),
      M.delta,
    ),
  },
  { additionalProperties: false },
)
export type AnalitoEntrada = Static<typeof AnalitoEntradaSchema>

/** Whether a number has at most 6 decimals (a limit is typed, never computed). */
const seisDecimales = (x: number) => Number(x.toFixed(6)) === x

/**
 * What is wrong with a set of bands, each under its field («rangos.2.criticoMin»): limits in order
 * (critical ones outside the normal ones), at least one normal limit, an age band that ends after
 * it starts, and no two bands of the same sex sharing an age. The server and the editor ask this.
 */
export function erroresRangos(rangos: readonly RangoReferencia[]): ErrorCampo[] {
  const errores: ErrorCampo[] = []
  const error = (i: number, campo: keyof RangoReferencia, mensaje: string) =>
    errores.push({ campo: `rangos.${i}.${campo}`, mensaje })
  rangos.forEach((r, i) => {
    const { normalMin: nmin, normalMax: nmax, criticoMin: cmin, criticoMax: cmax } = r
    for (const campo of ['normalMin', 'normalMax', 'criticoMin', 'criticoMax'] as const) {
      const v = r[campo]
      if (v !== null && !seisDecimales(v)) error(i, campo, M.decimalesLimite)
    }
    if (r.edadHastaDias !== null && r.edadHastaDias <= r.edadDesdeDias)
      error(i, 'edadHastaDias', M.hastaMenor)
    if (nmin === null && nmax === null) error(i, 'normalMin', M.sinLimite)
    if (nmin !== null && nmax !== null && nmax < nmin) error(i, 'normalMax', M.normalOrden)
    // As migration 0059 checks them: critical limits outside the normal ones, never equal to the
    // far normal limit.
    if (cmin !== null) {
      if (nmin !== null && cmin > nmin) error(i, 'criticoMin', M.criticoMinNormal)
      else if (nmax !== null && cmin >= nmax) error(i, 'criticoMin', M.criticoMinMax)
    }
    if (cmax !== null) {
      if (nmax !== null && cmax < nmax) error(i, 'criticoMax', M.criticoMaxNormal)
      else if (nmin !== null && cmax <= nmin) error(i, 'criticoMax', M.criticoMaxMin)
      else if (cmin !== null && cmax < cmin) error(i, 'criticoMax', M.criticoOrden)
    }
  })
  const hasta = (r: RangoReferencia) => r.edadHastaDias ?? Infinity
  rangos.forEach((b, j) => {
    const i = rangos.findIndex(
      (a, k) =>
        k < j && a.sexo === b.sexo && a.edadDesdeDias < hasta(b) && b.edadDesdeDias < hasta(a),
    )
    if (i >= 0) error(j, 'edadDesdeDias', M.cruce(j + 1, i + 1, bandaTexto(rangos[i]!)))
  })
  return errores
}

const AnalitoParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,9}$', mensaje: 'Identificador inválido' }),
})

const errores = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
}

export const cambiarAnalitoContract = defineContract({
  method: 'PUT',
  url: '/configuracion/analitos/:id',
  permiso: 'configuracion',
  summary:
    'Cambiar el nombre, el código LOINC, la unidad, los decimales, el control delta o el estado de un analito (solo administradores); su código y su tipo no cambian',
  tags: ['configuracion', 'laboratorio'],
  params: AnalitoParamsSchema,
  body: AnalitoEntradaSchema,
  response: { 200: AnalitoSchema, ...errores },
})

export const cambiarRangosContract = defineContract({
  method: 'PUT',
  url: '/configuracion/analitos/:id/rangos',
  permiso: 'configuracion',
  summary:
    'Reemplazar los rangos de referencia de un analito por sexo y edad, en una transacción (solo administradores); los resultados ya guardados conservan los límites con que se leyeron',
  tags: ['configuracion', 'laboratorio'],
  params: AnalitoParamsSchema,
  body: RangosEntradaSchema,
  response: { 200: AnalitoSchema, ...errores },
})
