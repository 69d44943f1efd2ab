// A published atención as a Modality Worklist item (PS3.4 K.6.1, IHE RAD-5), and the item cut to
// the keys the query asked for: every asked key is answered, with our value or empty; a key we do
// not hold is never invented, and one not asked is never sent.
import {
  ESTADO_DICOM,
  PRIORIDAD_DICOM,
  type Estado,
  type Modalidad,
  type Prioridad,
  type TipoDocumento,
} from '../../shared/catalogos.js'
import { EMISOR_DOCUMENTO, MODALIDAD_DICOM } from './consulta.js'
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
  aeTitle: string | null
  salaNombre: string | null
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
}

const SEXO_DICOM: Record<string, string> = { Masculino: 'M', Femenino: 'F', Otro: 'O' }

const unir = (...partes: (string | null)[]) => partes.filter((p) => p && p.trim()).join(' ')

/** PatientName as `Apellidos^Nombres`, accents intact (sent as UTF-8, ISO_IR 192). */
export function nombreDicom(
  f: Pick<FilaWorklist, 'primerNombre' | 'segundoNombre' | 'primerApellido' | 'segundoApellido'>,
): string {
  return `${unir(f.primerApellido, f.segundoApellido)}^${unir(f.primerNombre, f.segundoNombre)}`
}

/** Every attribute the clinic publishes for the atención. */
export function itemCompleto(f: FilaWorklist): Elementos {
  const descripcion = f.estudios.join(', ')
  return {
    SpecificCharacterSet: 'ISO_IR 192',
    AccessionNumber: String(f.id),
    PatientName: [{ Alphabetic: nombreDicom(f) }],
    PatientID: f.documento,
    IssuerOfPatientID: EMISOR_DOCUMENTO[f.tipoDocumento],
    PatientBirthDate: f.nacimiento ?? '',
    PatientSex: (f.sexo && SEXO_DICOM[f.sexo]) ?? '',
    StudyInstanceUID: f.studyInstanceUid,
    RequestedProcedureID: String(f.id),
    RequestedProcedureDescription: descripcion,
    RequestedProcedurePriority: PRIORIDAD_DICOM[f.prioridad],
    // No atención names its physicians yet: asked for, they go empty (Type 2).
    ReferringPhysicianName: '',
    ScheduledProcedureStepSequence: [
      {
        Modality: MODALIDAD_DICOM[f.modalidad] ?? '',
        ScheduledStationAETitle: f.aeTitle ?? '',
        ScheduledStationName: f.salaNombre ?? '',
        ScheduledProcedureStepLocation: f.sede,
        ScheduledProcedureStepStartDate: f.fecha,
        ScheduledProcedureStepStartTime: f.hora,
        ScheduledProcedureStepDescription: descripcion,
        ScheduledProcedureStepID: String(f.id),
        ScheduledProcedureStepStatus: ESTADO_DICOM[f.estado],
        ScheduledPerformingPhysicianName: '',
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
