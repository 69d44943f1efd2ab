// A published atención as a Modality Worklist item (PS3.4 K.6.1, IHE RAD-5), and the item cut to
// the keys the query asked for: every asked key is answered, with our value or empty; a key we do
// not hold is never invented, and one not asked is never sent.
import {
  ESTADO_DICOM,
  PRIORIDAD_DICOM,
  type Estado,
  type Modalidad,
  type JuegoCaracteres,
  type Prioridad,
  type TipoDocumento,
} from '../../shared/catalogos.js'
import { EMISOR_DOCUMENTO, like, type Patron } from './consulta.js'
import type { Elementos } from './dimse.js'

/** A published atención with its patient and sala, as queries/worklist.ts reads it. */
export interface FilaWorklist {
  id: number
  pacienteId: number
  modalidad: Modalidad
  estudios: string[]
  estado: Estado
  prioridad: Prioridad
  studyInstanceUid: string
  /** The scheduled start, clinic-local: 'YYYYMMDD' and 'HHMMSS'. */
  fecha: string
  hora: string
  /** The stations it is scheduled on (queries/worklist.ts), in sala order: AE title, name, code. */
  aeTitles: string[]
  estaciones: string[]
  codigos: string[]
  /** Its modality's usual DICOM code, for an item with no station configured. */
  codigoUsual: string
  /** The catalogue's code of each of its estudios, in their order (a renamed one is missing). */
  codigosEstudios: { codigo: string; nombre: string }[]
  sede: string
  tipoDocumento: TipoDocumento
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
  /** 'YYYYMMDD' or null. */
  nacimiento: string | null
  sexo: string | null
  /** Its médico solicitante's surnames and names, or null for an atención that names none. */
  solicitanteApellidos: string | null
  solicitanteNombres: string | null
}

const SEXO_DICOM: Record<string, string> = { Masculino: 'M', Femenino: 'F', Otro: 'O' }

const unir = (...partes: (string | null)[]) => partes.filter((p) => p && p.trim()).join(' ')

/** PatientName as `Apellidos^Nombres`, accents intact (sent as UTF-8, ISO_IR 192). */
export function nombreDicom(
  f: Pick<FilaWorklist, 'primerNombre' | 'segundoNombre' | 'primerApellido' | 'segundoApellido'>,
): string {
  return `${unir(f.primerApellido, f.segundoApellido)}^${unir(f.primerNombre, f.segundoNombre)}`
}

/** Who asks, and how: what decides an item's station and character set. */
export interface Destino {
  /** The calling sala's AE title: an item scheduled on it among others names it alone. */
  aeLlamante?: string
  /** The query's Modality and ScheduledStationAETitle, to name only the stations they matched. */
  codigos?: string[]
  aeTitles?: Patron[]
  /** The clinic's own AE title: the station of an item whose sede has no equipment configured. */
  aeServidor: string
  juego: JuegoCaracteres
  /** The Coding Scheme Designator of the catalogue's study codes. */
  esquema: string
}

interface Estacion {
  aeTitle: string
  nombre: string
  codigo: string
}

/**
 * The stations the item names (ScheduledStationAETitle is Type 1, so never none): of those the
 * query's Modality and AE title matched, the calling sala alone when it is one, else all; with
 * none configured, the clinic's own AE title.
 */
function estacionesDe(f: FilaWorklist, d: Destino): Estacion[] {
  let todas = f.aeTitles.map((aeTitle, i) => ({
    aeTitle,
    nombre: f.estaciones[i] ?? '',
    codigo: f.codigos[i] ?? f.codigoUsual,
  }))
  if (d.codigos) todas = todas.filter((e) => d.codigos!.includes(e.codigo))
  if (d.aeTitles) todas = todas.filter((e) => d.aeTitles!.some((p) => like(e.aeTitle, p)))
  const propia = todas.find((e) => e.aeTitle === d.aeLlamante)
  if (propia) return [propia]
  return todas.length > 0 ? todas : [{ aeTitle: d.aeServidor, nombre: '', codigo: f.codigoUsual }]
}

/** Every attribute the clinic publishes for the atención, as `d` receives it. */
export function itemCompleto(f: FilaWorklist, d: Destino): Elementos {
  const descripcion = f.estudios.join(', ')
  const estaciones = estacionesDe(f, d)
  const codigo = (c: { codigo: string; nombre: string }) => ({
    CodeValue: c.codigo,
    CodingSchemeDesignator: d.esquema,
    CodeMeaning: c.nombre,
  })
  return {
    SpecificCharacterSet: d.juego,
    AccessionNumber: String(f.id),
    PatientName: [{ Alphabetic: nombreDicom(f) }],
    PatientID: f.documento,
    IssuerOfPatientID: EMISOR_DOCUMENTO[f.tipoDocumento],
    PatientBirthDate: f.nacimiento ?? '',
    PatientSex: (f.sexo && SEXO_DICOM[f.sexo]) ?? '',
    StudyInstanceUID: f.studyInstanceUid,
    RequestedProcedureID: String(f.id),
    RequestedProcedureDescription: descripcion,
    // One item only (PS3.3 C.4.11): the first estudio; the step's protocol lists them all.
    RequestedProcedureCodeSequence: f.codigosEstudios.slice(0, 1).map(codigo),
    RequestedProcedurePriority: PRIORIDAD_DICOM[f.prioridad],
    // The médico solicitante as `Apellidos^Nombres`, like the patient; none goes empty (Type 2).
    ReferringPhysicianName:
      f.solicitanteApellidos && f.solicitanteNombres
        ? [{ Alphabetic: `${f.solicitanteApellidos}^${f.solicitanteNombres}` }]
        : '',
    ScheduledProcedureStepSequence: [
      {
        Modality: estaciones[0]!.codigo,
        ScheduledStationAETitle: estaciones.map((e) => e.aeTitle),
        // One value only: several stations leave it empty (Type 2), their AE titles name them.
        ScheduledStationName: estaciones.length === 1 ? estaciones[0]!.nombre : '',
        ScheduledProcedureStepLocation: f.sede,
        ScheduledProcedureStepStartDate: f.fecha,
        ScheduledProcedureStepStartTime: f.hora,
        ScheduledProcedureStepDescription: descripcion,
        ScheduledProcedureStepID: String(f.id),
        ScheduledProcedureStepStatus: ESTADO_DICOM[f.estado],
        // Who performs it is not known before it is done: asked for, it goes empty (Type 2).
        ScheduledPerformingPhysicianName: '',
        ScheduledProtocolCodeSequence: f.codigosEstudios.map(codigo),
      },
    ],
  }
}

/** An asked key we hold no value for: empty, of the kind the query sent. */
const vacio = (v: unknown) => (Array.isArray(v) && typeof v[0] === 'object' ? [] : '')

/** `completo` cut to the keys of `consulta` (a sequence's item to its own keys; an empty one asks for all). */
export function recortar(consulta: Elementos, completo: Elementos): Elementos {
  const r: Elementos = {}
  for (const [clave, pedido] of Object.entries(consulta)) {
    if (clave === '_vrMap' || clave === 'SpecificCharacterSet') continue
    const nuestro = completo[clave]
    if (nuestro === undefined) r[clave] = vacio(pedido)
    else if (
      Array.isArray(nuestro) &&
      typeof nuestro[0] === 'object' &&
      !('Alphabetic' in nuestro[0])
    ) {
      const sub =
        Array.isArray(pedido) && typeof pedido[0] === 'object' ? (pedido[0] as Elementos) : {}
      const claves = Object.keys(sub).filter((k) => k !== '_vrMap')
      r[clave] = (nuestro as Elementos[]).map((i) => (claves.length === 0 ? i : recortar(sub, i)))
    } else r[clave] = nuestro
  }
  return { SpecificCharacterSet: completo.SpecificCharacterSet, ...r }
}
