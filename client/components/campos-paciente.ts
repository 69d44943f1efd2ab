// A patient's fields as the screens name them (the registration form's labels) and their values
// as they read on screen: the form and the history of changes say the same thing.
import { esTipoDocumento, TIPO_DOCUMENTO_ETIQUETA } from '../../shared/catalogos.js'
import type { CampoEditable } from '../../shared/pacientes.js'
import { fecha } from './format.js'

export const ETIQUETA_CAMPO: Record<CampoEditable, string> = {
  tipoDocumento: 'Tipo de documento',
  documento: 'Documento',
  primerNombre: 'Primer nombre',
  segundoNombre: 'Segundo nombre',
  primerApellido: 'Primer apellido',
  segundoApellido: 'Segundo apellido',
  fechaNacimiento: 'Fecha de nacimiento',
  sexo: 'Sexo',
  grupoSanguineo: 'Grupo sanguíneo',
  departamento: 'Departamento',
  municipio: 'Municipio',
  zonaResidencial: 'Zona residencial',
  direccion: 'Dirección',
  barrio: 'Barrio',
  celular: 'Celular',
  codigoPostal: 'Código postal',
  telefono: 'Teléfono',
  telefono2: 'Teléfono 2',
  correoElectronico: 'Correo electrónico',
  acudiente: 'Acudiente',
}

/** A field's value on screen: '—' when blank, the document type's name, a date as 14/05/2025. */
export function valorCampo(campo: CampoEditable, valor: string | null | undefined): string {
  if (valor === null || valor === undefined || valor === '') return '—'
  if (campo === 'tipoDocumento' && esTipoDocumento(valor)) return TIPO_DOCUMENTO_ETIQUETA[valor]
  if (campo === 'fechaNacimiento') return fecha(valor)
  return valor
}
