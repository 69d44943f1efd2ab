import { describe, expect, it } from 'vitest'
import type { BusquedaFila } from '../../../shared/busqueda.js'
import { esperaDe, porSecciones } from './orden-atencion.js'

const fila = (cambios: Partial<BusquedaFila>): BusquedaFila => ({
  id: 1,
  atencionId: 1,
  cita: false,
  tipoDocumento: 'dni',
  documento: '41234567',
  primerNombre: 'Ana',
  segundoNombre: null,
  primerApellido: 'Quispe',
  segundoApellido: null,
  nombreCompleto: 'Ana Quispe',
  fechaNacimiento: '1980-01-01',
  tipoEdad: 'años',
  edad: 46,
  estudios: [{ nombre: 'Tórax PA' }],
  modalidad: 'RX',
  sede: 'Lima',
  estado: 'En espera',
  procedencia: 'Ambulatorio',
  fechaLlegada: '2026-11-27',
  horaLlegada: '08:10',
  prioridad: 'Rutina',
  interrumpida: false,
  ...cambios,
})

describe('la espera de cada fila', () => {
  const ahora = '2026-11-27T09:35'
  it('quien espera dice desde hace cuánto; una cita de hoy, cuánto se atrasó pasada la tolerancia', () => {
    expect(esperaDe(fila({}), 'En espera', ahora)).toBe('Espera 1 h 25 min')
    expect(esperaDe(fila({ horaLlegada: '09:30' }), 'Programado', ahora)).toBeNull()
    expect(esperaDe(fila({ horaLlegada: '09:00' }), 'Programado', ahora)).toBe('Atrasada 35 min')
    // Being attended, or of another day: nothing to say.
    expect(esperaDe(fila({}), 'En proceso', ahora)).toBeNull()
    expect(esperaDe(fila({ fechaLlegada: '2026-11-26' }), 'En espera', ahora)).toBeNull()
    // A clock a minute behind the arrival never says a negative wait.
    expect(esperaDe(fila({ horaLlegada: '09:36' }), 'En espera', ahora)).toBe('Espera 0 min')
  })
})

describe('las secciones del día', () => {
  const filas = [
    fila({ atencionId: 1, nombreCompleto: 'Zoila', estado: 'En espera' }),
    fila({ atencionId: 2, nombreCompleto: 'Abel', estado: 'Completado' }),
    fila({ atencionId: 3, nombreCompleto: 'Beto', estado: 'En espera' }),
    fila({ atencionId: 4, nombreCompleto: 'Carla', estado: 'Programado' }),
  ]
  const titulos = (s: ReturnType<typeof porSecciones>) =>
    s.map((x) => [x.seccion.titulo, x.filas.map((f) => f.atencionId)])

  it('en el orden del servidor, sin secciones vacías; una columna ordena dentro de cada una', () => {
    expect(titulos(porSecciones(filas, (f) => f.estado, null))).toEqual([
      ['En espera', [1, 3]],
      ['Citas por llegar', [4]],
      ['Atendidas y cerradas', [2]],
    ])
    expect(
      titulos(porSecciones(filas, (f) => f.estado, { columna: 'paciente', asc: true }))[0],
    ).toEqual(['En espera', [3, 1]])
    // The estado changed on screen moves the row to its new section.
    const movida = porSecciones(filas, (f) => (f.atencionId === 1 ? 'En proceso' : f.estado), null)
    expect(titulos(movida)[1]).toEqual(['En proceso', [1]])
  })
})
