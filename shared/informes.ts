// The radiologist's informe (docs/api.md#informes): the queue of studies to report, the draft a
// médico holds and saves, and its signature. Its content is a small document of our own (sections
// of paragraphs and lists of runs of text, bold, italic or underlined), not an editor's HTML: the
// server checks it against this schema, the editor converts to and from it, and the PDF prints it.
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { PRIORIDADES } from './catalogos.js'
import { conCabeceras, defineContract, ErrorSchema } from './contract.js'
import { CARACTERES_CONTROL } from './texto.js'

/** The modality whose results the laboratory validates instead: it never enters «Por informar». */
export const MODALIDAD_LABORATORIO = 'LAB'

/** The sections of an informe, in the document's order (NTS 139: findings and conclusion). */
export const SECCIONES_INFORME = [
  { clave: 'indicacion', titulo: 'Indicación clínica' },
  { clave: 'tecnica', titulo: 'Técnica' },
  { clave: 'hallazgos', titulo: 'Hallazgos' },
  { clave: 'conclusion', titulo: 'Conclusión' },
  { clave: 'recomendaciones', titulo: 'Recomendaciones' },
] as const
/** An adenda's only section: what it adds to the signed informe. */
export const SECCION_ADENDA = { clave: 'adenda', titulo: 'Adenda' } as const
export type ClaveSeccion = (typeof SECCIONES_INFORME)[number]['clave'] | 'adenda'

export const ESTADOS_INFORME = ['borrador', 'preliminar', 'final'] as const
export type EstadoInforme = (typeof ESTADOS_INFORME)[number]
export const TIPOS_INFORME = ['original', 'adenda', 'correccion'] as const
export type TipoInforme = (typeof TIPOS_INFORME)[number]

/** The longest informe, in characters of text, so a paste cannot grow one without bound. */
export const LARGO_MAXIMO_INFORME = 60_000

const TextoSchema = Type.String({
  maxLength: 10_000,
  pattern: `^[^${CARACTERES_CONTROL}]*$`,
  mensaje: 'Contiene caracteres no permitidos',
})
/** A run of text and its marks: n (negrita), c (cursiva), s (subrayado). */
export const TramoSchema = Type.Object(
  {
    t: TextoSchema,
    n: Type.Optional(Type.Literal(true)),
    c: Type.Optional(Type.Literal(true)),
    s: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
)
export type Tramo = Static<typeof TramoSchema>
const LineaSchema = Type.Array(TramoSchema, { maxItems: 200 })
// No additionalProperties: false on the two kinds: the validator would strip `items` while trying
// the paragraph. The server keeps only what the schema names (canonico) before storing.
export const BloqueSchema = Type.Union([
  Type.Object({ tipo: Type.Literal('parrafo'), tramos: LineaSchema }),
  Type.Object({
    tipo: Type.Literal('lista'),
    items: Type.Array(LineaSchema, { minItems: 1, maxItems: 100 }),
  }),
])
export type Bloque = Static<typeof BloqueSchema>
const SeccionSchema = Type.Array(BloqueSchema, { maxItems: 200 })

export const ContenidoInformeSchema = Type.Object(
  {
    indicacion: Type.Optional(SeccionSchema),
    tecnica: Type.Optional(SeccionSchema),
    hallazgos: Type.Optional(SeccionSchema),
    conclusion: Type.Optional(SeccionSchema),
    recomendaciones: Type.Optional(SeccionSchema),
    adenda: Type.Optional(SeccionSchema),
  },
  { additionalProperties: false },
)
export type ContenidoInforme = Static<typeof ContenidoInformeSchema>

/** The sections a version of this tipo writes. */
export const seccionesDe = (tipo: TipoInforme) =>
  tipo === 'adenda' ? [SECCION_ADENDA] : SECCIONES_INFORME

const tramoCanonico = ({ t, n, c, s }: Tramo): Tramo => ({
  t,
  ...(n && { n }),
  ...(c && { c }),
  ...(s && { s }),
})

/** A content as the schema names it and nothing more, empty runs and sections left out. */
export function canonico(contenido: ContenidoInforme): ContenidoInforme {
  const linea = (tramos: readonly Tramo[]) => tramos.filter((t) => t.t !== '').map(tramoCanonico)
  const salida: ContenidoInforme = {}
  for (const [clave, bloques] of Object.entries(contenido) as [ClaveSeccion, Bloque[]][]) {
    if (!bloques || bloques.length === 0) continue
    salida[clave] = bloques.map((b) =>
      b.tipo === 'parrafo'
        ? { tipo: 'parrafo', tramos: linea(b.tramos) }
        : { tipo: 'lista', items: b.items.map(linea) },
    )
  }
  return salida
}

/** The plain text of a section (for lengths, a preview and the tests). */
export function textoDe(bloques: readonly Bloque[] | undefined): string {
  const linea = (tramos: readonly Tramo[]) => tramos.map((t) => t.t).join('')
  return (bloques ?? [])
    .map((b) => (b.tipo === 'parrafo' ? linea(b.tramos) : b.items.map(linea).join('\n')))
    .join('\n')
}

export const MENSAJES_INFORMES = {
  noEncontrado: 'Informe no encontrado',
  atencionNoEncontrada: 'Atención no encontrada',
  pacienteNoEncontrado: 'Paciente no encontrado',
  noCompletada: (estado: string) =>
    `Solo se informa un estudio completado; esta atención está ${estado}`,
  laboratorio: 'Los resultados de laboratorio se validan en Laboratorio, no se informan aquí',
  tomadoPorOtro: (nombre: string) =>
    `Este estudio lo está informando ${nombre}; un administrador puede liberarlo`,
  noTomado: 'Tome el estudio antes de escribir su informe',
  noEsBorrador: (estado: string) => `El informe está ${estado}: ya no se edita`,
  yaFirmado: 'El informe ya está firmado: use una adenda o una corrección',
  largo: `El informe pasa de ${LARGO_MAXIMO_INFORME.toLocaleString('es-PE')} caracteres`,
  seccionAjena: (clave: string) => `Sección no permitida en esta versión: ${clave}`,
  vacio: 'Escriba al menos los hallazgos o la conclusión antes de firmar',
  adendaVacia: 'Escriba la adenda antes de firmarla',
  contrasena: 'Contraseña incorrecta',
  sinColegiatura: 'Su cuenta no tiene colegiatura: pídala a un administrador antes de firmar',
  mismoFirmante: 'La segunda firma debe ser de otro médico',
  sinVersion:
    'Falta la cabecera If-Match: envíe la ETag que dio el informe, para no sobrescribir lo que se guardó después',
  versionInvalida: 'Cabecera If-Match inválida: use la ETag que dio el informe',
  versionVieja:
    'El informe se guardó desde otra ventana después de que usted lo abrió: compare las dos versiones y elija',
  noFinal: 'Solo se agrega una adenda o una corrección a un informe firmado',
  motivoRequerido: 'Indique el motivo',
  versionAbierta: 'Este estudio ya tiene una versión en curso: termínela o fírmela primero',
  reemplazado: 'Este informe fue reemplazado por una corrección: agréguela a la versión vigente',
  sinPdf: 'Este informe aún no está firmado: no tiene documento',
  importadoSinPdf:
    'Este informe se firmó en el sistema anterior de la clínica: su documento firmado no está aquí',
} as const

const PersonaSchema = Type.Object({
  usuario: Type.String(),
  nombre: Type.String(),
})

const FirmaSchema = Type.Object({
  nombre: Type.String(),
  colegiatura: Type.String(),
  en: Type.String({ format: 'date-time' }),
})

/** The study an informe reports, as the editor's header shows it. */
const EstudioInformadoSchema = Type.Object({
  pacienteId: Type.Integer(),
  paciente: Type.String(),
  documento: Type.String(),
  sede: Type.String(),
  modalidad: Type.String(),
  estudios: Type.Array(Type.String()),
  prioridad: Type.Union(PRIORIDADES.map((p) => Type.Literal(p))),
})

export const InformeSchema = Type.Object({
  id: Type.Integer(),
  /** N.º de informe as the document prints it. */
  numero: Type.String(),
  atencionId: Type.Integer(),
  estudio: EstudioInformadoSchema,
  version: Type.Integer(),
  tipo: Type.Union(TIPOS_INFORME.map((t) => Type.Literal(t))),
  baseId: Type.Union([Type.Integer(), Type.Null()]),
  motivo: Type.Union([Type.String(), Type.Null()]),
  estado: Type.Union(ESTADOS_INFORME.map((e) => Type.Literal(e))),
  /** A final version replaced by a signed corrección. */
  reemplazadoPor: Type.Union([Type.Integer(), Type.Null()]),
  contenido: ContenidoInformeSchema,
  revision: Type.Integer(),
  tomadoPor: Type.Union([PersonaSchema, Type.Null()]),
  tomadoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  preliminar: Type.Union([FirmaSchema, Type.Null()]),
  firma: Type.Union([FirmaSchema, Type.Null()]),
  hallazgoCritico: Type.Boolean(),
  /** Signed in the clinic's previous system: its text and signer, no PDF of ours. */
  importado: Type.Boolean(),
  /** SHA-256 of the PDF's bytes, and the code printed under its QR (final versions only). */
  sha256: Type.Union([Type.String(), Type.Null()]),
  codigo: Type.Union([Type.String(), Type.Null()]),
  creadoEn: Type.String({ format: 'date-time' }),
  actualizadoEn: Type.String({ format: 'date-time' }),
})
export type Informe = Static<typeof InformeSchema>

/** What a 412 answers: the message and the version stored now, for the editor to show both. */
export const InformeConflictoSchema = Type.Object({
  message: Type.String(),
  actual: InformeSchema,
})

/** The revision an informe's answer shows, to send back as If-Match. */
const ETAG = {
  type: 'string',
  description: 'La revisión del informe, para enviarla como If-Match al guardarlo',
} as const

export const PorInformarSchema = Type.Object({
  atencionId: Type.Integer(),
  pacienteId: Type.Integer(),
  paciente: Type.String(),
  documento: Type.String(),
  sede: Type.String(),
  modalidad: Type.String(),
  estudios: Type.Array(Type.String()),
  prioridad: Type.Union(PRIORIDADES.map((p) => Type.Literal(p))),
  completadoEn: Type.String({ format: 'date-time' }),
  horasEsperando: Type.Number(),
  informe: Type.Union([
    Type.Object({
      id: Type.Integer(),
      estado: Type.Union(ESTADOS_INFORME.map((e) => Type.Literal(e))),
      tomadoPor: Type.Union([PersonaSchema, Type.Null()]),
    }),
    Type.Null(),
  ]),
})
export type PorInformar = Static<typeof PorInformarSchema>

export const FiltrosInformesSchema = Type.Object(
  {
    estado: Type.Literal('pendiente', { mensaje: 'Estado no válido: use pendiente' }),
    sede: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    modalidad: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
    /** The account that holds the study (its usuario). */
    medico: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    /** How many (1 to 100; 50 if absent). */
    limite: Type.Optional(Type.String({ maxLength: 6 })),
  },
  { additionalProperties: false },
)
export type FiltrosInformes = Static<typeof FiltrosInformesSchema>

export const listarInformesContract = defineContract({
  method: 'GET',
  url: '/informes',
  permiso: 'informes.ver',
  summary:
    'Por informar: estudios completados sin informe final, primero emergencias y urgentes, luego los que más esperan',
  tags: ['informes'],
  querystring: FiltrosInformesSchema,
  response: {
    200: Type.Object({
      estudios: Type.Array(PorInformarSchema),
      total: Type.Integer({ description: 'Cuántos esperan, contados hasta 1000' }),
    }),
    400: ErrorSchema,
  },
})

export const abrirInformeContract = defineContract({
  method: 'POST',
  url: '/atenciones/:id/informe',
  permiso: 'informes.redactar',
  summary:
    'El borrador del informe de una atención completada: lo crea (201) y lo toma, o devuelve el que está en curso (200)',
  tags: ['informes'],
  params: IdParamsSchema,
  response: {
    200: conCabeceras(InformeSchema, { etag: ETAG }),
    201: conCabeceras(InformeSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const obtenerInformeContract = defineContract({
  method: 'GET',
  url: '/informes/:id',
  permiso: 'informes.ver',
  summary: 'Una versión de un informe',
  tags: ['informes'],
  params: IdParamsSchema,
  response: {
    200: conCabeceras(InformeSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
  },
})

export const informesDeAtencionContract = defineContract({
  method: 'GET',
  url: '/atenciones/:id/informes',
  permiso: 'informes.ver',
  summary: 'Todas las versiones del informe de una atención, la original primero',
  tags: ['informes'],
  params: IdParamsSchema,
  response: { 200: Type.Array(InformeSchema), 400: ErrorSchema, 404: ErrorSchema },
})

export const GuardarInformeSchema = Type.Object(
  { contenido: ContenidoInformeSchema },
  { additionalProperties: false },
)

export const guardarInformeContract = defineContract({
  method: 'PUT',
  url: '/informes/:id',
  permiso: 'informes.redactar',
  summary:
    'Guardar el borrador (lo hace el editor cada pocos segundos); pide If-Match con la ETag del informe: 412 con la versión guardada si otra ventana guardó antes',
  tags: ['informes'],
  params: IdParamsSchema,
  headers: Type.Object({
    'if-match': Type.Optional(
      Type.String({ description: 'La ETag de la última lectura del informe (428 sin ella)' }),
    ),
  }),
  body: GuardarInformeSchema,
  response: {
    200: conCabeceras(InformeSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
    412: InformeConflictoSchema,
    428: ErrorSchema,
  },
})

export const tomarInformeContract = defineContract({
  method: 'POST',
  url: '/informes/:id/tomar',
  permiso: 'informes.redactar',
  summary: 'Tomar el estudio para informarlo; 409 con quién lo tiene si es de otro médico',
  tags: ['informes'],
  params: IdParamsSchema,
  response: {
    200: conCabeceras(InformeSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const liberarInformeContract = defineContract({
  method: 'POST',
  url: '/informes/:id/liberar',
  permiso: 'informes.liberar',
  summary: 'Liberar un estudio tomado, para que otro médico lo informe (administradores)',
  tags: ['informes'],
  params: IdParamsSchema,
  response: {
    200: conCabeceras(InformeSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const FirmarInformeSchema = Type.Object(
  {
    contrasena: Type.String({ minLength: 1, maxLength: 256, mensaje: 'Ingrese su contraseña' }),
    hallazgoCritico: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)

export const firmarInformeContract = defineContract({
  method: 'POST',
  url: '/informes/:id/firmar',
  permiso: 'informes.firmar',
  summary:
    'Firmar con la contraseña: preliminar si la sede pide segunda firma, si no final (congela el contenido, genera el PDF y pasa la atención a Informado)',
  tags: ['informes'],
  params: IdParamsSchema,
  body: FirmarInformeSchema,
  response: {
    200: conCabeceras(InformeSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const NuevaVersionSchema = Type.Object(
  { motivo: Type.String({ maxLength: 500, pattern: `^[^${CARACTERES_CONTROL}]*$` }) },
  { additionalProperties: false },
)

export const adendaContract = defineContract({
  method: 'POST',
  url: '/informes/:id/adenda',
  permiso: 'informes.redactar',
  summary: 'Una adenda a un informe firmado: una versión nueva, con su motivo, que se firma igual',
  tags: ['informes'],
  params: IdParamsSchema,
  body: NuevaVersionSchema,
  response: {
    201: conCabeceras(InformeSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const correccionContract = defineContract({
  method: 'POST',
  url: '/informes/:id/correccion',
  permiso: 'informes.redactar',
  summary:
    'Una corrección de un informe firmado: una versión nueva que, firmada, lo reemplaza (el anterior sigue visible, marcado reemplazado)',
  tags: ['informes'],
  params: IdParamsSchema,
  body: NuevaVersionSchema,
  response: {
    201: conCabeceras(InformeSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const pdfInformeContract = defineContract({
  method: 'GET',
  url: '/informes/:id/pdf',
  permiso: 'informes.ver',
  summary:
    'El PDF firmado: los mismos bytes guardados al firmar (su SHA-256 va en la cabecera x-sha256)',
  tags: ['informes'],
  params: IdParamsSchema,
  response: {
    200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})
