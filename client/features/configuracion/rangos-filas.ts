// The reference ranges' editor rows: what each cell holds as typed (ages in days, months or years,
// limits with a comma or a point) and the bands they become, with the shared checks' messages
// keyed as the server keys them («rangos.2.criticoMin»).
import type { ErrorCampo } from '../../../shared/contract.js'
import type { RangoReferencia } from '../../../shared/laboratorio.js'
import {
  aDias,
  deDias,
  erroresRangos,
  RangosEntradaSchema,
  type UnidadEdad,
} from '../../../shared/laboratorio-config.js'
import { erroresDeEsquema } from './validar-catalogo.js'

export const LIMITES = ['normalMin', 'normalMax', 'criticoMin', 'criticoMax'] as const
export type Limite = (typeof LIMITES)[number]

export interface Fila extends Record<Limite, string> {
  /** Its React key: rows move as others are removed. */
  clave: number
  sexo: '' | 'Femenino' | 'Masculino'
  desde: string
  desdeUnidad: UnidadEdad
  /** Blank: no upper end. */
  hasta: string
  hastaUnidad: UnidadEdad
}

let siguiente = 0

const texto = (n: number | null) => (n === null ? '' : String(n))

export function filaDe(r: RangoReferencia): Fila {
  const desde = deDias(r.edadDesdeDias)
  const hasta = r.edadHastaDias === null ? null : deDias(r.edadHastaDias)
  return {
    clave: siguiente++,
    sexo: r.sexo ?? '',
    desde: String(desde.valor),
    desdeUnidad: desde.unidad,
    hasta: hasta ? String(hasta.valor) : '',
    hastaUnidad: hasta?.unidad ?? 'años',
    normalMin: texto(r.normalMin),
    normalMax: texto(r.normalMax),
    criticoMin: texto(r.criticoMin),
    criticoMax: texto(r.criticoMax),
  }
}

export const filaNueva = (): Fila => ({
  ...filaDe({
    sexo: null,
    edadDesdeDias: 0,
    edadHastaDias: null,
    normalMin: null,
    normalMax: null,
    criticoMin: null,
    criticoMax: null,
  }),
  desdeUnidad: 'años',
})

/** A typed number, «1,5» as «1.5»; blank is null, anything else not a number NaN (refused). */
const numero = (s: string): number | null => {
  const t = s.trim().replace(',', '.')
  return t === '' ? null : /^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN
}
/** An age in whole units; blank or anything else becomes what the schema refuses. */
const edad = (s: string, unidad: UnidadEdad): number | null => {
  const n = numero(s)
  return n === null || !Number.isInteger(n) ? n : aDias(n, unidad)
}

/** The band a row becomes, as the server receives it. */
export const rangoDe = (f: Fila): RangoReferencia => ({
  sexo: f.sexo === '' ? null : f.sexo,
  edadDesdeDias: edad(f.desde, f.desdeUnidad) ?? ('' as unknown as number),
  edadHastaDias: edad(f.hasta, f.hastaUnidad),
  normalMin: numero(f.normalMin),
  normalMax: numero(f.normalMax),
  criticoMin: numero(f.criticoMin),
  criticoMax: numero(f.criticoMax),
})

/** The rows' failures: the schema's first (a number that is not one), then the shared rules. */
export function erroresFilas(filas: readonly Fila[]): ErrorCampo[] {
  const rangos = filas.map(rangoDe)
  const esquema = erroresDeEsquema(RangosEntradaSchema, { rangos })
  return esquema.length > 0 ? esquema : erroresRangos(rangos)
}
