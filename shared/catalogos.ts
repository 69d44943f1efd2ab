// Closed vocabularies shared by server, client and database checks. Values are what is stored
// and sent; labels are what a person reads.

/** Version of the privacy policy a registration accepts (stored with the acceptance time). */
export const POLITICA_PRIVACIDAD_VERSION = '2025-01'

/**
 * The documents a patient is registered by: the spec's four, the two Peru's Migraciones issues to
 * foreigners who live here (Carné de extranjería; CPP, the Carné de Permiso Temporal de
 * Permanencia that replaced the PTP), and a newborn's Certificado de Nacido Vivo (CNV), before
 * the DNI, which links the record to the mother's. Values are stored; labels are read.
 */
export const TIPOS_DOCUMENTO = ['dni', 'cedula', 'pasaporte', 'ruc', 'ce', 'cpp', 'cnv'] as const
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number]
export const TIPO_DOCUMENTO_ETIQUETA: Record<TipoDocumento, string> = {
  dni: 'DNI',
  cedula: 'Cédula',
  pasaporte: 'Pasaporte',
  ruc: 'RUC',
  ce: 'Carné de extranjería',
  cpp: 'CPP (PTP)',
  cnv: 'CNV (recién nacido)',
}
/** The documents Peru issues: their holders' mobiles are Peruvian (MOVIL_PERU). */
export const DOCUMENTOS_PERUANOS: readonly TipoDocumento[] = ['dni', 'ruc', 'ce', 'cpp', 'cnv']

export const SEXOS = ['Masculino', 'Femenino', 'Otro'] as const
export type Sexo = (typeof SEXOS)[number]

export const GRUPOS_SANGUINEOS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const
export type GrupoSanguineo = (typeof GRUPOS_SANGUINEOS)[number]

// Departamentos and municipios: shared/ubigeo.ts (Peru's geography, loaded only with the patient
// form).

/**
 * The sedes a new database starts with (migration 0022). The clinic's sedes live in the database
 * (table sedes, GET /catalogos); these are the defaults of tests and of the demo data.
 */
export const SEDES = ['Lima', 'Arequipa', 'Cusco'] as const
/** A sede's name, as atenciones store it. */
export type Sede = string

/**
 * The modalities a new database starts with (migration 0050), the spec's search values: tests and
 * the demo data use them. The clinic's modalities live in the database (table modalidades,
 * GET /catalogos), where admins add theirs (a CT, a mammograph, a densitometer).
 */
export const MODALIDADES = ['RX', 'Eco', 'MRI', 'LAB'] as const
/** A modality's value, as atenciones, salas and estudios store it and searches name it. */
export type Modalidad = string
/** What a modality's value may be: letters and digits, as the spec's RX, Eco, MRI and LAB. */
export const MODALIDAD_PATRON = '^[A-Za-z0-9]{1,16}$'
/** A DICOM modality code (PS3.3 C.7.3.1.1.1): CT, MG, BMD, RF… */
export const CODIGO_DICOM_PATRON = '^[A-Z0-9]{2,16}$'

/**
 * The studies each starting modality is seeded with (migration 0022), the demo data's and the
 * tests' choices; the clinic's live in the table estudios.
 */
export const ESTUDIOS_INICIALES: Record<(typeof MODALIDADES)[number], readonly string[]> = {
  RX: [
    'Tórax PA',
    'Tórax PA y lateral',
    'Abdomen simple',
    'Columna cervical',
    'Columna lumbar',
    'Pelvis',
    'Rodilla',
    'Mano',
    'Cráneo',
  ],
  Eco: [
    'Abdominal completa',
    'Obstétrica',
    'Pélvica',
    'Renal',
    'Tiroidea',
    'Mamaria',
    'Doppler venoso',
  ],
  MRI: ['Cerebro', 'Columna lumbar', 'Rodilla', 'Hombro', 'Abdomen'],
  LAB: [
    'Hemograma completo',
    'Glucosa',
    'Perfil lipídico',
    'Creatinina',
    'Perfil hepático',
    'TSH',
    'Examen de orina',
  ],
}

/** Worklist states, each with its DICOM Scheduled Procedure Step Status (Informado is a RIS state). */
export const ESTADOS = [
  'Programado',
  'En espera',
  'En proceso',
  'Completado',
  'Informado',
  'Cancelado',
  'No se presentó',
] as const
export type Estado = (typeof ESTADOS)[number]
/** Character sets a sala's equipment may receive: UTF-8, or Latin-1 for older equipment. */
export const JUEGOS_CARACTERES = ['ISO_IR 192', 'ISO_IR 100'] as const
export type JuegoCaracteres = (typeof JUEGOS_CARACTERES)[number]

export const ESTADO_DICOM: Record<Estado, string> = {
  Programado: 'SCHEDULED',
  'En espera': 'ARRIVED',
  'En proceso': 'STARTED',
  Completado: 'COMPLETED',
  Informado: 'REPORTED',
  Cancelado: 'CANCELLED',
  'No se presentó': 'DISCONTINUED',
}
/** States a new atención may start in. */
export const ESTADOS_INICIALES = ['Programado', 'En espera'] as const satisfies readonly Estado[]
/**
 * Will not be done: their studies do not count as done, and a cita in one of these leaves its slot
 * free for another (migration 0025's exclusion constraint).
 */
export const ESTADOS_NO_REALIZADOS = [
  'Cancelado',
  'No se presentó',
] as const satisfies readonly Estado[]
/** Not yet done: counted by the dashboard's alerts. */
export const ESTADOS_ABIERTOS = [
  'Programado',
  'En espera',
  'En proceso',
] as const satisfies readonly Estado[]
/** Waiting to be attended: the worklist's «Pendientes». */
export const ESTADOS_PENDIENTES = ['Programado', 'En espera'] as const satisfies readonly Estado[]

/** Priorities with their DICOM Requested Procedure Priority. */
export const PRIORIDADES = ['Rutina', 'Urgente', 'Emergencia'] as const
export type Prioridad = (typeof PRIORIDADES)[number]
export const PRIORIDAD_DICOM: Record<Prioridad, string> = {
  Rutina: 'ROUTINE',
  Urgente: 'HIGH',
  Emergencia: 'STAT',
}
export const PRIORIDADES_ALERTA = ['Urgente', 'Emergencia'] as const satisfies readonly Prioridad[]

export const PROCEDENCIAS = ['Ambulatorio', 'Hospitalización', 'Emergencia', 'Externo'] as const
export type Procedencia = (typeof PROCEDENCIAS)[number]

export const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const

export const esTipoDocumento = (v: string): v is TipoDocumento =>
  (TIPOS_DOCUMENTO as readonly string[]).includes(v)
