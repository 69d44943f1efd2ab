// The laboratory's catalogue (docs/datos.md#laboratorio-catálogo): analitos with their reference
// ranges, the LAB studies with theirs in order and the sample's container; and the rules every
// result is read with, here so the entry grid, the server and the result sheet share them: which
// range a patient's sample is read against, its flag, and the calculated analitos.
import { Type, type Static } from '@sinclair/typebox'
import type { Sexo } from './catalogos.js'
import { defineContract, Nullable } from './contract.js'
import { diaJuliano } from './edad.js'

export const TIPOS_ANALITO = ['numero', 'opciones', 'texto'] as const
export type TipoAnalito = (typeof TIPOS_ANALITO)[number]

/** How a calculated analito comes from others (`calculadoDe`, in this order). */
export const CALCULOS = [
  /** LDL = CT − HDL − TG/5, from (CT, HDL, TG); none when TG ≥ 400 mg/dL. */
  'ldl_friedewald',
  /** VLDL = TG/5, from (TG). */
  'vldl',
  /** Índice de Castelli = CT/HDL, from (CT, HDL). */
  'castelli',
  /** Absolute count = leucocitos × % / 100, from (leucocitos, the %). */
  'recuento_absoluto',
  /** a − b, from (a, b): bilirrubina indirecta, globulinas. */
  'diferencia',
] as const
export type Calculo = (typeof CALCULOS)[number]

export const RangoReferenciaSchema = Type.Object({
  /** null: for both sexes. */
  sexo: Nullable(Type.Union([Type.Literal('Femenino'), Type.Literal('Masculino')])),
  /** Age on the sample's date, in days: the band is [edadDesdeDias, edadHastaDias). */
  edadDesdeDias: Type.Integer({ minimum: 0 }),
  /** null: no upper end. */
  edadHastaDias: Nullable(Type.Integer()),
  /** Inclusive limits; null where the analito has none. */
  normalMin: Nullable(Type.Number()),
  normalMax: Nullable(Type.Number()),
  criticoMin: Nullable(Type.Number()),
  criticoMax: Nullable(Type.Number()),
})
export type RangoReferencia = Static<typeof RangoReferenciaSchema>

export const AnalitoSchema = Type.Object({
  id: Type.Integer(),
  codigo: Type.String(),
  nombre: Type.String(),
  loinc: Nullable(Type.String()),
  unidad: Nullable(Type.String()),
  tipo: Type.Union(TIPOS_ANALITO.map((t) => Type.Literal(t))),
  /** The decimals a number is rounded and shown with; null unless tipo is 'numero'. */
  decimales: Nullable(Type.Integer()),
  /** The list an 'opciones' result is chosen from; null for the other types. */
  opciones: Nullable(Type.Array(Type.String())),
  calculo: Nullable(Type.Union(CALCULOS.map((c) => Type.Literal(c)))),
  /** The codes of the analitos it is calculated from, in the calculation's order. */
  calculadoDe: Nullable(Type.Array(Type.String())),
  activo: Type.Boolean(),
  /** How far from the patient's previous value, in % of it, is flagged Δ; null: no check. */
  deltaPorcentaje: Nullable(Type.Number()),
  /** Ordered by sex (both first) and band. */
  rangos: Type.Array(RangoReferenciaSchema),
})
export type Analito = Static<typeof AnalitoSchema>

export const ExamenLaboratorioSchema = Type.Object({
  estudioId: Type.Integer(),
  codigo: Type.String(),
  nombre: Type.String(),
  activo: Type.Boolean(),
  /** The tube or flask the sample is drawn into («Tubo tapa lila (EDTA)»). */
  recipiente: Type.String(),
  /** What it holds («Suero», «Sangre total», «Orina (chorro medio)»). */
  muestra: Type.String(),
  /** In report order, each with the heading it prints under (null: none). */
  analitos: Type.Array(Type.Object({ codigo: Type.String(), seccion: Nullable(Type.String()) })),
})
export type ExamenLaboratorio = Static<typeof ExamenLaboratorioSchema>

export const CatalogoLaboratorioSchema = Type.Object({
  analitos: Type.Array(AnalitoSchema),
  examenes: Type.Array(ExamenLaboratorioSchema),
})
export type CatalogoLaboratorio = Static<typeof CatalogoLaboratorioSchema>

export const analitosContract = defineContract({
  method: 'GET',
  url: '/laboratorio/analitos',
  permiso: 'pacientes.ver',
  summary:
    'El catálogo del laboratorio: los analitos con sus rangos de referencia y los exámenes con sus analitos y su recipiente',
  tags: ['laboratorio'],
  response: { 200: CatalogoLaboratorioSchema },
})

/** Age in days on `fechaMuestra` ('YYYY-MM-DD'); 0 for a sample dated before the birth. */
export function edadEnDias(fechaNacimiento: string, fechaMuestra: string): number | null {
  const a = diaJuliano(fechaNacimiento)
  const b = diaJuliano(fechaMuestra)
  if (a === null || b === null) return null
  return Math.max(0, b - a)
}

/**
 * The range a sample is read against: the band holding the patient's age in days on the sample's
 * date, the one for the patient's sex before one for both. «Otro» reads only bands for both sexes.
 * null when none applies (or a date is not one): the result is shown without range or flag.
 */
export function rangoPara(
  rangos: readonly RangoReferencia[],
  sexo: Sexo,
  fechaNacimiento: string,
  fechaMuestra: string,
): RangoReferencia | null {
  const dias = edadEnDias(fechaNacimiento, fechaMuestra)
  if (dias === null) return null
  const enEdad = rangos.filter(
    (r) => r.edadDesdeDias <= dias && (r.edadHastaDias === null || dias < r.edadHastaDias),
  )
  return (
    enEdad.find((r) => r.sexo !== null && r.sexo === sexo) ??
    enEdad.find((r) => r.sexo === null) ??
    null
  )
}

export type Bandera = 'LL' | 'L' | 'H' | 'HH'

/**
 * A value's flag against its range: LL/HH past a critical limit, L/H past a normal one, null
 * inside (a value equal to a limit is inside it) or without range.
 */
export function bandera(
  valor: number,
  rango: Pick<RangoReferencia, 'normalMin' | 'normalMax' | 'criticoMin' | 'criticoMax'> | null,
): Bandera | null {
  if (!rango || !Number.isFinite(valor)) return null
  if (rango.criticoMin !== null && valor < rango.criticoMin) return 'LL'
  if (rango.criticoMax !== null && valor > rango.criticoMax) return 'HH'
  if (rango.normalMin !== null && valor < rango.normalMin) return 'L'
  if (rango.normalMax !== null && valor > rango.normalMax) return 'H'
  return null
}

/** `valor` rounded to `decimales`, halves away from zero (2.45 → 2.5, −2.45 → −2.5). */
export function redondear(valor: number, decimales: number): number {
  // Through the decimal string, so 1.005 rounds as the 1.005 a person reads, not 1.00499….
  const texto = String(Math.abs(valor))
  const r = texto.includes('e')
    ? Math.round(Math.abs(valor) * 10 ** decimales) / 10 ** decimales
    : Number(`${Math.round(Number(`${texto}e${decimales}`))}e-${decimales}`)
  return valor < 0 && r !== 0 ? -r : r
}

/** Triglycerides from which Friedewald's LDL is not calculated (mg/dL). */
export const TG_MAXIMO_FRIEDEWALD = 400

/** LDL by Friedewald (mg/dL): CT − HDL − TG/5, only while TG < 400; never below 0. */
export function ldlFriedewald(ct: number, hdl: number, tg: number, decimales = 0): number | null {
  if (tg >= TG_MAXIMO_FRIEDEWALD) return null
  const ldl = ct - hdl - tg / 5
  return ldl < 0 ? null : redondear(ldl, decimales)
}

/** VLDL (mg/dL) = TG/5. */
export const vldl = (tg: number, decimales = 0): number => redondear(tg / 5, decimales)

/** Índice de Castelli = CT/HDL; none without HDL. */
export const castelli = (ct: number, hdl: number, decimales = 1): number | null =>
  hdl > 0 ? redondear(ct / hdl, decimales) : null

/** An absolute count from the leukocytes and the differential's %: leucocitos × % / 100. */
export const recuentoAbsoluto = (leucocitos: number, porcentaje: number, decimales = 2): number =>
  redondear((leucocitos * porcentaje) / 100, decimales)

/** a − b (bilirrubina indirecta = total − directa); none when negative. */
export function diferencia(a: number, b: number, decimales: number): number | null {
  const d = a - b
  return d < 0 ? null : redondear(d, decimales)
}

/**
 * A calculated analito's value from the others' (by code), rounded to its decimals; null when it
 * is not calculated, an operand is missing, or the calculation does not apply.
 */
export function calcular(
  analito: Pick<Analito, 'calculo' | 'calculadoDe' | 'decimales'>,
  valores: Readonly<Record<string, number | null | undefined>>,
): number | null {
  const { calculo, calculadoDe } = analito
  if (!calculo || !calculadoDe) return null
  const ops = calculadoDe.map((c) => valores[c])
  if (ops.some((v) => v === null || v === undefined || !Number.isFinite(v))) return null
  const [a, b, c] = ops as number[]
  const d = analito.decimales ?? 0
  switch (calculo) {
    case 'ldl_friedewald':
      return ldlFriedewald(a!, b!, c!, d)
    case 'vldl':
      return vldl(a!, d)
    case 'castelli':
      return castelli(a!, b!, d)
    case 'recuento_absoluto':
      return recuentoAbsoluto(a!, b!, d)
    case 'diferencia':
      return diferencia(a!, b!, d)
  }
}
