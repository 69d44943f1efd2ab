// A Modality Worklist query (its identifier) read as our filters, by the matching rules of
// DICOM PS3.4 C.2.2.2 and K.6.1.2: universal (empty or `*`), single value, wildcard (`*`, `?`),
// range (`a-b`, `-b`, `a-`) and UID list. Pure: queries/worklist.ts turns the filters into SQL.
import type { TipoDocumento } from '../../shared/catalogos.js'
import type { Elementos } from './dimse.js'

/** IssuerOfPatientID: which register the PatientID belongs to. */
export const EMISOR_DOCUMENTO: Record<TipoDocumento, string> = {
  dni: 'DNI',
  cedula: 'CEDULA',
  pasaporte: 'PASAPORTE',
  ruc: 'RUC',
  ce: 'CE',
  cpp: 'CPP',
  cnv: 'CNV',
}

/** A value to match: exactly, or a LIKE pattern (escaped with `\`). */
export type Patron = { igual: string } | { como: string }

export interface FiltrosWorklist {
  /** Modality: the DICOM codes it matches, as each item's station publishes it. */
  codigos?: string[]
  /** ScheduledStationAETitle: any of its values (a multi-valued key lists several stations). */
  aeTitles?: Patron[]
  /** Clinic-local days 'YYYY-MM-DD', both included; either alone is an open range. */
  desde?: string
  hasta?: string
  /** Clinic-local times of day 'HH:MM:SS.ffffff', matched apart from the date (PS3.4 C.2.2.2.5). */
  horaDesde?: string
  horaHasta?: string
  /** Over `Apellidos^Nombres`, lowercase and unaccented by the database's normalizar(). */
  nombre?: Patron
  /** ReferringPhysicianName: over the médico solicitante's `Apellidos^Nombres`, the same way. */
  solicitante?: Patron
  documento?: Patron
  /** IssuerOfPatientID: the document types whose register it names. */
  tiposDocumento?: TipoDocumento[]
  /** AccessionNumber, RequestedProcedureID and ScheduledProcedureStepID are the atención's id. */
  ids?: number[]
  /** The same keys given with wildcards (`1*`): LIKE patterns over the id's digits, all to match. */
  idsComo?: string[]
  studyUids?: string[]
  nacimientoDesde?: string
  nacimientoHasta?: string
  sexo?: 'M' | 'F' | 'O'
  /** A key that no published item can match (an unknown modality, a non-numeric accession). */
  ninguno?: true
}

export class ConsultaInvalida extends Error {}

/** Every value of a multi-valued key (dcmjs gives an array, or one string with `\`). */
function valores(v: unknown): string[] {
  const todos = Array.isArray(v) ? v.map(texto) : texto(v).split('\\')
  return todos.map((x) => x.trim())
}

/** A key's text: dcmjs gives strings, arrays of strings, PN objects, or null for empty. */
export function texto(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (Array.isArray(v)) return v.length === 0 ? '' : texto(v[0])
  if (typeof v === 'object') return texto((v as { Alphabetic?: unknown }).Alphabetic)
  return String(v).trim()
}

const universal = (v: string) => v === '' || /^\*+$/.test(v)
const comodines = (v: string) => /[*?]/.test(v)

/** `*` and `?` as LIKE's `%` and `_`, with LIKE's own characters escaped. */
export function patron(v: string): Patron {
  if (!comodines(v)) return { igual: v }
  return {
    como: v
      .replace(/[\\%_]/g, (c) => `\\${c}`)
      .replace(/\*/g, '%')
      .replace(/\?/g, '_'),
  }
}

/** A range `a-b`, `-b`, `a-` or a single value `a` as its two ends (undefined: open). */
function rango(v: string): [string | undefined, string | undefined] {
  const partes = v.split('-')
  if (partes.length === 1) return [v, v]
  if (partes.length !== 2) throw new ConsultaInvalida(`Rango inválido: ${v}`)
  return [partes[0] || undefined, partes[1] || undefined]
}

/** DA 'YYYYMMDD' as 'YYYY-MM-DD', checked to be a real day. */
export function fecha(v: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(v)
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : ''
  const d = new Date(`${iso}T00:00:00Z`)
  if (!m || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso)
    throw new ConsultaInvalida(`Fecha inválida: ${v}`)
  return iso
}

/**
 * TM 'HH[MM[SS[.F]]]' as 'HH:MM:SS.ffffff'; an end given to the hour or minute covers all of it,
 * so `fin` fills what is missing with its largest value ("10" as an end means up to 10:59:59.999999).
 */
export function hora(v: string, fin: boolean): string {
  const m = /^(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?(?:\.(\d{1,6}))?$/.exec(v)
  if (!m || Number(m[1]) > 23 || Number(m[2] ?? 0) > 59 || Number(m[3] ?? 0) > 60)
    throw new ConsultaInvalida(`Hora inválida: ${v}`)
  const relleno = (x: string | undefined, max: string) => x ?? (fin ? max : '00')
  const fraccion = (m[4] ?? '').padEnd(6, fin && m[4] === undefined ? '9' : '0')
  return `${m[1]}:${relleno(m[2], '59')}:${relleno(m[3], '59')}.${fraccion}`
}

function fechas(v: string): [string | undefined, string | undefined] {
  const [a, b] = rango(v)
  return [a && fecha(a), b && fecha(b)]
}

/** The first item of a sequence key, or {} when it is absent or empty (universal). */
export function item(v: unknown): Elementos {
  return Array.isArray(v) && typeof v[0] === 'object' && v[0] !== null ? (v[0] as Elementos) : {}
}

/**
 * The query's keys as filters; throws ConsultaInvalida for a value that cannot be read.
 * `codigos`: every DICOM code an item may carry (a sala's own, or its modality's usual one), the
 * codes of the catalogue's modalities.
 */
export function filtrosDeConsulta(
  consulta: Elementos,
  codigos: readonly string[],
): FiltrosWorklist {
  const f: FiltrosWorklist = {}
  const sps = item(consulta.ScheduledProcedureStepSequence)

  const modalidad = texto(sps.Modality).toUpperCase()
  if (!universal(modalidad)) {
    const m = codigos.filter((d) => like(d, patron(modalidad)))
    if (m.length === 0) f.ninguno = true
    else f.codigos = m
  }
  const aes = valores(sps.ScheduledStationAETitle)
  if (aes.length > 0 && !aes.some(universal)) f.aeTitles = aes.map(patron)

  const dia = texto(sps.ScheduledProcedureStepStartDate)
  if (!universal(dia)) [f.desde, f.hasta] = fechas(dia)
  const hh = texto(sps.ScheduledProcedureStepStartTime)
  if (!universal(hh)) {
    const [a, b] = rango(hh)
    f.horaDesde = a && hora(a, false)
    f.horaHasta = b && hora(b, true)
  }

  // Trailing empty components ("QUISPE^ROSA^^^") say nothing; `^` itself matches literally.
  const nombre = texto(consulta.PatientName).replace(/\^+$/, '')
  if (!universal(nombre)) f.nombre = patron(nombre)
  const solicitante = texto(consulta.ReferringPhysicianName).replace(/\^+$/, '')
  if (!universal(solicitante)) f.solicitante = patron(solicitante)
  const documento = texto(consulta.PatientID)
  if (!universal(documento)) f.documento = patron(documento)
  // A Patient ID is unique only within its issuer: a DNI and a passport may share a number.
  const emisor = texto(consulta.IssuerOfPatientID).toUpperCase()
  if (!universal(emisor)) {
    const tipos = (Object.keys(EMISOR_DOCUMENTO) as TipoDocumento[]).filter((t) =>
      like(EMISOR_DOCUMENTO[t], patron(emisor)),
    )
    if (tipos.length === 0) f.ninguno = true
    else f.tiposDocumento = tipos
  }

  const ids = [
    texto(consulta.AccessionNumber),
    texto(consulta.RequestedProcedureID),
    texto(sps.ScheduledProcedureStepID),
  ].filter((v) => !universal(v))
  const exactos = ids.filter((v) => !comodines(v))
  const conComodin = ids.filter(comodines)
  if (exactos.length > 0) {
    // The numbers are whole ids: anything else, or two different ones, matches no item.
    if (exactos.some((v) => !/^[0-9]{1,10}$/.test(v) || Number(v) > 2 ** 31 - 1)) f.ninguno = true
    else if (new Set(exactos.map(Number)).size > 1) f.ninguno = true
    else f.ids = [Number(exactos[0])]
  }
  if (conComodin.length > 0) {
    // Wildcards over the id's digits (PS3.4 C.2.2.2.4): `1*`, `12?4`; other characters match none.
    if (conComodin.some((v) => !/^[0-9*?]{1,16}$/.test(v))) f.ninguno = true
    else f.idsComo = conComodin.map((v) => (patron(v) as { como: string }).como)
  }

  const uids = texto(consulta.StudyInstanceUID)
  if (!universal(uids))
    f.studyUids = (
      Array.isArray(consulta.StudyInstanceUID)
        ? consulta.StudyInstanceUID.map(texto)
        : uids.split('\\')
    ).filter(Boolean)

  // The performing physician: no item names one, so a value asked for matches none (as DCMTK's
  // reference server does with empty ones); a universal key only asks for the empty value back.
  if (!universal(texto(sps.ScheduledPerformingPhysicianName))) f.ninguno = true

  const nacimiento = texto(consulta.PatientBirthDate)
  if (!universal(nacimiento)) [f.nacimientoDesde, f.nacimientoHasta] = fechas(nacimiento)
  const sexo = texto(consulta.PatientSex).toUpperCase()
  if (!universal(sexo)) {
    if (sexo === 'M' || sexo === 'F' || sexo === 'O') f.sexo = sexo
    else f.ninguno = true
  }
  return f
}

/** LIKE in JavaScript, for the few values matched here rather than in the database. */
export function like(valor: string, p: Patron): boolean {
  if ('igual' in p) return valor === p.igual
  const re = p.como.replace(
    /\\([\\%_])|([%_])|([^\\%_])/g,
    (_, esc: string, com: string, lit: string) =>
      esc
        ? esc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        : com
          ? com === '%'
            ? '.*'
            : '.'
          : lit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  )
  return new RegExp(`^${re}$`, 's').test(valor)
}
