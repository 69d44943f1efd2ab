// An atención's lab results (docs/datos.md#laboratorio-resultados): the entry grid per atención and
// per analito, saving with If-Match, validation by a second person, corrections as new versions,
// and the frozen result sheet. The rules a value is read with are shared/laboratorio.ts.
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { PaginaQuerySchema } from './busqueda.js'
import { PRIORIDADES } from './catalogos.js'
import { conCabeceras, defineContract, ErrorSchema, Nullable } from './contract.js'
import { AnalitoSchema, RangoReferenciaSchema, redondear, type Analito } from './laboratorio.js'
import { ESTADOS_MUESTRA } from './muestras.js'

const Instante = Type.String({ format: 'date-time' })

export const ESTADOS_RESULTADO = ['ingresado', 'validado'] as const
export type EstadoResultado = (typeof ESTADOS_RESULTADO)[number]

/** Longest text result (a culture's or a smear's description). */
export const LARGO_MAXIMO_RESULTADO = 2000
/**
 * The largest typed number, and of a range's limits in the catalogue (shared/laboratorio-config.ts): nine
 * digits, so that with its decimals a value is exact in a JavaScript number and in the sheet.
 */
export const VALOR_MAXIMO = 999_999_999

/**
 * Why `n` cannot be analito `a`'s typed result, or null: a finite number, not negative (every typed
 * analito measures an amount), up to VALOR_MAXIMO, with at most the analito's decimals. The grid
 * and the server both ask this.
 */
export function problemaNumero(n: number, a: Pick<Analito, 'nombre' | 'decimales'>): string | null {
  if (!Number.isFinite(n)) return MENSAJES_RESULTADOS.numeroInvalido(a.nombre)
  if (n < 0 || n > VALOR_MAXIMO) return MENSAJES_RESULTADOS.fueraDeEscala(a.nombre)
  const d = a.decimales ?? 0
  if (redondear(n, d) !== n) return MENSAJES_RESULTADOS.decimales(a.nombre, d)
  return null
}

export const MENSAJES_RESULTADOS = {
  atencionNoEncontrada: 'Atención no encontrada',
  analitoNoEncontrado: 'Analito no encontrado',
  fechaInvalida: 'Fecha inválida (use AAAA-MM-DD)',
  noLaboratorio: 'Esta atención no es de laboratorio',
  atencionCerrada: (estado: string) =>
    `La atención está en estado ${estado}: no se ingresan resultados`,
  sinLlegada: 'El paciente aún no llegó: no hay muestras ni resultados',
  muestraNoRecibida: (estudio: string) =>
    `La muestra de ${estudio} aún no se recibió en el laboratorio`,
  sinMuestraParaValidar: (nombre: string, estudio: string) =>
    `${nombre}: la muestra de ${estudio} no está recibida (se rechazó y falta la nueva): reciba la nueva y vuelva a ingresar el valor antes de validarlo`,
  analitoAjeno: (codigo: string) => `${codigo} no es un analito de los exámenes de esta atención`,
  analitoCalculado: (nombre: string) => `${nombre} se calcula: no se ingresa`,
  repetido: (codigo: string) => `${codigo} está dos veces`,
  numeroInvalido: (nombre: string) => `${nombre}: escriba un número`,
  fueraDeEscala: (nombre: string) => `${nombre}: escriba un número de 0 a 999 999 999`,
  decimales: (nombre: string, d: number) =>
    d === 0
      ? `${nombre}: sin decimales`
      : `${nombre}: hasta ${d} ${d === 1 ? 'decimal' : 'decimales'}`,
  opcionInvalida: (nombre: string) => `${nombre}: elija una de las opciones`,
  textoLargo: (nombre: string) => `${nombre}: pasa de ${LARGO_MAXIMO_RESULTADO} caracteres`,
  motivoRequerido: (nombre: string) =>
    `${nombre} ya está validado: indique el motivo de la corrección`,
  validadoSinValor: (nombre: string) =>
    `${nombre} ya está validado: no se borra, se corrige con otro valor y su motivo`,
  textoInvalido: (nombre: string) => `${nombre}: el texto tiene caracteres no permitidos`,
  textoEsperado: (nombre: string) => `${nombre}: escriba un texto`,
  motivoInvalido: 'El motivo de la corrección tiene caracteres no permitidos',
  sinVersion:
    'Falta la cabecera If-Match: envíe la ETag que dio la lectura de los resultados, para no sobrescribir lo que se guardó después',
  versionInvalida: 'Cabecera If-Match inválida: use la ETag que dio la lectura de los resultados',
  versionVieja:
    'Otra persona guardó o validó resultados de esta atención después de que usted los abrió: se muestran los guardados',
  nadaQueValidar: 'No hay resultados ingresados por validar',
  yaValidado: (nombre: string) => `${nombre} ya está validado`,
  sinValor: (nombre: string) => `${nombre} no tiene valor: ingréselo antes de validarlo`,
  criticoSinLlamada: (nombre: string) =>
    `${nombre} es un valor crítico: registre a quién se comunicó antes de validarlo`,
  mismoValidador: (nombre: string) =>
    `${nombre} lo ingresó usted: debe validarlo otra persona (la sede no permite validar los propios)`,
  noValida:
    'Su cuenta no valida resultados: pida a un administrador que la habilite como validadora',
  sinColegiatura:
    'Su cuenta no tiene colegiatura: pídala a un administrador antes de validar resultados',
  sinHoja: 'Esta atención aún no tiene resultados validados: no hay hoja de resultados',
  importadoSinHoja:
    'Estos resultados se validaron en el sistema anterior de la clínica: su hoja firmada no está aquí',
} as const

/** Who validated a result, as the sheet names them. */
const ValidacionSchema = Type.Object({
  nombre: Type.String(),
  colegiatura: Nullable(Type.String()),
  en: Instante,
})

/** A value as typed: a number ('numero'), an option or text; null when a calculation does not apply. */
export const ValorSchema = Nullable(Type.Union([Type.Number(), Type.String()]))
export type Valor = Static<typeof ValorSchema>

/** A value as the result sheet prints it: a number with its analito's decimals, a decimal comma. */
export function textoValor(valor: Valor, decimales: number | null): string {
  if (valor === null) return ''
  if (typeof valor === 'number')
    return (decimales === null ? String(valor) : valor.toFixed(decimales)).replace('.', ',')
  return valor
}

/** A normal range as one line: «70 – 100», «≥ 40», «≤ 200» (limits are inclusive); null without one. */
export function textoRango(
  rango: { normalMin: number | null; normalMax: number | null } | null,
  decimales: number | null,
): string | null {
  if (!rango) return null
  const { normalMin: min, normalMax: max } = rango
  const t = (n: number) => textoValor(n, decimales)
  if (min !== null && max !== null) return `${t(min)} – ${t(max)}`
  if (min !== null) return `≥ ${t(min)}`
  if (max !== null) return `≤ ${t(max)}`
  return null
}

/**
 * The delta check: whether `valor` moved from the patient's previous one by more than the
 * analito's threshold, in % of the previous value (a previous 0 counts any change); numbers only.
 */
export function pasaDelta(valor: Valor, anterior: Valor, porcentaje: number | null): boolean {
  if (porcentaje === null || typeof valor !== 'number' || typeof anterior !== 'number') return false
  if (anterior === 0) return valor !== 0
  return (Math.abs(valor - anterior) / Math.abs(anterior)) * 100 > porcentaje
}

export const ResultadoSchema = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  /** Why a version past the first corrects the validated one before it. */
  motivo: Nullable(Type.String()),
  valor: ValorSchema,
  bandera: Nullable(Type.Union(['LL', 'L', 'H', 'HH'].map((b) => Type.Literal(b)))),
  estado: Type.Union(ESTADOS_RESULTADO.map((e) => Type.Literal(e))),
  ingresadoPor: Nullable(Type.String()),
  ingresadoEn: Instante,
  validacion: Nullable(ValidacionSchema),
  importado: Type.Boolean(),
  /** A value past a critical limit: its call-back (POST /hallazgos-criticos/:id/comunicacion). */
  critico: Nullable(Type.Object({ hallazgoId: Type.Integer(), comunicadoEn: Nullable(Instante) })),
})
export type Resultado = Static<typeof ResultadoSchema>

/** The patient's previous validated value of the analito, from another atención. */
export const AnteriorSchema = Type.Object({
  atencionId: Type.Integer(),
  valor: ValorSchema,
  /** When it was validated. */
  en: Instante,
  /** Past the analito's delta threshold against the current value. */
  delta: Type.Boolean(),
})

export const FilaResultadoSchema = Type.Object({
  analito: Type.Omit(AnalitoSchema, ['rangos']),
  /** The heading it prints under in its exam. */
  seccion: Nullable(Type.String()),
  /** The range the patient's sample is read against (by sex and age on the atención's day). */
  rango: Nullable(RangoReferenciaSchema),
  /** The current version (the highest); null before anything is typed. */
  resultado: Nullable(ResultadoSchema),
  /** The validated versions a correction replaced, the latest first. */
  corregidos: Type.Array(ResultadoSchema),
  anterior: Nullable(AnteriorSchema),
})
export type FilaResultado = Static<typeof FilaResultadoSchema>

export const HojaResumenSchema = Type.Object({
  version: Type.Integer(),
  parcial: Type.Boolean(),
  codigo: Type.String(),
  sha256: Type.String(),
  creadoEn: Instante,
})

export const ResultadosAtencionSchema = Type.Object({
  atencion: Type.Object({
    id: Type.Integer(),
    pacienteId: Type.Integer(),
    paciente: Type.String(),
    documento: Type.String(),
    sexo: Type.String(),
    fechaNacimiento: Type.String(),
    sede: Type.String(),
    estado: Type.String(),
    prioridad: Type.Union(PRIORIDADES.map((p) => Type.Literal(p))),
    llegada: Instante,
  }),
  examenes: Type.Array(
    Type.Object({
      estudioId: Type.Integer(),
      nombre: Type.String(),
      /** The live sample it is drawn into (null before the tubes are listed). */
      muestra: Nullable(
        Type.Object({
          codigo: Type.String(),
          estado: Type.Union(ESTADOS_MUESTRA.map((e) => Type.Literal(e))),
        }),
      ),
      filas: Type.Array(FilaResultadoSchema),
    }),
  ),
  /** The latest frozen sheet. */
  hoja: Nullable(HojaResumenSchema),
  /** Whether the caller may validate here (their role and account; their own entries aside). */
  puedeValidar: Type.Boolean(),
  /** Whether this sede lets who typed a result validate it. */
  autovalidacion: Type.Boolean(),
})
export type ResultadosAtencion = Static<typeof ResultadosAtencionSchema>

/** The If-Match to send back: the atención's results as read. */
const ETAG = {
  type: 'string',
  description: 'La versión de los resultados de la atención, para enviarla como If-Match',
} as const

const IfMatchSchema = Type.Object({
  'if-match': Type.Optional(
    Type.String({ description: 'La ETag de la última lectura de los resultados (428 sin ella)' }),
  ),
})

export const obtenerResultadosContract = defineContract({
  method: 'GET',
  url: '/atenciones/:id/resultados',
  permiso: 'informes.ver',
  summary:
    'Los resultados de una atención de laboratorio por examen y analito, con su rango, bandera, valor anterior y versiones corregidas',
  tags: ['laboratorio'],
  params: IdParamsSchema,
  response: {
    200: conCabeceras(ResultadosAtencionSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})

export const GuardarResultadosSchema = Type.Object(
  {
    resultados: Type.Array(
      Type.Object(
        {
          analitoId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
          /** null clears a value not yet validated. Calculated analitos are never sent. */
          valor: ValorSchema,
          /** Required to correct a validated value. */
          motivo: Type.Optional(Type.String({ maxLength: 500 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200, mensaje: 'Envíe de 1 a 200 resultados' },
    ),
  },
  { additionalProperties: false },
)
export type GuardarResultados = Static<typeof GuardarResultadosSchema>

export const guardarResultadosContract = defineContract({
  method: 'PUT',
  url: '/atenciones/:id/resultados',
  permiso: 'resultados.ingresar',
  summary:
    'Guarda valores de resultados (los calculados se recalculan); corregir uno validado crea una versión nueva con su motivo. Pide If-Match: 412 con lo guardado si otra persona guardó antes',
  tags: ['laboratorio'],
  params: IdParamsSchema,
  headers: IfMatchSchema,
  body: GuardarResultadosSchema,
  response: {
    200: conCabeceras(ResultadosAtencionSchema, { etag: ETAG }),
    400: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
    412: Type.Object({ message: Type.String(), actual: ResultadosAtencionSchema }),
    428: ErrorSchema,
  },
})

export const ValidarResultadosSchema = Type.Object(
  {
    /** The analitos to validate; absent: every one typed and not validated. */
    analitos: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), {
        minItems: 1,
        maxItems: 200,
        mensaje: 'Elija de 1 a 200 analitos, o ninguno para validar todos',
      }),
    ),
    /** «Validar normales»: only those without a flag. */
    soloNormales: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)

export const validarResultadosContract = defineContract({
  method: 'POST',
  url: '/atenciones/:id/resultados/validar',
  permiso: 'resultados.validar',
  summary:
    'Valida resultados ingresados (otra persona que quien los ingresó, salvo que la sede lo permita) y emite la hoja de resultados; con todos validados la atención pasa a Informado',
  tags: ['laboratorio'],
  params: IdParamsSchema,
  headers: IfMatchSchema,
  body: ValidarResultadosSchema,
  response: {
    200: conCabeceras(ResultadosAtencionSchema, { etag: ETAG }),
    400: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
    412: Type.Object({ message: Type.String(), actual: ResultadosAtencionSchema }),
    428: ErrorSchema,
  },
})

export const hojaResultadosContract = defineContract({
  method: 'GET',
  url: '/atenciones/:id/resultados/pdf',
  permiso: 'informes.ver',
  summary:
    'La hoja de resultados en PDF, la última emitida: los mismos bytes en cada reimpresión («Informe parcial» mientras faltan analitos)',
  tags: ['laboratorio'],
  params: IdParamsSchema,
  response: { 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})

/**
 * A laboratory's day, a page at a time (`limite` rows, 50 if absent; the next page's URL comes in
 * `Link: rel="next"`): a seeded or busy day holds thousands of atenciones.
 */
export const ListaLaboratorioQuerySchema = Type.Object(
  {
    /** The day, 'YYYY-MM-DD' in clinic time (today if absent). */
    fecha: Type.Optional(Type.String({ maxLength: 10 })),
    sede: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    ...PaginaQuerySchema.properties,
  },
  { additionalProperties: false },
)

export const FilaListaLaboratorioSchema = Type.Object({
  atencionId: Type.Integer(),
  pacienteId: Type.Integer(),
  paciente: Type.String(),
  documento: Type.String(),
  sede: Type.String(),
  estado: Type.String(),
  prioridad: Type.Union(PRIORIDADES.map((p) => Type.Literal(p))),
  llegada: Instante,
  estudios: Type.Array(Type.String()),
  muestras: Type.Object({
    pendientes: Type.Integer(),
    recibidas: Type.Integer(),
    rechazadas: Type.Integer(),
  }),
  /** Analitos of its exams, and how many have a value typed and how many are validated. */
  analitos: Type.Object({
    total: Type.Integer(),
    ingresados: Type.Integer(),
    validados: Type.Integer(),
  }),
  /** Critical values whose call-back is not recorded. */
  criticosPendientes: Type.Integer(),
})
export type FilaListaLaboratorio = Static<typeof FilaListaLaboratorioSchema>

export const listaLaboratorioContract = defineContract({
  method: 'GET',
  url: '/laboratorio/lista',
  permiso: 'informes.ver',
  summary:
    'La lista de trabajo del laboratorio de un día: sus atenciones con sus muestras y cuántos analitos faltan ingresar y validar',
  tags: ['laboratorio'],
  querystring: ListaLaboratorioQuerySchema,
  response: { 200: Type.Array(FilaListaLaboratorioSchema), 400: ErrorSchema },
})

export const FilaPorAnalitoSchema = Type.Object({
  atencionId: Type.Integer(),
  pacienteId: Type.Integer(),
  paciente: Type.String(),
  documento: Type.String(),
  sexo: Type.String(),
  fechaNacimiento: Type.String(),
  llegada: Instante,
  /** Whether its sample for this analito's exam has been received. */
  muestraRecibida: Type.Boolean(),
  rango: Nullable(RangoReferenciaSchema),
  resultado: Nullable(ResultadoSchema),
  anterior: Nullable(AnteriorSchema),
  /** The atención's ETag, to save this row with If-Match. */
  etag: Type.String(),
})
export type FilaPorAnalito = Static<typeof FilaPorAnalitoSchema>

export const porAnalitoContract = defineContract({
  method: 'GET',
  url: '/laboratorio/analitos/:id/resultados',
  permiso: 'informes.ver',
  summary:
    'Un analito en las atenciones de laboratorio de un día que lo piden: para ingresarlo paciente tras paciente',
  tags: ['laboratorio'],
  params: IdParamsSchema,
  querystring: ListaLaboratorioQuerySchema,
  response: {
    200: Type.Object({
      analito: Type.Omit(AnalitoSchema, ['rangos']),
      filas: Type.Array(FilaPorAnalitoSchema),
    }),
    400: ErrorSchema,
    404: ErrorSchema,
  },
})
