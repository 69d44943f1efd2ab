// The clinic's catalogues in the database (migrations 0022 and 0050): sedes, modalities, salas and
// estudios, read by every signed-in client from GET /catalogos and changed by admins under
// /configuracion.
import { DIAS_SINGULAR } from './citas.js'
import { Type, type Static } from '@sinclair/typebox'
import {
  CODIGO_DICOM_PATRON,
  JUEGOS_CARACTERES,
  MODALIDAD_PATRON,
  type Modalidad,
} from './catalogos.js'
import { ModalidadValorSchema } from './atenciones.js'
import { defineContract, ErrorSchema, type ErrorCampo } from './contract.js'
import { enumTexto } from './paciente-datos.js'
import { CARACTERES_CONTROL, CARACTERES_INVISIBLES, SIN_CONTROL } from './texto.js'

export const MENSAJES_CONFIGURACION = {
  sedeRepetida: 'Ya existe una sede con ese nombre',
  sedeNoEncontrada: 'Sede no encontrada',
  sedeInactiva: 'La sede no está activa',
  salaRepetida: 'Ya existe una sala con ese nombre en esa sede',
  salaNoEncontrada: 'Sala no encontrada',
  codigoDicomAjeno: 'Ese código DICOM no corresponde a la modalidad de la sala',
  modalidadRepetida: 'Ya existe una modalidad con ese código',
  etiquetaRepetida: 'Ya existe una modalidad con ese nombre',
  modalidadNoEncontrada: 'Modalidad no encontrada',
  codigosEnUso: 'Una sala usa el código DICOM que quitaría',
  modalidadDeLaSalaInactiva:
    'La modalidad de la sala está desactivada: actívela primero en Modalidades',
  sinCodigosConSalas:
    'Sus salas activas publican su lista de trabajo con el código habitual: deje al menos un código DICOM',
  modalidadConSalas: (salas: string) =>
    `La modalidad tiene salas activas: desactívelas primero (${salas})`,
  aeTitleRepetido: 'Ese AE title ya lo usa otra sala',
  estudioRepetido: 'Ya existe un estudio con ese nombre en esa modalidad',
  codigoRepetido: 'Ya existe un estudio con ese código',
  estudioNoEncontrado: 'Estudio no encontrado',
  sinCambio: 'Indique al menos un cambio',
  tramosCruzados: (dia: string) =>
    `Los tramos del ${dia} se cruzan: uno debe cerrar antes de que abra el otro`,
  demasiadosTramos: (dia: string) => `El ${dia} tiene más de ${TRAMOS_POR_DIA} tramos`,
  horaCierre: 'La hora de cierre debe ser posterior a la de apertura',
} as const

/**
 * A name as a person picks it: no blanks at its ends, no control character (NUL above all) and
 * nothing invisible, so two names that read the same are the same name.
 */
const NO_NOMBRE = `${CARACTERES_CONTROL}${CARACTERES_INVISIBLES}`
export const nombre = (maxLength: number, mensaje: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: `^[^\\s${NO_NOMBRE}]([^${NO_NOMBRE}]*[^\\s${NO_NOMBRE}])?$`,
    mensaje,
  })
/** Free text over several lines: line breaks and tabs, but no other control character. */
const TEXTO_LARGO = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$'
const HORA = '^([01]\\d|2[0-3]):[0-5]\\d$'

export const SedeSchema = Type.Object({
  nombre: Type.String(),
  activa: Type.Boolean(),
  /**
   * Whether its informes need a second, different médico's signature to be final (migration
   * 0053): the first leaves them `preliminar`. One already `preliminar` keeps needing it after
   * this is turned off (server/informes/firmar.ts).
   */
  informeDobleFirma: Type.Boolean(),
  /**
   * Whether whoever typed a lab result may validate it too (migration 0060); off, a second person
   * validates it. Each validation reads the value of that moment.
   */
  laboratorioAutovalidacion: Type.Boolean(),
})
export type SedeCatalogo = Static<typeof SedeSchema>

export const TramoHorarioSchema = Type.Object(
  {
    /** ISO weekday: 1 = lunes … 7 = domingo. */
    dia: Type.Integer({ minimum: 1, maximum: 7, mensaje: 'Día de la semana inválido (1 a 7)' }),
    abre: Type.String({ pattern: HORA, mensaje: 'Hora inválida (HH:MM)' }),
    cierra: Type.String({ pattern: HORA, mensaje: 'Hora inválida (HH:MM)' }),
  },
  { additionalProperties: false },
)
export type TramoHorario = Static<typeof TramoHorarioSchema>
/** How many opening ranges a day may have: a morning and an afternoon, and an evening. */
export const TRAMOS_POR_DIA = 3
/**
 * A sala's week, clinic time: each weekday has up to three ranges that do not overlap (a lunch
 * break is the gap between two); a weekday that is missing is closed.
 */
export const HorarioSchema = Type.Array(TramoHorarioSchema, { maxItems: 7 * TRAMOS_POR_DIA })

/** DICOM AE title: up to 16 printable ASCII characters, no backslash, no blanks at the ends. */
export const AE_TITLE_PATRON = '^[!-\\[\\]-~]([ -\\[\\]-~]{0,14}[!-\\[\\]-~])?$'

export const ModalidadSchema = Type.Object({
  /** What atenciones, salas and estudios store and searches name: RX, Eco, MRI, LAB, CT… */
  valor: Type.String(),
  /** Its Spanish name, as a person reads it: «DX (RX)», «Tomografía (CT)». */
  etiqueta: Type.String(),
  /** The DICOM codes its salas may publish worklist items as, the usual one first; none: LAB. */
  codigosDicom: Type.Array(Type.String()),
  /** Icon code of the patients list (docs/datos.md#modalidades-y-estudios). */
  icono: Type.String(),
  activa: Type.Boolean(),
})
export type ModalidadFila = Static<typeof ModalidadSchema>

export const SalaSchema = Type.Object({
  id: Type.Integer(),
  sede: Type.String(),
  modalidad: Type.String(),
  nombre: Type.String(),
  horario: HorarioSchema,
  aeTitle: Type.Union([Type.String(), Type.Null()]),
  direccion: Type.Union([Type.String(), Type.Null()]),
  /** The DICOM modality code of its items; null: its modality's usual one (codigosDicom). */
  modalidadDicom: Type.Union([Type.String(), Type.Null()]),
  juegoCaracteres: enumTexto(JUEGOS_CARACTERES),
  activa: Type.Boolean(),
})
export type Sala = Static<typeof SalaSchema>

export const EstudioCatalogoSchema = Type.Object({
  id: Type.Integer(),
  modalidad: Type.String(),
  codigo: Type.String(),
  nombre: Type.String(),
  duracionMinutos: Type.Integer(),
  preparacion: Type.Union([Type.String(), Type.Null()]),
  activo: Type.Boolean(),
})
export type EstudioCatalogo = Static<typeof EstudioCatalogoSchema>

export const ModalidadCatalogoSchema = Type.Object({
  valor: Type.String(),
  etiqueta: Type.String(),
  icono: Type.String(),
  codigosDicom: Type.Array(Type.String()),
  /** Its active studies, in the clinic's order: the names an atención may carry. */
  estudios: Type.Array(EstudioCatalogoSchema),
})
export type ModalidadCatalogo = Static<typeof ModalidadCatalogoSchema>

export const CatalogosSchema = Type.Object({
  /** Active sedes, in the clinic's order: the values of `sede` in atenciones and searches. */
  sedes: Type.Array(SedeSchema),
  /** Active modalities, in the clinic's order: the values of `modalidad`. */
  modalidades: Type.Array(ModalidadCatalogoSchema),
  /** Active salas. */
  salas: Type.Array(SalaSchema),
})
export type Catalogos = Static<typeof CatalogosSchema>

/** The given modalities, each with the given studies of its own. */
export function modalidadesCon(
  modalidades: readonly ModalidadFila[],
  estudios: readonly EstudioCatalogo[],
): ModalidadCatalogo[] {
  return modalidades.map(({ valor, etiqueta, icono, codigosDicom }) => ({
    valor,
    etiqueta,
    icono,
    codigosDicom,
    estudios: estudios.filter((e) => e.modalidad === valor),
  }))
}

/** How a modality reads: its label, or its value where the catalogue does not hold it. */
export const etiquetaDe = (
  modalidades: readonly { valor: string; etiqueta: string }[],
  valor: Modalidad,
): string => modalidades.find((m) => m.valor === valor)?.etiqueta ?? valor

/** The names of the active studies of a modality, from a catalogue. */
export const estudiosDe = (c: Catalogos, modalidad: Modalidad): string[] =>
  c.modalidades.find((m) => m.valor === modalidad)?.estudios.map((e) => e.nombre) ?? []

/** One weekday's ranges, by opening. */
export const tramosDelDia = (horario: readonly TramoHorario[], dia: number): TramoHorario[] =>
  horario.filter((t) => t.dia === dia).sort((a, b) => a.abre.localeCompare(b.abre))

/**
 * Errors of a horario the schema cannot see: closing before opening, two ranges of a day that
 * overlap (touching is fine: 13:00 closes, 13:00 opens), too many ranges in a day.
 */
export function erroresHorario(horario: readonly TramoHorario[]): ErrorCampo[] {
  if (horario.some((t) => t.cierra <= t.abre))
    return [{ campo: 'horario', mensaje: MENSAJES_CONFIGURACION.horaCierre }]
  for (let dia = 1; dia <= 7; dia++) {
    const tramos = tramosDelDia(horario, dia)
    const nombre = DIAS_SINGULAR[dia]!
    if (tramos.length > TRAMOS_POR_DIA)
      return [{ campo: 'horario', mensaje: MENSAJES_CONFIGURACION.demasiadosTramos(nombre) }]
    if (tramos.some((t, i) => i > 0 && t.abre < tramos[i - 1]!.cierra))
      return [{ campo: 'horario', mensaje: MENSAJES_CONFIGURACION.tramosCruzados(nombre) }]
  }
  return []
}

export const NuevaSedeSchema = Type.Object(
  {
    nombre: nombre(
      60,
      'De 1 a 60 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
    ),
  },
  { additionalProperties: false },
)
/**
 * Its new name (every atención, sala and account of the sede follows it), whether it is active,
 * whether its informes need a second signature, or whether its lab results may be validated by
 * whoever typed them.
 */
export const CambioSedeSchema = Type.Object(
  {
    activa: Type.Optional(Type.Boolean({ mensaje: 'Indique si la sede está activa' })),
    nombre: Type.Optional(NuevaSedeSchema.properties.nombre),
    informeDobleFirma: Type.Optional(
      Type.Boolean({ mensaje: 'Indique si los informes de la sede necesitan una segunda firma' }),
    ),
    laboratorioAutovalidacion: Type.Optional(
      Type.Boolean({
        mensaje: 'Indique si quien ingresa un resultado de laboratorio puede validarlo también',
      }),
    ),
  },
  { additionalProperties: false },
)
export type CambioSede = Static<typeof CambioSedeSchema>
// A name with no control character: no sede has one, and PostgreSQL refuses a NUL in text.
export const SedeParamsSchema = Type.Object({
  nombre: Type.String({
    maxLength: 60,
    pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    mensaje: 'Nombre de sede inválido',
  }),
})

const salaCampos = {
  nombre: nombre(
    60,
    'De 1 a 60 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
  ),
  horario: HorarioSchema,
  aeTitle: Type.Union(
    [
      Type.String({
        pattern: AE_TITLE_PATRON,
        mensaje:
          'AE title: de 1 a 16 caracteres ASCII visibles, sin barra invertida ni espacios al comienzo o al final',
      }),
      Type.Null(),
    ],
    { mensaje: 'AE title inválido' },
  ),
  direccion: Type.Union(
    [
      Type.String({
        minLength: 1,
        maxLength: 255,
        pattern: SIN_CONTROL,
        mensaje: 'Dirección: de 1 a 255 caracteres',
      }),
      Type.Null(),
    ],
    { mensaje: 'Dirección inválida' },
  ),
  modalidadDicom: Type.Union(
    [Type.String({ pattern: CODIGO_DICOM_PATRON, mensaje: 'Código DICOM no válido' }), Type.Null()],
    { mensaje: 'Código DICOM no válido' },
  ),
  juegoCaracteres: Type.Union(
    JUEGOS_CARACTERES.map((j) => Type.Literal(j)),
    { mensaje: 'Juego de caracteres no válido' },
  ),
  activa: Type.Boolean({ mensaje: 'Indique si la sala está activa' }),
}

/** A code the sala's modality may publish (its codigosDicom); null is always its usual one. */
export const codigoDicomPermitido = (
  modalidad: { codigosDicom: readonly string[] } | undefined,
  codigo: string | null | undefined,
) => codigo == null || (modalidad?.codigosDicom.includes(codigo) ?? false)

export const NuevaSalaSchema = Type.Object(
  {
    sede: Type.String({ minLength: 1, maxLength: 60, mensaje: 'Sede no válida' }),
    /** An active modality of the catalogue; checked by the server. */
    modalidad: ModalidadValorSchema,
    nombre: salaCampos.nombre,
    horario: salaCampos.horario,
    aeTitle: Type.Optional(salaCampos.aeTitle),
    direccion: Type.Optional(salaCampos.direccion),
    modalidadDicom: Type.Optional(salaCampos.modalidadDicom),
    juegoCaracteres: Type.Optional(salaCampos.juegoCaracteres),
  },
  { additionalProperties: false },
)
export type NuevaSala = Static<typeof NuevaSalaSchema>
export const CambioSalaSchema = Type.Partial(Type.Object(salaCampos), {
  additionalProperties: false,
})
export type CambioSala = Static<typeof CambioSalaSchema>

const estudioCampos = {
  nombre: nombre(
    100,
    'De 1 a 100 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
  ),
  duracionMinutos: Type.Integer({
    minimum: 5,
    maximum: 480,
    mensaje: 'Duración: de 5 a 480 minutos',
  }),
  preparacion: Type.Union(
    [
      Type.String({
        minLength: 1,
        maxLength: 2000,
        pattern: TEXTO_LARGO,
        mensaje: 'De 1 a 2000 caracteres, sin caracteres de control',
      }),
      Type.Null(),
    ],
    { mensaje: 'Preparación inválida' },
  ),
  activo: Type.Boolean({ mensaje: 'Indique si el estudio está activo' }),
}

export const NuevoEstudioSchema = Type.Object(
  {
    /** An active modality of the catalogue; checked by the server. */
    modalidad: ModalidadValorSchema,
    codigo: Type.String({
      pattern: '^[A-Z0-9][A-Z0-9-]{0,19}$',
      mensaje: 'Código: de 1 a 20 letras mayúsculas sin tildes, números o guiones',
    }),
    nombre: estudioCampos.nombre,
    duracionMinutos: estudioCampos.duracionMinutos,
    preparacion: Type.Optional(estudioCampos.preparacion),
  },
  { additionalProperties: false },
)
export type NuevoEstudio = Static<typeof NuevoEstudioSchema>
export const CambioEstudioSchema = Type.Partial(Type.Object(estudioCampos), {
  additionalProperties: false,
})
export type CambioEstudio = Static<typeof CambioEstudioSchema>

const modalidadCampos = {
  etiqueta: nombre(
    60,
    'Nombre: de 1 a 60 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
  ),
  codigosDicom: Type.Array(
    Type.String({
      pattern: CODIGO_DICOM_PATRON,
      mensaje: 'Cada código DICOM: de 2 a 16 letras mayúsculas o números (CT, MG, BMD…)',
    }),
    {
      maxItems: 8,
      uniqueItems: true,
      mensaje: 'Códigos DICOM: una lista, cada código una sola vez',
    },
  ),
  activa: Type.Boolean({ mensaje: 'Indique si la modalidad está activa' }),
}
export const NuevaModalidadSchema = Type.Object(
  {
    valor: Type.String({
      pattern: MODALIDAD_PATRON,
      mensaje: 'Código: de 1 a 16 letras sin tildes o números (CT, MG, DXA…)',
    }),
    etiqueta: modalidadCampos.etiqueta,
    codigosDicom: modalidadCampos.codigosDicom,
  },
  { additionalProperties: false },
)
export type NuevaModalidad = Static<typeof NuevaModalidadSchema>
/** Its label, its DICOM codes, or whether it is active; its value is never changed. */
export const CambioModalidadSchema = Type.Partial(Type.Object(modalidadCampos), {
  additionalProperties: false,
})
export type CambioModalidad = Static<typeof CambioModalidadSchema>
export const ModalidadParamsSchema = Type.Object({
  valor: Type.String({ pattern: MODALIDAD_PATRON, mensaje: 'Modalidad no válida' }),
})

export const IdConfiguracionSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,9}$', mensaje: 'Identificador inválido' }),
})

const errores = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }

export const catalogosContract = defineContract({
  method: 'GET',
  url: '/catalogos',
  permiso: 'pacientes.ver',
  summary:
    'Sedes, modalidades con sus estudios y salas activos: los valores que aceptan las atenciones y la búsqueda (ETag; 304 con If-None-Match)',
  tags: ['catalogos'],
  response: { 200: CatalogosSchema, 401: ErrorSchema },
})

export const listarSedesContract = defineContract({
  method: 'GET',
  url: '/configuracion/sedes',
  permiso: 'configuracion',
  summary: 'Todas las sedes, activas o no (solo administradores)',
  tags: ['configuracion'],
  response: { 200: Type.Array(SedeSchema), ...errores },
})
export const crearSedeContract = defineContract({
  method: 'POST',
  url: '/configuracion/sedes',
  permiso: 'configuracion',
  summary: 'Crear una sede (solo administradores)',
  tags: ['configuracion'],
  body: NuevaSedeSchema,
  response: { 201: SedeSchema, ...errores, 409: ErrorSchema },
})
export const cambiarSedeContract = defineContract({
  method: 'PATCH',
  url: '/configuracion/sedes/:nombre',
  permiso: 'configuracion',
  summary:
    'Renombrar una sede (sus atenciones, salas y cuentas toman el nombre nuevo), activarla o desactivarla, pedir o no una segunda firma en sus informes, o permitir que quien ingresa un resultado de laboratorio lo valide (solo administradores)',
  tags: ['configuracion'],
  params: SedeParamsSchema,
  body: CambioSedeSchema,
  response: { 200: SedeSchema, ...errores, 404: ErrorSchema },
})

export const listarModalidadesContract = defineContract({
  method: 'GET',
  url: '/configuracion/modalidades',
  permiso: 'configuracion',
  summary: 'Todas las modalidades, activas o no (solo administradores)',
  tags: ['configuracion'],
  response: { 200: Type.Array(ModalidadSchema), ...errores },
})
export const crearModalidadContract = defineContract({
  method: 'POST',
  url: '/configuracion/modalidades',
  permiso: 'configuracion',
  summary: 'Crear una modalidad con su nombre y sus códigos DICOM (solo administradores)',
  tags: ['configuracion'],
  body: NuevaModalidadSchema,
  response: { 201: ModalidadSchema, ...errores, 409: ErrorSchema },
})
export const cambiarModalidadContract = defineContract({
  method: 'PATCH',
  url: '/configuracion/modalidades/:valor',
  permiso: 'configuracion',
  summary:
    'Cambiar el nombre o los códigos DICOM de una modalidad, o desactivarla (solo administradores)',
  tags: ['configuracion'],
  params: ModalidadParamsSchema,
  body: CambioModalidadSchema,
  response: { 200: ModalidadSchema, ...errores, 404: ErrorSchema, 409: ErrorSchema },
})

export const listarSalasContract = defineContract({
  method: 'GET',
  url: '/configuracion/salas',
  permiso: 'configuracion',
  summary: 'Todas las salas, activas o no (solo administradores)',
  tags: ['configuracion'],
  response: { 200: Type.Array(SalaSchema), ...errores },
})
export const crearSalaContract = defineContract({
  method: 'POST',
  url: '/configuracion/salas',
  permiso: 'configuracion',
  summary: 'Crear una sala de una sede y una modalidad (solo administradores)',
  tags: ['configuracion'],
  body: NuevaSalaSchema,
  response: { 201: SalaSchema, ...errores, 409: ErrorSchema },
})
export const cambiarSalaContract = defineContract({
  method: 'PATCH',
  url: '/configuracion/salas/:id',
  permiso: 'configuracion',
  summary:
    'Cambiar el nombre, el horario, el AE title y la dirección DICOM de una sala, o desactivarla (solo administradores)',
  tags: ['configuracion'],
  params: IdConfiguracionSchema,
  body: CambioSalaSchema,
  response: { 200: SalaSchema, ...errores, 404: ErrorSchema, 409: ErrorSchema },
})

export const listarEstudiosContract = defineContract({
  method: 'GET',
  url: '/configuracion/estudios',
  permiso: 'configuracion',
  summary: 'Todos los estudios, activos o no (solo administradores)',
  tags: ['configuracion'],
  response: { 200: Type.Array(EstudioCatalogoSchema), ...errores },
})
export const crearEstudioContract = defineContract({
  method: 'POST',
  url: '/configuracion/estudios',
  permiso: 'configuracion',
  summary: 'Crear un estudio de una modalidad (solo administradores)',
  tags: ['configuracion'],
  body: NuevoEstudioSchema,
  response: { 201: EstudioCatalogoSchema, ...errores, 409: ErrorSchema },
})
export const cambiarEstudioContract = defineContract({
  method: 'PATCH',
  url: '/configuracion/estudios/:id',
  permiso: 'configuracion',
  summary:
    'Cambiar el nombre, la duración o la preparación de un estudio, o desactivarlo (solo administradores)',
  tags: ['configuracion'],
  params: IdConfiguracionSchema,
  body: CambioEstudioSchema,
  response: { 200: EstudioCatalogoSchema, ...errores, 404: ErrorSchema, 409: ErrorSchema },
})
