import { describe, expect, it } from 'vitest'
import { codigoAccesoMientrasEscribe, normalizarCodigoAcceso } from './acceso-codigo.js'

describe('codigoAccesoMientrasEscribe', () => {
  it('agrupa de cuatro en cuatro mientras se escribe, en mayúsculas, sin espacios ni guiones', () => {
    expect(codigoAccesoMientrasEscribe('k7qm')).toBe('K7QM')
    expect(codigoAccesoMientrasEscribe('k7qm 2x')).toBe('K7QM-2X')
    expect(codigoAccesoMientrasEscribe('K7QM--2XHD 9pra-tw4c')).toBe('K7QM-2XHD-9PRA-TW4C')
    expect(codigoAccesoMientrasEscribe('')).toBe('')
  })

  it('no pasa de los 16 caracteres, y lo que muestra es lo que el servidor acepta', () => {
    const mostrado = codigoAccesoMientrasEscribe('k7qm2xhd9pratw4cXYZ')
    expect(mostrado).toBe('K7QM-2XHD-9PRA-TW4C')
    expect(normalizarCodigoAcceso(mostrado)).toBe('K7QM2XHD9PRATW4C')
  })

  it('deja a la vista un carácter que no puede ir en un código', () => {
    expect(codigoAccesoMientrasEscribe('k7q0')).toBe('K7Q0')
    expect(normalizarCodigoAcceso('K7Q0-2XHD-9PRA-TW4C')).toBeNull()
  })
})
