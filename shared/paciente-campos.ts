// The patient's fields, one line each, in the form's order: the one list from which the
// registration body and the stored shape (paciente-datos.ts), the empty form, the validation
// (paciente-validacion.ts), the editable and mergeable sets, the server's columns, the form, the
// ficha and the history's labels all derive. Adding a field is a migration (its column and
// checks, which server/campos-paciente.test.ts compares with this list), one line here, the value
// the demo data gives it (server/seed/generadores.ts) and the one that test sends (both demanded
// by the compiler) and, only if it needs a layout of its own, one input in the form.
import { GRUPOS_SANGUINEOS, SEXOS, TIPOS_DOCUMENTO } from './catalogos.js'

export const MENSAJES = {
  requerido: 'Campo requerido',
  politica: 'Debes aceptar la política de privacidad',
  noPermitido: 'Valor no permitido',
  nombre: 'Solo letras, espacios, apóstrofos y guiones',
  fecha: 'Fecha inválida',
  fechaFutura: 'La fecha de nacimiento no puede ser futura',
  fechaAntigua: 'La fecha de nacimiento debe ser posterior a 1900',
  municipio: 'La provincia no pertenece al departamento',
  distrito: 'El distrito no pertenece a la provincia',
  madreRequerida:
    'Un recién nacido con CNV se registra con su madre: búsquela por su documento (regístrela antes si no lo está)',
  madreSoloCnv: 'Solo un recién nacido registrado con su CNV se vincula a su madre',
  madreNoRegistrada: 'La madre no está registrada: regístrela primero',
  madreConCnv: 'Ese registro es de un recién nacido: la madre se busca por su propio documento',
  correo: 'Correo electrónico inválido',
  telefono: 'Número inválido: use de 6 a 20 dígitos',
  celularPeru: 'Celular peruano: 9 dígitos que empiezan con 9 (por ejemplo, 987 654 321)',
  codigoPostal: 'Código postal inválido',
  caracteres: 'Contiene caracteres no permitidos',
  largo: (n: number) => `Debe tener como máximo ${n} caracteres`,
} as const

/** The limits other screens share (the search's filters). */
export const LIMITES = { documento: 20, nombre: 60 } as const

export const FECHA_NACIMIENTO_MINIMA = '1900-01-01'

const TELEFONO = /^\+?[0-9 ()-]{6,20}$/

const NOMBRE = /^[\p{L}\p{M}'’ -]+$/u
const LETRA = /\p{L}/u
/** A person's name as typed: letters (accents, ñ), spaces, apostrophes and hyphens, one letter at least. */
export const esNombrePersona = (s: string): boolean => NOMBRE.test(s) && LETRA.test(s)

/** What a Peruvian desk answers for «Zona residencial» (INEI's area of residence). */
export const ZONAS_RESIDENCIALES = ['Urbana', 'Rural'] as const

/** A Peruvian mobile: 9 digits starting with 9, maybe after +51, with blanks or dashes between. */
export const MOVIL_PERU = /^(\+?51)?9[0-9]{8}$/
export const esMovilPeruano = (s: string): boolean => MOVIL_PERU.test(s.replace(/[\s()-]/g, ''))

/**
 * How a field is checked (paciente-validacion.ts) and typed: `texto` by its length and optional
 * pattern; `nombre` letters only; `opcion` one of `valores`; `documento` by its type's rule;
 * `fecha` a birth date; `departamento`, `municipio` and `distrito` Peru's geography.
 */
export type Regla =
  'texto' | 'nombre' | 'opcion' | 'documento' | 'fecha' | 'departamento' | 'municipio' | 'distrito'

export type Seccion = 'Identificación' | 'Datos Demográficos' | 'Contacto'

export interface Campo {
  etiqueta: string
  seccion: Seccion
  requerido: boolean
  /** Characters the body may carry; for text, also the database's check on the column. */
  max: number
  regla: Regla
  valores?: readonly string[]
  patron?: RegExp
  mensaje?: string
  /** The values a person picks from, though any text is kept (records from before them). */
  sugerencias?: readonly string[]
  /** Where the document is Peruvian (DOCUMENTOS_PERUANOS), a Peruvian mobile (MOVIL_PERU). */
  movilPeruano?: true
  /** False for the document, which a merge takes from the surviving record. */
  fusionable?: false
  /** The input's hints: its HTML type and autocomplete, a line of help, a wide cell in the ficha. */
  entrada?: 'tel' | 'email'
  autocompletar?: string
  ayuda?: string
  ancho?: true
}

export const CAMPOS_PACIENTE = {
  tipoDocumento: {
    etiqueta: 'Tipo de documento',
    seccion: 'Identificación',
    requerido: true,
    max: 20,
    regla: 'opcion',
    valores: TIPOS_DOCUMENTO,
    fusionable: false,
  },
  documento: {
    etiqueta: 'Documento',
    seccion: 'Identificación',
    requerido: true,
    max: LIMITES.documento,
    regla: 'documento',
    fusionable: false,
  },
  primerNombre: {
    etiqueta: 'Primer nombre',
    seccion: 'Identificación',
    requerido: true,
    max: LIMITES.nombre,
    regla: 'nombre',
    autocompletar: 'given-name',
  },
  segundoNombre: {
    etiqueta: 'Segundo nombre',
    seccion: 'Identificación',
    requerido: false,
    max: LIMITES.nombre,
    regla: 'nombre',
    autocompletar: 'additional-name',
  },
  primerApellido: {
    etiqueta: 'Primer apellido',
    seccion: 'Identificación',
    requerido: true,
    max: LIMITES.nombre,
    regla: 'nombre',
    autocompletar: 'family-name',
  },
  segundoApellido: {
    etiqueta: 'Segundo apellido',
    seccion: 'Identificación',
    requerido: false,
    max: LIMITES.nombre,
    regla: 'nombre',
  },
  fechaNacimiento: {
    etiqueta: 'Fecha de nacimiento',
    seccion: 'Identificación',
    requerido: true,
    max: 10,
    regla: 'fecha',
  },
  grupoSanguineo: {
    etiqueta: 'Grupo sanguíneo',
    seccion: 'Identificación',
    requerido: false,
    max: 5,
    regla: 'opcion',
    valores: GRUPOS_SANGUINEOS,
  },
  sexo: {
    etiqueta: 'Sexo',
    seccion: 'Identificación',
    requerido: true,
    max: 20,
    regla: 'opcion',
    valores: SEXOS,
  },
  departamento: {
    etiqueta: 'Departamento',
    seccion: 'Datos Demográficos',
    requerido: true,
    max: 40,
    regla: 'departamento',
  },
  municipio: {
    etiqueta: 'Provincia',
    seccion: 'Datos Demográficos',
    requerido: true,
    max: 40,
    regla: 'municipio',
  },
  distrito: {
    etiqueta: 'Distrito',
    seccion: 'Datos Demográficos',
    requerido: false,
    max: 60,
    regla: 'distrito',
  },
  zonaResidencial: {
    etiqueta: 'Zona residencial',
    seccion: 'Datos Demográficos',
    requerido: true,
    max: 60,
    regla: 'texto',
    sugerencias: ZONAS_RESIDENCIALES,
  },
  barrio: {
    etiqueta: 'Urbanización o sector',
    seccion: 'Datos Demográficos',
    requerido: false,
    max: 100,
    regla: 'texto',
  },
  direccion: {
    etiqueta: 'Dirección',
    seccion: 'Datos Demográficos',
    requerido: false,
    max: 200,
    regla: 'texto',
    autocompletar: 'street-address',
    ancho: true,
  },
  celular: {
    etiqueta: 'Celular',
    seccion: 'Contacto',
    requerido: false,
    max: 20,
    regla: 'texto',
    patron: TELEFONO,
    mensaje: MENSAJES.telefono,
    movilPeruano: true,
    entrada: 'tel',
    autocompletar: 'tel',
  },
  telefono: {
    etiqueta: 'Teléfono',
    seccion: 'Contacto',
    requerido: false,
    max: 20,
    regla: 'texto',
    patron: TELEFONO,
    mensaje: MENSAJES.telefono,
    entrada: 'tel',
  },
  telefono2: {
    etiqueta: 'Teléfono 2',
    seccion: 'Contacto',
    requerido: false,
    max: 20,
    regla: 'texto',
    patron: TELEFONO,
    mensaje: MENSAJES.telefono,
    entrada: 'tel',
  },
  codigoPostal: {
    etiqueta: 'Código postal',
    seccion: 'Contacto',
    requerido: false,
    max: 10,
    regla: 'texto',
    patron: /^[A-Za-z0-9 -]{3,10}$/,
    mensaje: MENSAJES.codigoPostal,
    autocompletar: 'postal-code',
  },
  correoElectronico: {
    etiqueta: 'Correo electrónico',
    seccion: 'Contacto',
    requerido: false,
    max: 254,
    regla: 'texto',
    patron: /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/,
    mensaje: MENSAJES.correo,
    entrada: 'email',
    autocompletar: 'email',
    ancho: true,
  },
  acudiente: {
    etiqueta: 'Familiar responsable',
    seccion: 'Contacto',
    requerido: false,
    max: 120,
    regla: 'texto',
    ayuda: 'Nombre y parentesco: quien responde por el paciente',
  },
} as const satisfies Record<string, Campo>

export type CampoPaciente = keyof typeof CAMPOS_PACIENTE

/** Every field, in the form's order: what a registration stores and a correction may change. */
export const CAMPOS = Object.keys(CAMPOS_PACIENTE) as CampoPaciente[]

/** A field's definition, as the common shape (the list above keeps the literal types). */
export const campo = (c: CampoPaciente): Campo => CAMPOS_PACIENTE[c]

/** The fields of one section of the form and the ficha, in order. */
export const camposDe = (s: Seccion) => CAMPOS.filter((c) => campo(c).seccion === s)
