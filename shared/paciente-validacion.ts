// The registration's one validation, run by the form and by the server with the same rules and
// the same Spanish message per field (docs/datos.md#validación). Apart from paciente-datos.ts
// because it carries Peru's geography (ubigeo.ts): the client loads it with the patient form only,
// not with every page that shows a patient.
import { DOCUMENTOS_PERUANOS, esTipoDocumento } from './catalogos.js'
import type { ErrorCampo } from './contract.js'
import { errorDocumento, normalizarDocumento } from './documento.js'
import { diaJuliano } from './edad.js'
import {
  CAMPOS,
  campo,
  esMovilPeruano,
  esNombrePersona,
  FECHA_NACIMIENTO_MINIMA,
  MENSAJES,
  type Campo,
  type CampoPaciente,
} from './paciente-campos.js'
import type { PacienteDatos, PacienteEntrada } from './paciente-datos.js'
import { limpiar, tieneControl } from './texto.js'
import { esDistritoDe } from './distritos.js'
import { esDepartamento, esMunicipioDe } from './ubigeo.js'

const esPeruano = (tipo: string | undefined) =>
  (DOCUMENTOS_PERUANOS as readonly string[]).includes(tipo ?? '')

/**
 * Checks a registration as docs/datos.md#validación says, field by field as the list of fields
 * (paciente-campos.ts) describes them, one message per field: the first problem found.
 * `hoy` is today's date ('YYYY-MM-DD') in the clinic's time zone.
 */
export function validarPaciente(
  entrada: Partial<Record<keyof PacienteEntrada, unknown>>,
  hoy: string,
): { errores: ErrorCampo[]; datos: PacienteDatos | null } {
  const errores: ErrorCampo[] = []
  const error = (campo: string, mensaje: string) => {
    if (!errores.some((e) => e.campo === campo)) errores.push({ campo, mensaje })
  }
  const valores: Partial<Record<CampoPaciente, string>> = {}
  for (const k of CAMPOS) {
    const d = campo(k)
    let s = limpiar(entrada[k])
    if (tieneControl(s)) error(k, MENSAJES.caracteres)
    if (d.regla === 'documento') s = normalizarDocumento(s)
    valores[k] = s
    if (!s) {
      if (d.requerido) error(k, MENSAJES.requerido)
      continue
    }
    const problema = problemaDe(k, d, s, valores, hoy)
    if (problema) error(k, problema)
  }
  if (entrada.aceptaPolitica !== true) error('aceptaPolitica', MENSAJES.politica)
  // A newborn by its CNV comes with its mother's record; which record it is, the server checks.
  if (valores.tipoDocumento === 'cnv' && entrada.madreId == null)
    error('madreId', MENSAJES.madreRequerida)

  if (errores.length > 0) return { errores, datos: null }
  // Required fields are filled and optional blank ones stored as null; every value was checked
  // against its field's rule above, so the types hold.
  const datos = Object.fromEntries(
    CAMPOS.map((k) => [k, valores[k] || (campo(k).requerido ? '' : null)]),
  ) as unknown as PacienteDatos
  return { errores, datos }
}

/** What is wrong with a filled field's value, if anything; `antes` holds the fields before it. */
function problemaDe(
  k: CampoPaciente,
  d: Campo,
  s: string,
  antes: Partial<Record<CampoPaciente, string>>,
  hoy: string,
): string | undefined {
  switch (d.regla) {
    case 'opcion':
      return d.valores?.includes(s) ? undefined : MENSAJES.noPermitido
    case 'fecha':
      if (diaJuliano(s) === null) return MENSAJES.fecha
      if (s > hoy) return MENSAJES.fechaFutura
      return s < FECHA_NACIMIENTO_MINIMA ? MENSAJES.fechaAntigua : undefined
    case 'departamento':
      return esDepartamento(s) ? undefined : MENSAJES.noPermitido
    case 'municipio': {
      // Checked against a valid departamento only: a wrong one already has its message.
      const departamento = antes.departamento ?? ''
      return esDepartamento(departamento) && !esMunicipioDe(departamento, s)
        ? MENSAJES.municipio
        : undefined
    }
    case 'distrito': {
      // Checked against a valid provincia only, as the provincia against its departamento.
      const departamento = antes.departamento ?? ''
      const provincia = antes.municipio ?? ''
      return esMunicipioDe(departamento, provincia) && !esDistritoDe(departamento, provincia, s)
        ? MENSAJES.distrito
        : undefined
    }
  }
  if (s.length > d.max) return MENSAJES.largo(d.max)
  switch (d.regla) {
    case 'documento': {
      const tipo = antes.tipoDocumento ?? ''
      return esTipoDocumento(tipo) ? errorDocumento(tipo, s) || undefined : undefined
    }
    case 'nombre':
      return esNombrePersona(s) ? undefined : MENSAJES.nombre
    default:
      if (d.patron && !d.patron.test(s)) return d.mensaje ?? MENSAJES.noPermitido
      return d.movilPeruano && esPeruano(antes.tipoDocumento) && !esMovilPeruano(s)
        ? MENSAJES.celularPeru
        : undefined
  }
}
