// The registration's one validation, run by the form and by the server with the same rules and
// the same Spanish message per field (docs/datos.md#validación). Apart from paciente-datos.ts
// because it carries Peru's geography (ubigeo.ts): the client loads it with the patient form only,
// not with every page that shows a patient.
import {
  GRUPOS_SANGUINEOS,
  SEXOS,
  esTipoDocumento,
  type GrupoSanguineo,
  type Sexo,
  type TipoDocumento,
} from './catalogos.js'
import type { ErrorCampo } from './contract.js'
import { errorDocumento, normalizarDocumento } from './documento.js'
import { diaJuliano } from './edad.js'
import {
  FECHA_NACIMIENTO_MINIMA,
  LIMITES,
  MENSAJES,
  type PacienteDatos,
  type PacienteEntrada,
} from './paciente-datos.js'
import { limpiar, tieneControl } from './texto.js'
import { esDepartamento, esMunicipioDe, type Departamento } from './ubigeo.js'

const NOMBRE = /^[\p{L}\p{M}'’ -]+$/u
const LETRA = /\p{L}/u
const CORREO = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
const TELEFONO = /^\+?[0-9 ()-]{6,20}$/
const CODIGO_POSTAL = /^[A-Za-z0-9 -]{3,10}$/

/**
 * Checks a registration as docs/datos.md#validación says, one message per field.
 * `hoy` is today's date ('YYYY-MM-DD') in the clinic's time zone.
 */
export function validarPaciente(
  entrada: Partial<Record<keyof PacienteEntrada, unknown>>,
  hoy: string,
): { errores: ErrorCampo[]; datos: PacienteDatos | null } {
  const errores: ErrorCampo[] = []
  // One message per field: the first problem found is the one shown.
  const error = (campo: string, mensaje: string) => {
    if (!errores.some((e) => e.campo === campo)) errores.push({ campo, mensaje })
  }
  const v = (k: keyof PacienteEntrada) => {
    const s = limpiar(entrada[k])
    if (tieneControl(s)) error(k, MENSAJES.caracteres)
    return s
  }

  const requerido = (k: keyof PacienteEntrada): string => {
    const s = v(k)
    if (!s) error(k, MENSAJES.requerido)
    return s
  }
  const largo = (k: keyof PacienteEntrada, s: string, max: number): boolean => {
    if (s.length > max) error(k, MENSAJES.largo(max))
    return s.length <= max
  }
  const nombre = (k: keyof PacienteEntrada, obligatorio: boolean): string => {
    const s = obligatorio ? requerido(k) : v(k)
    if (s && largo(k, s, LIMITES.nombre) && !(NOMBRE.test(s) && LETRA.test(s)))
      error(k, MENSAJES.nombre)
    return s
  }
  const opcionalCon = (
    k: keyof PacienteEntrada,
    max: number,
    patron?: RegExp,
    mensaje?: string,
  ) => {
    const s = v(k)
    if (s && largo(k, s, max) && patron && !patron.test(s))
      error(k, mensaje ?? MENSAJES.noPermitido)
    return s || null
  }

  const tipoDocumento = requerido('tipoDocumento')
  if (tipoDocumento && !esTipoDocumento(tipoDocumento)) error('tipoDocumento', MENSAJES.noPermitido)
  const documento = normalizarDocumento(requerido('documento'))
  if (
    documento &&
    largo('documento', documento, LIMITES.documento) &&
    esTipoDocumento(tipoDocumento)
  ) {
    const e = errorDocumento(tipoDocumento, documento)
    if (e) error('documento', e)
  }

  const primerNombre = nombre('primerNombre', true)
  const segundoNombre = nombre('segundoNombre', false)
  const primerApellido = nombre('primerApellido', true)
  const segundoApellido = nombre('segundoApellido', false)

  const fechaNacimiento = requerido('fechaNacimiento')
  if (fechaNacimiento) {
    if (diaJuliano(fechaNacimiento) === null) error('fechaNacimiento', MENSAJES.fecha)
    else if (fechaNacimiento > hoy) error('fechaNacimiento', MENSAJES.fechaFutura)
    else if (fechaNacimiento < FECHA_NACIMIENTO_MINIMA)
      error('fechaNacimiento', MENSAJES.fechaAntigua)
  }

  const sexo = requerido('sexo')
  if (sexo && !(SEXOS as readonly string[]).includes(sexo)) error('sexo', MENSAJES.noPermitido)
  const grupoSanguineo = v('grupoSanguineo')
  if (grupoSanguineo && !(GRUPOS_SANGUINEOS as readonly string[]).includes(grupoSanguineo)) {
    error('grupoSanguineo', MENSAJES.noPermitido)
  }

  const departamento = requerido('departamento')
  const municipio = requerido('municipio')
  if (departamento && !esDepartamento(departamento)) error('departamento', MENSAJES.noPermitido)
  else if (departamento && municipio && !esMunicipioDe(departamento, municipio)) {
    error('municipio', MENSAJES.municipio)
  }

  const zonaResidencial = requerido('zonaResidencial')
  if (zonaResidencial) largo('zonaResidencial', zonaResidencial, LIMITES.zonaResidencial)

  const datos = {
    direccion: opcionalCon('direccion', LIMITES.direccion),
    barrio: opcionalCon('barrio', LIMITES.barrio),
    celular: opcionalCon('celular', LIMITES.telefono, TELEFONO, MENSAJES.telefono),
    codigoPostal: opcionalCon(
      'codigoPostal',
      LIMITES.codigoPostal,
      CODIGO_POSTAL,
      MENSAJES.codigoPostal,
    ),
    telefono: opcionalCon('telefono', LIMITES.telefono, TELEFONO, MENSAJES.telefono),
    telefono2: opcionalCon('telefono2', LIMITES.telefono, TELEFONO, MENSAJES.telefono),
    correoElectronico: opcionalCon(
      'correoElectronico',
      LIMITES.correoElectronico,
      CORREO,
      MENSAJES.correo,
    ),
    acudiente: opcionalCon('acudiente', LIMITES.acudiente),
  }
  if (entrada.aceptaPolitica !== true) error('aceptaPolitica', MENSAJES.politica)

  if (errores.length > 0) return { errores, datos: null }
  return {
    errores,
    datos: {
      tipoDocumento: tipoDocumento as TipoDocumento,
      documento,
      primerNombre,
      segundoNombre: segundoNombre || null,
      primerApellido,
      segundoApellido: segundoApellido || null,
      fechaNacimiento,
      sexo: sexo as Sexo,
      grupoSanguineo: (grupoSanguineo || null) as GrupoSanguineo | null,
      departamento: departamento as Departamento,
      municipio,
      zonaResidencial,
      ...datos,
    },
  }
}
