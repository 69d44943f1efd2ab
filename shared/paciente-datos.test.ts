import { describe, expect, test } from 'vitest'
import { MENSAJES } from './paciente-campos.js'
import { nombreCompleto, PACIENTE_VACIO, type PacienteEntrada } from './paciente-datos.js'
import { validarPaciente } from './paciente-validacion.js'

const HOY = '2025-06-15'
const valido: PacienteEntrada = {
  ...PACIENTE_VACIO,
  tipoDocumento: 'dni',
  documento: '12345678',
  primerNombre: ' José  María ',
  primerApellido: 'Pérez',
  segundoApellido: "D'Angelo-Quispe",
  fechaNacimiento: '1990-05-05',
  sexo: 'Masculino',
  departamento: 'Arequipa',
  municipio: 'Camaná',
  zonaResidencial: 'Urbana',
  correoElectronico: 'jose@example.pe',
  celular: '+51 987 654 321',
  aceptaPolitica: true,
  edad: 35,
}

const mensajes = (e: PacienteEntrada | Record<string, unknown>) =>
  Object.fromEntries(validarPaciente(e, HOY).errores.map((x) => [x.campo, x.mensaje]))

describe('validarPaciente', () => {
  test('un registro válido se devuelve recortado, con null en los opcionales vacíos', () => {
    const { errores, datos } = validarPaciente(valido, HOY)
    expect(errores).toEqual([])
    expect(datos).toMatchObject({
      primerNombre: 'José María',
      segundoNombre: null,
      barrio: null,
      documento: '12345678',
    })
    expect(datos).not.toHaveProperty('edad')
  })
  test('el formulario vacío: Campo requerido en cada obligatorio y la política', () => {
    expect(mensajes(PACIENTE_VACIO)).toEqual({
      tipoDocumento: MENSAJES.requerido,
      documento: MENSAJES.requerido,
      primerNombre: MENSAJES.requerido,
      primerApellido: MENSAJES.requerido,
      fechaNacimiento: MENSAJES.requerido,
      sexo: MENSAJES.requerido,
      departamento: MENSAJES.requerido,
      municipio: MENSAJES.requerido,
      zonaResidencial: MENSAJES.requerido,
      aceptaPolitica: 'Debes aceptar la política de privacidad',
    })
    expect(mensajes({})).toHaveProperty('documento', 'Campo requerido')
  })
  test('solo espacios cuenta como vacío', () => {
    expect(mensajes({ ...valido, primerNombre: '   ' })).toEqual({
      primerNombre: 'Campo requerido',
    })
  })
  test('una sola falta por campo', () => {
    const r = validarPaciente({ ...valido, documento: 'x' }, HOY).errores
    expect(r).toEqual([{ campo: 'documento', mensaje: 'El DNI debe tener 8 dígitos' }])
  })
  test('reglas de formato', () => {
    expect(mensajes({ ...valido, tipoDocumento: 'libreta' })).toEqual({
      tipoDocumento: MENSAJES.noPermitido,
    })
    expect(
      mensajes({ ...valido, tipoDocumento: 'ruc', documento: '20131312954' }).documento,
    ).toMatch(/verificador/)
    expect(mensajes({ ...valido, primerNombre: 'J0sé' })).toEqual({ primerNombre: MENSAJES.nombre })
    expect(mensajes({ ...valido, segundoNombre: '<script>' })).toEqual({
      segundoNombre: MENSAJES.nombre,
    })
    expect(mensajes({ ...valido, primerApellido: "'-" })).toEqual({
      primerApellido: MENSAJES.nombre,
    })
    expect(mensajes({ ...valido, primerNombre: 'a'.repeat(61) })).toEqual({
      primerNombre: MENSAJES.largo(60),
    })
    expect(mensajes({ ...valido, fechaNacimiento: '1990-02-30' })).toEqual({
      fechaNacimiento: MENSAJES.fecha,
    })
    expect(mensajes({ ...valido, fechaNacimiento: '2025-06-16' })).toEqual({
      fechaNacimiento: MENSAJES.fechaFutura,
    })
    expect(mensajes({ ...valido, fechaNacimiento: '2025-06-15' })).toEqual({})
    expect(mensajes({ ...valido, fechaNacimiento: '1899-12-31' })).toEqual({
      fechaNacimiento: MENSAJES.fechaAntigua,
    })
    expect(mensajes({ ...valido, municipio: 'Callao' })).toEqual({ municipio: MENSAJES.municipio })
    expect(mensajes({ ...valido, departamento: 'Puno', municipio: 'Yunguyo' })).toEqual({})
    expect(mensajes({ ...valido, departamento: 'Puno', municipio: 'Camaná' })).toEqual({
      municipio: MENSAJES.municipio,
    })
    // Not Peru's: a Colombian departamento.
    expect(mensajes({ ...valido, departamento: 'Antioquia', municipio: 'Medellín' })).toEqual({
      departamento: MENSAJES.noPermitido,
    })
    expect(mensajes({ ...valido, sexo: 'M' })).toEqual({ sexo: MENSAJES.noPermitido })
    expect(mensajes({ ...valido, grupoSanguineo: 'C+' })).toEqual({
      grupoSanguineo: MENSAJES.noPermitido,
    })
    expect(mensajes({ ...valido, correoElectronico: 'jose@' })).toEqual({
      correoElectronico: MENSAJES.correo,
    })
    expect(mensajes({ ...valido, celular: 'llámame' })).toEqual({ celular: MENSAJES.telefono })
    // With a document Peru issues, a Peruvian mobile: 9 digits starting with 9, +51 allowed.
    for (const celular of ['987654321', '987 654 321', '+51 987-654-321', '51987654321'])
      expect(mensajes({ ...valido, tipoDocumento: 'dni', celular }), celular).toEqual({})
    for (const celular of ['87654321', '887654321', '9876543210', '(01) 471-2233'])
      expect(mensajes({ ...valido, tipoDocumento: 'dni', celular }), celular).toEqual({
        celular: MENSAJES.celularPeru,
      })
    // A foreign passport may carry a foreign number.
    expect(
      mensajes({
        ...valido,
        tipoDocumento: 'pasaporte',
        documento: 'AB123456',
        celular: '+57 300 123 4567',
      }),
    ).toEqual({})
    expect(mensajes({ ...valido, aceptaPolitica: false })).toEqual({
      aceptaPolitica: MENSAJES.politica,
    })
  })
  test('caracteres de control: un solo mensaje por campo; tabuladores y saltos cuentan como espacio', () => {
    expect(mensajes({ ...valido, direccion: 'Av. Sol\u0000 123' })).toEqual({
      direccion: MENSAJES.caracteres,
    })
    expect(mensajes({ ...valido, primerNombre: 'Jo\u0007sé' })).toEqual({
      primerNombre: MENSAJES.caracteres,
    })
    expect(validarPaciente({ ...valido, direccion: 'Av. Sol\n\t123' }, HOY).datos?.direccion).toBe(
      'Av. Sol 123',
    )
  })
  test('valores que no son texto no rompen la validación', () => {
    expect(mensajes({ ...valido, primerNombre: 42 })).toEqual({ primerNombre: 'Campo requerido' })
  })
})

test('nombreCompleto omite las partes vacías', () => {
  expect(
    nombreCompleto({
      primerNombre: 'Ana',
      segundoNombre: null,
      primerApellido: 'Núñez',
      segundoApellido: ' ',
    }),
  ).toBe('Ana Núñez')
  expect(
    nombreCompleto({
      primerNombre: 'Ana',
      segundoNombre: 'Lucía',
      primerApellido: 'Núñez',
      segundoApellido: 'Ríos',
    }),
  ).toBe('Ana Lucía Núñez Ríos')
})
