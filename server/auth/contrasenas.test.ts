import { parseOptions } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { CONTRASENAS_COMUNES } from './contrasenas-comunes.js'
import {
  HASH_FICTICIO,
  OPCIONES_ARGON2,
  contrasenaAleatoria,
  hashContrasena,
  problemaContrasena,
  verificarContrasena,
} from './contrasenas.js'

describe('hash de contraseñas', () => {
  it('usa argon2id v19 con al menos 19 MiB y 2 iteraciones, y una sal nueva cada vez', async () => {
    const a = await hashContrasena('tomografo-azul-7')
    const b = await hashContrasena('tomografo-azul-7')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^\$argon2id\$v=19\$/)
    const o = parseOptions(a)
    expect(o.memoryCost).toBeGreaterThanOrEqual(19456)
    expect(o.timeCost).toBeGreaterThanOrEqual(2)
    expect(o.saltLen).toBeGreaterThanOrEqual(16)
  })

  it('comprueba un nombre desconocido contra un hash señuelo que cuesta lo mismo que uno real', () => {
    const o = parseOptions(HASH_FICTICIO)
    expect(o.memoryCost).toBe(OPCIONES_ARGON2.memoryCost)
    expect(o.timeCost).toBe(OPCIONES_ARGON2.timeCost)
    expect(o.parallelism).toBe(OPCIONES_ARGON2.parallelism)
  })

  it('acepta solo la contraseña correcta; sin hash nunca hay coincidencia', async () => {
    const h = await hashContrasena('tomografo-azul-7')
    expect(await verificarContrasena(h, 'tomografo-azul-7')).toBe(true)
    expect(await verificarContrasena(h, 'tomografo-azul-8')).toBe(false)
    expect(await verificarContrasena(undefined, 'tomografo-azul-7')).toBe(false)
    expect(await verificarContrasena(undefined, '')).toBe(false)
    expect(await verificarContrasena('no es un hash', 'x')).toBe(false)
  })
})

describe('política de contraseñas (ASVS 5 V6.2)', () => {
  it.each([
    ['1234567', 'Debe tener al menos 8 caracteres'],
    ['ñandú12', 'Debe tener al menos 8 caracteres'],
    ['x'.repeat(129), 'Debe tener como máximo 128 caracteres'],
    ['password', 'Es una contraseña demasiado común; elija otra'],
    ['QWERTYUIOP', 'Es una contraseña demasiado común; elija otra'],
    ['contraseña', 'Es una contraseña demasiado común; elija otra'],
    ['clinica123', 'Es una contraseña demasiado común; elija otra'],
  ])('%s → %s', (contrasena, mensaje) => {
    expect(problemaContrasena(contrasena)).toBe(mensaje)
  })

  it('no tiene reglas de composición: palabras largas en minúsculas, espacios y 64 o más caracteres valen', () => {
    for (const ok of ['tomografo azul', 'ñandúñandú', 'a'.repeat(64) + 'b', 'x'.repeat(128)]) {
      expect(problemaContrasena(ok), ok).toBeNull()
    }
  })

  it('rechaza el nombre de la cuenta como su contraseña', () => {
    expect(problemaContrasena('Rosa.Huaman', 'rosa.huaman')).toBe(
      'No puede ser igual al nombre de usuario',
    )
  })

  it('trae una lista de miles de contraseñas comunes, todas de 8 o más caracteres', () => {
    expect(CONTRASENAS_COMUNES.size).toBeGreaterThan(5000)
    expect([...CONTRASENAS_COMUNES].every((p) => [...p].length >= 8)).toBe(true)
    expect(CONTRASENAS_COMUNES.has('12345678')).toBe(true)
  })

  it('genera contraseñas aleatorias que cumplen la política y no se repiten', () => {
    const vistas = new Set(Array.from({ length: 50 }, () => contrasenaAleatoria()))
    expect(vistas.size).toBe(50)
    for (const p of vistas) {
      expect(p).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{20}$/)
      expect(problemaContrasena(p)).toBeNull()
    }
  })
})
