// The laboratory's values the seed writes for a LAB atención: realistic for the patient's sex and
// age, read with the shared rules (rangoPara, bandera, calcular). Pure: the database part is
// laboratorio-carga.ts.
import type { Sexo } from '../../shared/catalogos.js'
import {
  bandera,
  calcular,
  rangoPara,
  redondear,
  type Analito,
  type Bandera,
  type CatalogoLaboratorio,
  type RangoReferencia,
} from '../../shared/laboratorio.js'
import type { Aleatorio } from './aleatorio.js'

export interface ExamenSemilla {
  nombre: string
  recipiente: string
  muestra: string
  analitos: readonly { analito: Analito; seccion: string | null }[]
}

/** The catalogue as the seed reads it: each LAB study by the name an atención stores. */
export type CatalogoSemilla = ReadonlyMap<string, ExamenSemilla>

export function catalogoSemilla(c: CatalogoLaboratorio): CatalogoSemilla {
  const porCodigo = new Map(c.analitos.map((a) => [a.codigo, a]))
  return new Map(
    c.examenes
      .filter((e) => e.activo)
      .map((e) => [
        e.nombre,
        {
          nombre: e.nombre,
          recipiente: e.recipiente,
          muestra: e.muestra,
          analitos: e.analitos.flatMap((x) => {
            const analito = porCodigo.get(x.codigo)
            return analito?.activo ? [{ analito, seccion: x.seccion }] : []
          }),
        },
      ]),
  )
}

/** One analito's value as stored: the value, what it was read against and its flag. */
export interface ValorSemilla {
  analitoId: number
  numero: number | null
  texto: string | null
  normalMin: number | null
  normalMax: number | null
  criticoMin: number | null
  criticoMax: number | null
  bandera: Bandera | null
}

type Clase = 'normal' | 'bajo' | 'alto' | 'critico'
/** Mostly within range, some high or low, very rarely past a critical limit. */
const CLASES: readonly (readonly [Clase, number])[] = [
  ['normal', 88],
  ['bajo', 5],
  ['alto', 6.8],
  ['critico', 0.2],
]

/** Between a and b, nearer the middle. */
const entre = (r: Aleatorio, a: number, b: number) =>
  a + (b - a) * ((r.siguiente() + r.siguiente()) / 2)

/** A typed number against `rango`. */
function numero(r: Aleatorio, a: Analito, rango: RangoReferencia): number {
  const { normalMin: lo, normalMax: hi, criticoMin: cmin, criticoMax: cmax } = rango
  // A one-sided range (HDL ≥ 40, colesterol ≤ 200) takes its other end from the limit it has.
  const min = lo ?? hi! * 0.45
  const max = hi ?? lo! * 1.8
  let clase = r.ponderado(CLASES)
  if (clase === 'critico' && cmin === null && cmax === null) clase = 'alto'
  if (clase === 'bajo' && !lo) clase = 'normal'
  if (clase === 'alto' && hi === null) clase = 'normal'
  // Past a normal limit by up to half the range's width, short of the critical limit.
  const paso = (max - min) / 2
  let v: number
  if (clase === 'bajo') v = entre(r, Math.max(cmin ?? lo! / 2, lo! - paso), lo!)
  else if (clase === 'alto') v = entre(r, hi!, Math.min(cmax ?? Infinity, hi! + paso))
  else if (clase === 'critico')
    v =
      cmax !== null && (cmin === null || r.si(0.5))
        ? cmax * entre(r, 1, 1.3)
        : cmin! * entre(r, 0.6, 1)
  else v = entre(r, min, max)
  return redondear(Math.max(0, v), a.decimales ?? 0)
}

/** Options as a dipstick mostly reads them; an analito not listed reads its first option. */
const OPCIONES_NORMALES: Readonly<Record<string, readonly string[]>> = {
  'OR-COLOR': ['Amarillo claro', 'Amarillo'],
  'OR-ASPECTO': ['Transparente'],
  'OR-SED-EPI': ['Escasas'],
  'OR-SED-BAC': ['No se observan', 'Escasas'],
  'OR-SED-MUC': ['No se observan', 'Escasos'],
}
const TEXTOS: Readonly<Record<string, readonly string[]>> = {
  'OR-SED-LEU': ['0-2', '1-3', '2-4', '3-5', '10-15'],
  'OR-SED-HEM': ['0-1', '0-2', '1-3', '4-6'],
  'OR-SED-CIL': ['No se observan', 'No se observan', 'Hialinos 0-1'],
  'OR-SED-CRI': ['No se observan', 'No se observan', 'Oxalato de calcio escasos', 'Uratos amorfos'],
}

function opcion(r: Aleatorio, a: Analito): string {
  const todas = a.opciones ?? []
  const normales = OPCIONES_NORMALES[a.codigo] ?? todas.slice(0, 1)
  return r.si(0.9) ? r.elegir(normales) : r.elegir(todas)
}

const texto = (r: Aleatorio, a: Analito): string => r.elegir(TEXTOS[a.codigo] ?? ['No se observan'])

/**
 * Every analito of `examen` for a patient on `fecha` ('YYYY-MM-DD'): typed ones drawn against
 * the patient's range, the differential's percentages adding up to 100, a total made of its part
 * and difference, and calculated ones from the others with `calcular`.
 */
export function valoresExamen(
  r: Aleatorio,
  examen: ExamenSemilla,
  paciente: { sexo: Sexo; fechaNacimiento: string },
  fecha: string,
): ValorSemilla[] {
  const rangos = new Map<number, RangoReferencia | null>()
  const numeros: Record<string, number | null> = {}
  const textos = new Map<number, string>()
  for (const { analito: a } of examen.analitos) {
    const rango = rangoPara(a.rangos, paciente.sexo, paciente.fechaNacimiento, fecha)
    rangos.set(a.id, rango)
    if (a.calculo) continue
    if (a.tipo === 'opciones') textos.set(a.id, opcion(r, a))
    else if (a.tipo === 'texto') textos.set(a.id, texto(r, a))
    else {
      // Drawn from a band even where none applies («Otro» and a range only by sex): shown unflagged.
      const base = rango ?? rangoPara(a.rangos, 'Femenino', paciente.fechaNacimiento, fecha)
      numeros[a.codigo] = base ? numero(r, a, base) : null
    }
  }
  diferencial(examen, numeros, rangos)
  // A difference (bilirrubina indirecta, globulinas) is drawn from its own range, and the total
  // is the part plus it: directa never above total.
  for (const { analito: a } of examen.analitos) {
    const rango = rangos.get(a.id) ?? null
    if (a.calculo !== 'diferencia' || !a.calculadoDe || !rango) continue
    const [total, parte] = a.calculadoDe as [string, string]
    const p = numeros[parte]
    const t = examen.analitos.find((x) => x.analito.codigo === total)?.analito
    if (p == null || !t) continue
    numeros[total] = redondear(p + numero(r, a, rango), t.decimales ?? 0)
  }
  for (const { analito: a } of examen.analitos)
    if (a.calculo) numeros[a.codigo] = calcular(a, numeros)

  return examen.analitos.map(({ analito: a }) => {
    const rango = a.tipo === 'numero' ? (rangos.get(a.id) ?? null) : null
    const n = a.tipo === 'numero' ? (numeros[a.codigo] ?? null) : null
    return {
      analitoId: a.id,
      numero: n,
      texto: textos.get(a.id) ?? null,
      normalMin: rango?.normalMin ?? null,
      normalMax: rango?.normalMax ?? null,
      criticoMin: rango?.criticoMin ?? null,
      criticoMax: rango?.criticoMax ?? null,
      bandera: n === null ? null : bandera(n, rango),
    }
  })
}

/**
 * The leukocyte differential (the «Serie blanca» percentages) adds up to 100: the one with the
 * highest normal middle for this patient (neutrófilos in adults, linfocitos in infants) takes the
 * rest of the others.
 */
function diferencial(
  examen: ExamenSemilla,
  numeros: Record<string, number | null>,
  rangos: ReadonlyMap<number, RangoReferencia | null>,
): void {
  const porcentajes = examen.analitos
    .filter((x) => !x.analito.calculo && x.analito.unidad === '%' && x.seccion === 'Serie blanca')
    .map((x) => x.analito)
  if (porcentajes.length < 2) return
  const medio = (a: Analito) => {
    const g = rangos.get(a.id)
    return g ? ((g.normalMin ?? 0) + (g.normalMax ?? 0)) / 2 : 0
  }
  const resto = porcentajes.reduce((m, a) => (medio(a) > medio(m) ? a : m))
  const otros = porcentajes
    .filter((a) => a !== resto)
    .reduce((s, a) => s + (numeros[a.codigo] ?? 0), 0)
  numeros[resto.codigo] = redondear(Math.max(0, 100 - otros), resto.decimales ?? 1)
}
