// Realistic patients and atenciones, generated from a seeded random source. Pure: the database
// part (bulk inserts, where document numbers continue) is in cargar.ts.
import {
  ESTUDIOS_INICIALES,
  type MODALIDADES,
  type Estado,
  type GrupoSanguineo,
  type Modalidad,
  type Prioridad,
  type Procedencia,
  type Sede,
  type Sexo,
  type TipoDocumento,
} from '../../shared/catalogos.js'
import { digitoVerificadorRuc } from '../../shared/documento.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import { distritosDe } from '../../shared/distritos.js'
import { MUNICIPIOS } from '../../shared/ubigeo.js'
import type { Aleatorio } from './aleatorio.js'
import type { Ventana } from './ventana.js'
import {
  APELLIDOS,
  CALLES,
  CODIGO_AREA,
  CODIGO_POSTAL,
  NOMBRES_FEMENINOS,
  NOMBRES_MASCULINOS,
  URBANIZACIONES,
  DISTRITOS_FRECUENTES,
  type DepartamentoSemilla,
} from './nombres.js'

const DIA_MS = 86_400_000
const MINUTO_MS = 60_000

export interface PacienteSemilla extends PacienteDatos {
  departamento: DepartamentoSemilla
  creadoEn: Date
}

export interface AtencionSemilla {
  pacienteId: number
  sede: Sede
  modalidad: Modalidad
  estudios: string[]
  estado: Estado
  procedencia: Procedencia
  prioridad: Prioridad
  llegada: Date
  creadoEn: Date
  actualizadoEn: Date
}

/** The last number used of each document type; the next ones continue after it. */
export interface Contadores {
  dni: number
  /** The eight digits after the 10 of a natural person's RUC. */
  ruc: number
  /** Ten digits. */
  cedula: number
  /** Two letters and seven digits, counted as one number. */
  pasaporte: number
}

export const CONTADORES_INICIALES: Contadores = {
  dni: 10_000_000,
  ruc: 10_000_000,
  cedula: 1_000_000_000,
  pasaporte: 0,
}
const MAXIMOS: Contadores = {
  dni: 99_999_999,
  ruc: 99_999_999,
  cedula: 9_999_999_999,
  pasaporte: 26 * 26 * 10_000_000 - 1,
}

export class SinDocumentosError extends Error {}

/** The documents the demo data draws: the spec's four. */
type TipoGenerado = keyof Contadores

const TIPOS: readonly (readonly [TipoGenerado, number])[] = [
  ['dni', 92],
  ['cedula', 4],
  ['pasaporte', 3],
  ['ruc', 1],
]

/** Document numbers that only grow, in random steps so they do not look sequential. */
export class Documentos {
  private readonly c: Contadores
  private readonly paso: Record<TipoGenerado, number>

  constructor(ultimos: Contadores, esperados: number) {
    const c = { ...ultimos }
    this.c = c
    const paso = (t: TipoGenerado, parte: number) =>
      Math.max(
        1,
        Math.min(40, Math.floor((MAXIMOS[t] - c[t]) / Math.max(1, esperados * parte * 1.5))),
      )
    this.paso = {
      dni: paso('dni', 0.93),
      ruc: paso('ruc', 0.02),
      cedula: paso('cedula', 0.05),
      pasaporte: paso('pasaporte', 0.04),
    }
  }

  siguiente(r: Aleatorio): { tipoDocumento: TipoDocumento; documento: string } {
    const tipo = r.ponderado(TIPOS)
    const n = this.c[tipo] + r.entero(1, this.paso[tipo])
    if (n > MAXIMOS[tipo])
      throw new SinDocumentosError(`No quedan números de ${tipo} libres para generar`)
    this.c[tipo] = n
    return { tipoDocumento: tipo, documento: formatearDocumento(tipo, n) }
  }
}

export function formatearDocumento(tipo: TipoGenerado, n: number): string {
  switch (tipo) {
    case 'dni':
      return String(n).padStart(8, '0')
    case 'ruc': {
      const primeros = `10${String(n).padStart(8, '0')}`
      return primeros + String(digitoVerificadorRuc(primeros))
    }
    case 'cedula':
      return String(n).padStart(10, '0')
    case 'pasaporte': {
      const letras = Math.floor(n / 10_000_000)
      const a = String.fromCharCode(65 + Math.floor(letras / 26), 65 + (letras % 26))
      return a + String(n % 10_000_000).padStart(7, '0')
    }
  }
}

/** Age at registration: [min years, max years], weight (an age pyramid of a clinic's patients). */
const EDADES: readonly (readonly [readonly [number, number], number])[] = [
  [[0, 0], 4],
  [[1, 4], 6],
  [[5, 11], 8],
  [[12, 17], 7],
  [[18, 29], 17],
  [[30, 44], 20],
  [[45, 59], 18],
  [[60, 74], 12],
  [[75, 89], 6],
  [[90, 100], 2],
]

function restarDias(fecha: string, dias: number): string {
  const [y, m, d] = fecha.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d) - dias * DIA_MS).toISOString().slice(0, 10)
}

/** A birth date `edad` years (plus a random part of a year) before `fecha`; infants in days. */
function fechaNacimiento(r: Aleatorio, registro: string): string {
  const [min, max] = r.ponderado(EDADES)
  if (max === 0) {
    // A third of the infants are newborns (días), the rest some months old.
    return restarDias(registro, r.si(0.33) ? r.entero(0, 27) : r.entero(28, 364))
  }
  const anios = r.entero(min, max)
  const dias = Math.floor(anios * 365.25) + r.entero(0, 364)
  return restarDias(registro, Math.min(dias, Math.floor(100.9 * 365.25)))
}

const GRUPOS: readonly (readonly [GrupoSanguineo | null, number])[] = [
  [null, 30],
  ['O+', 49],
  ['A+', 12],
  ['B+', 5],
  ['AB+', 1],
  ['O-', 1.5],
  ['A-', 1],
  ['B-', 0.3],
  ['AB-', 0.2],
]

export const sinTildes = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()

const digitos = (r: Aleatorio, n: number) => {
  let s = ''
  for (let i = 0; i < n; i++) s += String(r.entero(0, 9))
  return s
}

/**
 * An instant of the past at the desk's hours: its day's, or the day before's when that is still
 * ahead (today before opening); now itself only on the year's first morning.
 */
function pasadoEnHorario(ms: number, v: Ventana): number {
  const t = v.enHorario(ms)
  if (t <= v.ahora) return t
  const antes = v.enHorario(ms - DIA_MS)
  return antes >= v.inicioAnio ? antes : v.ahora
}

export function generarPaciente(r: Aleatorio, docs: Documentos, v: Ventana): PacienteSemilla {
  const creado = pasadoEnHorario(
    v.inicioAnio + Math.floor(r.siguiente() * (v.ahora - v.inicioAnio)),
    v,
  )
  const registro = v.fechaLocal(creado)
  const nacimiento = fechaNacimiento(r, registro)
  const edad = (Date.parse(registro) - Date.parse(nacimiento)) / DIA_MS / 365.25
  const sexo = r.ponderado(SEXOS_PESO)
  const nombres =
    sexo === 'Femenino'
      ? NOMBRES_FEMENINOS
      : sexo === 'Masculino'
        ? NOMBRES_MASCULINOS
        : r.elegir([NOMBRES_FEMENINOS, NOMBRES_MASCULINOS])
  const primerNombre = r.ponderado(nombres)
  let segundoNombre = r.si(0.55) ? r.ponderado(nombres) : null
  if (segundoNombre === primerNombre) segundoNombre = null
  const primerApellido = r.ponderado(APELLIDOS)
  const segundoApellido = r.si(0.95) ? r.ponderado(APELLIDOS) : null
  const departamento = r.ponderado(DEPARTAMENTOS_PESO)
  const municipios = MUNICIPIOS[departamento]
  const municipio = r.si(0.75) ? municipios[0] : r.elegir(municipios)
  const adulto = edad >= 18
  const correo =
    adulto && r.si(0.4)
      ? `${sinTildes(primerNombre)}.${sinTildes(primerApellido)}${r.si(0.6) ? r.entero(1, 999) : ''}@${r.elegir(['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.es'])}`
      : null
  const area = CODIGO_AREA[departamento]
  const fijo = () => `(${area}) ${digitos(r, area.length === 2 ? 7 : 6)}`
  // Built as one literal of fixed shape (no spread): a million of these must stay cheap.
  const { tipoDocumento, documento } = docs.siguiente(r)
  return {
    tipoDocumento,
    documento,
    primerNombre,
    segundoNombre,
    primerApellido,
    segundoApellido,
    fechaNacimiento: nacimiento,
    sexo,
    grupoSanguineo: r.ponderado(GRUPOS),
    departamento,
    municipio,
    distrito: r.elegir(DISTRITOS_FRECUENTES[municipio] ?? distritosDe(departamento, municipio)),
    zonaResidencial: r.si(0.9) ? 'Urbana' : 'Rural',
    direccion: r.si(0.8)
      ? `${r.elegir(CALLES)} ${r.entero(100, 3999)}${r.si(0.2) ? ` Dpto. ${r.entero(1, 9)}0${r.entero(1, 4)}` : ''}`
      : null,
    barrio: r.si(0.35) ? r.elegir(URBANIZACIONES) : null,
    celular: r.si(edad >= 12 ? 0.9 : 0.6) ? `9${digitos(r, 8)}` : null,
    codigoPostal: r.si(0.2) ? CODIGO_POSTAL[departamento] + digitos(r, 2) : null,
    telefono: r.si(0.25) ? fijo() : null,
    telefono2: r.si(0.05) ? fijo() : null,
    correoElectronico: correo,
    // Minors and the very old come with someone responsible for them.
    acudiente:
      (edad < 18 || edad >= 80) && r.si(0.9)
        ? `${r.ponderado(r.si(0.6) ? NOMBRES_FEMENINOS : NOMBRES_MASCULINOS)} ${primerApellido} ${r.ponderado(APELLIDOS)}`
        : null,
    creadoEn: new Date(creado),
  }
}

type Pesos<T> = readonly (readonly [T, number])[]
const SEXOS_PESO: Pesos<Sexo> = [
  ['Femenino', 51],
  ['Masculino', 48.8],
  ['Otro', 0.2],
]
const DEPARTAMENTOS_PESO: Pesos<DepartamentoSemilla> = [
  ['Lima', 60],
  ['Arequipa', 24],
  ['Cusco', 16],
]
const ESTADOS_RECIEN: Pesos<Estado> = [
  ['En espera', 60],
  ['Programado', 20],
  ['En proceso', 20],
]
const ESTADOS_HORAS: Pesos<Estado> = [
  ['En espera', 20],
  ['En proceso', 30],
  ['Completado', 45],
  ['Cancelado', 5],
]
const ESTADOS_HOY: Pesos<Estado> = [
  ['En proceso', 8],
  ['Completado', 40],
  ['Informado', 47],
  ['Cancelado', 5],
]
const ESTADOS_ANTES: Pesos<Estado> = [
  ['Informado', 82],
  ['Completado', 11],
  ['Cancelado', 6],
  ['En espera', 0.5],
  ['En proceso', 0.5],
]
const PRIORIDADES_PESO: Pesos<Prioridad> = [
  ['Rutina', 82],
  ['Urgente', 12],
  ['Emergencia', 6],
]
const PROCEDENCIAS_EMERGENCIA: Pesos<Procedencia> = [
  ['Emergencia', 80],
  ['Hospitalización', 20],
]
const PROCEDENCIAS_PESO: Pesos<Procedencia> = [
  ['Ambulatorio', 72],
  ['Hospitalización', 12],
  ['Emergencia', 6],
  ['Externo', 10],
]
const ESTUDIOS_POR_ATENCION: Pesos<number> = [
  [1, 80],
  [2, 20],
]

/** How many atenciones a patient has: 0 to 6, about 3 on average. */
const CUANTAS: readonly (readonly [number, number])[] = [
  [0, 4],
  [1, 14],
  [2, 20],
  [3, 24],
  [4, 18],
  [5, 12],
  [6, 8],
]
const MODALIDADES_PESO: readonly (readonly [(typeof MODALIDADES)[number], number])[] = [
  ['RX', 38],
  ['Eco', 24],
  ['LAB', 28],
  ['MRI', 10],
]
const OTRA_SEDE: Record<DepartamentoSemilla, readonly Sede[]> = {
  Lima: ['Arequipa', 'Cusco'],
  Arequipa: ['Lima', 'Cusco'],
  Cusco: ['Lima', 'Arequipa'],
}

/** How many days a completed study may still wait for its report. */
const DIAS_POR_INFORMAR = 3

function estadoSegun(r: Aleatorio, llegada: number, v: Ventana): Estado {
  if (llegada > v.ahora) return 'Programado'
  const hace = v.ahora - llegada
  if (llegada >= v.inicioHoy) {
    if (hace < 30 * MINUTO_MS) return r.ponderado(ESTADOS_RECIEN)
    if (hace < 120 * MINUTO_MS) return r.ponderado(ESTADOS_HORAS)
    return r.ponderado(ESTADOS_HOY)
  }
  // Earlier days are done, except the odd one left open (the dashboard's older alerts); a study
  // still waiting for its report is a recent one: past a few days, the radiologists reported it.
  const estado = r.ponderado(ESTADOS_ANTES)
  return estado === 'Completado' && hace > DIAS_POR_INFORMAR * 24 * 60 * MINUTO_MS
    ? 'Informado'
    : estado
}

export function generarAtenciones(
  r: Aleatorio,
  p: { id: number; departamento: DepartamentoSemilla; creadoEn: Date },
  v: Ventana,
): AtencionSemilla[] {
  const cuantas = r.ponderado(CUANTAS)
  const desde = p.creadoEn.getTime()
  const atenciones: AtencionSemilla[] = []
  for (let i = 0; i < cuantas; i++) {
    let llegada: number
    if (i === 0) llegada = Math.min(v.ahora, desde + r.entero(0, 40) * MINUTO_MS)
    // A few land today around now: some done, some waiting, some booked for later today.
    else if (r.si(0.04))
      llegada = Math.min(
        v.finHoy,
        Math.max(desde, v.inicioHoy, v.ahora + r.entero(-6 * 60, 3 * 60) * MINUTO_MS),
      )
    else llegada = desde + Math.floor(r.siguiente() * (v.ahora - desde))
    // Within the salas' hours, never before the patient was registered (who arrived then).
    llegada = Math.max(desde, Math.min(v.enHorario(llegada), v.finHoy))
    const estado = estadoSegun(r, llegada, v)
    const prioridad = r.ponderado(PRIORIDADES_PESO)
    const procedencia =
      prioridad === 'Emergencia'
        ? r.ponderado(PROCEDENCIAS_EMERGENCIA)
        : r.ponderado(PROCEDENCIAS_PESO)
    const modalidad = r.ponderado(MODALIDADES_PESO)
    const catalogo = ESTUDIOS_INICIALES[modalidad]
    const estudios = r.varios(
      catalogo,
      modalidad === 'LAB' ? r.entero(1, 4) : r.ponderado(ESTUDIOS_POR_ATENCION),
    )
    const sede: Sede = r.si(0.88) ? p.departamento : r.elegir(OTRA_SEDE[p.departamento])
    // A booked one was created before it happens; the others when the patient arrived.
    const creado =
      llegada > v.ahora ? Math.max(desde, v.ahora - r.entero(0, 48 * 60) * MINUTO_MS) : llegada
    const tocado =
      estado === 'Programado' || estado === 'En espera'
        ? creado
        : Math.min(
            v.ahora,
            Math.max(
              creado,
              llegada + r.entero(5, estado === 'Informado' ? 2 * 24 * 60 : 180) * MINUTO_MS,
            ),
          )
    atenciones.push({
      pacienteId: p.id,
      sede,
      modalidad,
      estudios,
      estado,
      procedencia,
      prioridad,
      llegada: new Date(llegada),
      creadoEn: new Date(creado),
      actualizadoEn: new Date(tocado),
    })
  }
  return atenciones
}
