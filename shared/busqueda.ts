// The search (docs/datos.md#búsqueda, docs/api.md#buscar-pacientes-y-atenciones): its filters,
// their checks and the row it answers.
import { Type, type Static } from '@sinclair/typebox'
import { AtencionSchema, type Atencion } from './atenciones.js'
import {
  ESTADOS,
  MODALIDADES,
  PRIORIDADES,
  SEDES,
  esTipoDocumento,
  type Estado,
  type Prioridad,
  type TipoDocumento,
} from './catalogos.js'
import type { ErrorCampo } from './contract.js'
import { normalizarDocumento } from './documento.js'
import { esFechaValida } from './edad.js'
import { CAMPOS_NOMBRE, nulo, nulos, PacienteSchema, type PacienteDatos } from './paciente-datos.js'
import { LIMITES } from './paciente-campos.js'
import {
  documentoComun,
  LARGO_NOMBRE_O_DOCUMENTO,
  leerNombreODocumento,
  MENSAJES_NOMBRE_O_DOCUMENTO,
  PALABRAS_MAXIMAS,
} from './nombre-o-documento.js'
import { limpiar, tieneControl } from './texto.js'

export const LIMITE_POR_DEFECTO = 50
export const LIMITE_MAXIMO = 200

const filtro = (max: number) => Type.Optional(Type.String({ maxLength: max }))

/** Paging of every list: `limite` rows from `cursor` (an opaque value from the Link header). */
export const PaginaQuerySchema = Type.Object({
  limite: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,4}$',
      mensaje: `Debe ser un número entre 1 y ${LIMITE_MAXIMO}`,
    }),
  ),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
})

/** The value of `orden` that answers one day in the order its patients are attended. */
export const ORDEN_ATENCION = 'atencion'

/**
 * How the rows come, a page at a time: newest arrival first by default; `atencion`, one day in the
 * order its patients are attended (docs/datos.md#orden-de-atención).
 */
export const OrdenQuerySchema = Type.Object({ orden: filtro(10) })

/** The value of `cita` that keeps only citas. */
export const VALOR_CITA = 'si'

/** Separates the values of a list filter (`estado`, `prioridad`) in one query parameter. */
export const SEPARADOR_LISTA = ','

/**
 * Query parameters: «Nombre o documento» (`q`), the ten filters (docs/datos.md#filtros), estado
 * and prioridad, plus paging; empty values count as absent. Unknown parameters are dropped before
 * the handler (Ajv's removeAdditional), so none reaches the audit trail.
 */
export const BusquedaQuerySchema = Type.Object(
  {
    q: filtro(LARGO_NOMBRE_O_DOCUMENTO),
    tipoDocumento: filtro(20),
    documento: filtro(LIMITES.documento),
    primerNombre: filtro(LIMITES.nombre),
    segundoNombre: filtro(LIMITES.nombre),
    primerApellido: filtro(LIMITES.nombre),
    segundoApellido: filtro(LIMITES.nombre),
    fechaInicial: filtro(10),
    fechaFinal: filtro(10),
    sede: filtro(60),
    modalidad: filtro(20),
    /** One estado or several, separated by SEPARADOR_LISTA: `Programado,En espera`. */
    estado: filtro(100),
    /** One prioridad or several: `Urgente,Emergencia`. */
    prioridad: filtro(50),
    /** `si`: only citas, atenciones booked into a sala (the dashboard's Citas Pendientes). */
    cita: filtro(2),
    /** A sala's id (GET /catalogos): the atenciones done, or to be done, there. */
    sala: filtro(10),
    ...OrdenQuerySchema.properties,
    ...PaginaQuerySchema.properties,
  },
  { additionalProperties: false },
)
export type BusquedaQuery = Static<typeof BusquedaQuerySchema>

/** The search's own parameters, paging and order aside: what a person fills in. */
export type CampoBusqueda = Exclude<
  keyof BusquedaQuery,
  keyof typeof PaginaQuerySchema.properties | keyof typeof OrdenQuerySchema.properties
>

/**
 * The filters once checked: the query's own, the closed vocabularies narrowed to their values, and
 * «Nombre o documento» turned into the document and `palabras`, words each of which must be in one
 * of the four names.
 */
export type FiltrosBusqueda = Omit<
  BusquedaQuery,
  | keyof typeof PaginaQuerySchema.properties
  | 'q'
  | 'tipoDocumento'
  | 'sede'
  | 'modalidad'
  | 'estado'
  | 'prioridad'
  | 'cita'
  | 'sala'
  | 'orden'
> &
  Partial<
    Pick<PacienteDatos, 'tipoDocumento'> &
      Pick<Atencion, 'sede' | 'modalidad'> & {
        palabras: string[]
        estados: Estado[]
        prioridades: Prioridad[]
        cita: true
        salaId: number
        /** One day, in attention order (ORDEN_ATENCION). */
        porAtencion: true
      }
  >

export const MENSAJE_SIN_LETRAS = 'Escriba al menos una letra o un número'

/**
 * Whether a term holds something to search by: a letter or a digit. Punctuation, LIKE's `%` and
 * `_` or bare accents alone would match every name, or none, and only by reading all of them.
 */
export const tieneLetras = (termino: string): boolean => /[\p{L}\p{N}]/u.test(termino)

/** The values of a list filter, each once; those not in `valores` are returned apart. */
function leerLista<T extends string>(
  texto: string,
  valores: readonly T[],
): { lista: T[]; ajenos: string[] } {
  const dados = [...new Set(texto.split(SEPARADOR_LISTA).map((s) => s.trim()))].filter(Boolean)
  const es = (d: string): d is T => (valores as readonly string[]).includes(d)
  return { lista: dados.filter(es), ajenos: dados.filter((d) => !es(d)) }
}

/** Checks the filters; the client runs it before calling, the server again on receipt. */
export function validarBusqueda(
  q: Partial<Record<CampoBusqueda | 'orden', string | undefined>>,
  /** The sedes a search may name: every one the clinic has had (GET /catalogos on the client). */
  sedes: readonly string[] = SEDES,
  /** The modalities it may name: every one the clinic has had (GET /catalogos on the client). */
  modalidades: readonly string[] = MODALIDADES,
): {
  errores: ErrorCampo[]
  filtros: FiltrosBusqueda
} {
  const errores: ErrorCampo[] = []
  const filtros: FiltrosBusqueda = {}
  const v = (k: CampoBusqueda) => {
    const s = limpiar(q[k])
    if (!tieneControl(s)) return s
    errores.push({ campo: k, mensaje: 'Contiene caracteres no permitidos' })
    return ''
  }

  const tipo = v('tipoDocumento')
  if (tipo && !esTipoDocumento(tipo))
    errores.push({ campo: 'tipoDocumento', mensaje: 'Tipo de documento no válido' })
  else if (tipo) filtros.tipoDocumento = tipo as TipoDocumento
  const documento = normalizarDocumento(v('documento'))
  if (documento && !tieneLetras(documento))
    errores.push({ campo: 'documento', mensaje: MENSAJE_SIN_LETRAS })
  else if (documento) filtros.documento = documento
  for (const campo of CAMPOS_NOMBRE) {
    const s = v(campo)
    if (s && !tieneLetras(s)) errores.push({ campo, mensaje: MENSAJE_SIN_LETRAS })
    else if (s) filtros[campo] = s
  }
  for (const campo of ['fechaInicial', 'fechaFinal'] as const) {
    const s = v(campo)
    if (s && !esFechaValida(s)) errores.push({ campo, mensaje: 'Fecha inválida (use AAAA-MM-DD)' })
    else if (s) filtros[campo] = s
  }
  if (filtros.fechaInicial && filtros.fechaFinal && filtros.fechaInicial > filtros.fechaFinal) {
    errores.push({
      campo: 'fechaFinal',
      mensaje: 'La fecha final debe ser igual o posterior a la inicial',
    })
  }
  const sede = v('sede')
  if (sede && !sedes.includes(sede))
    errores.push({ campo: 'sede', mensaje: `Sede no válida: use ${sedes.join(', ')}` })
  else if (sede) filtros.sede = sede
  const modalidad = v('modalidad')
  if (modalidad && !modalidades.includes(modalidad)) {
    errores.push({
      campo: 'modalidad',
      mensaje: `Modalidad no válida: use ${modalidades.join(', ')}`,
    })
  } else if (modalidad) filtros.modalidad = modalidad
  const estados = leerLista(v('estado'), ESTADOS)
  if (estados.ajenos.length > 0)
    errores.push({ campo: 'estado', mensaje: `Estado no válido: use ${ESTADOS.join(', ')}` })
  else if (estados.lista.length > 0) filtros.estados = estados.lista
  const prioridades = leerLista(v('prioridad'), PRIORIDADES)
  if (prioridades.ajenos.length > 0) {
    errores.push({
      campo: 'prioridad',
      mensaje: `Prioridad no válida: use ${PRIORIDADES.join(', ')}`,
    })
  } else if (prioridades.lista.length > 0) filtros.prioridades = prioridades.lista
  const cita = v('cita')
  if (cita && cita !== VALOR_CITA)
    errores.push({ campo: 'cita', mensaje: `Use cita=${VALOR_CITA} para ver solo las citas` })
  else if (cita) filtros.cita = true
  const sala = v('sala')
  if (sala && !/^[1-9][0-9]{0,8}$/.test(sala))
    errores.push({ campo: 'sala', mensaje: MENSAJE_SALA_NO_VALIDA })
  else if (sala) filtros.salaId = Number(sala)
  validarOrden(limpiar(q.orden), filtros, errores)
  validarNombreODocumento(v('q'), filtros, errores)
  return { errores, filtros }
}

export const MENSAJE_SALA_NO_VALIDA = 'Sala no válida'
export const MENSAJE_ORDEN_UN_DIA =
  'El orden de atención es el de un solo día: use la misma fecha inicial y final'

/** `orden`: attention order is one day's (both dates, the same). */
function validarOrden(orden: string, filtros: FiltrosBusqueda, errores: ErrorCampo[]) {
  if (!orden) return
  if (orden !== ORDEN_ATENCION)
    return void errores.push({ campo: 'orden', mensaje: `Use orden=${ORDEN_ATENCION} o nada` })
  if (!filtros.fechaInicial || filtros.fechaInicial !== filtros.fechaFinal)
    return void errores.push({ campo: 'orden', mensaje: MENSAJE_ORDEN_UN_DIA })
  filtros.porAtencion = true
}

/** «Nombre o documento»: its name words to `palabras`, its document merged with `documento`. */
function validarNombreODocumento(texto: string, filtros: FiltrosBusqueda, errores: ErrorCampo[]) {
  if (!texto) return
  const { palabras, documentos } = leerNombreODocumento(texto)
  const M = MENSAJES_NOMBRE_O_DOCUMENTO
  const error = (mensaje: string) => void errores.push({ campo: 'q', mensaje })
  if (palabras.length + documentos.length === 0) return error(MENSAJE_SIN_LETRAS)
  if (palabras.length + documentos.length > PALABRAS_MAXIMAS) return error(M.muchasPalabras)
  if (documentos.length > 0 && documentoComun(documentos) === null) return error(M.dosDocumentos)
  const documento = documentoComun(
    filtros.documento ? [...documentos, filtros.documento] : documentos,
  )
  if (documento === null) return error(M.otroDocumento)
  if (documento) filtros.documento = documento
  if (palabras.length > 0) filtros.palabras = palabras
}

/** One atención with its patient; a patient with no atención has null visit fields. */
export const BusquedaFilaSchema = Type.Composite([
  Type.Object({
    id: Type.Integer({ description: 'id del paciente' }),
    atencionId: nulo(Type.Integer()),
    /** Whether the atención is a cita (booked into a sala): only a cita can be «No se presentó». */
    cita: Type.Boolean(),
  }),
  // The age is at the arrival date (today for a patient with no atención); the birth date tells
  // namesakes apart where a patient is picked (the booking's search).
  Type.Pick(PacienteSchema, [
    'tipoDocumento',
    'documento',
    ...CAMPOS_NOMBRE,
    'nombreCompleto',
    'fechaNacimiento',
    'tipoEdad',
    'edad',
  ]),
  Type.Pick(AtencionSchema, ['estudios']),
  Type.Object(
    nulos(
      Type.Pick(AtencionSchema, [
        'modalidad',
        'sede',
        'estado',
        'procedencia',
        'fechaLlegada',
        'horaLlegada',
        'prioridad',
      ]).properties,
    ),
  ),
  Type.Object({
    /** Back to En espera because its equipment reported the study interrupted (MPPS). */
    interrumpida: Type.Boolean(),
  }),
])
export type BusquedaFila = Static<typeof BusquedaFilaSchema>

/** Parses `limite`; null when it is out of range. */
export function leerLimite(limite: string | undefined): number | null {
  if (limite === undefined || limite === '') return LIMITE_POR_DEFECTO
  const n = Number(limite)
  return Number.isInteger(n) && n >= 1 && n <= LIMITE_MAXIMO ? n : null
}
