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

describe('hashing', () => {
  it('uses argon2id v19 with at least 19 MiB and 2 iterations, and a fresh salt each time', async () => {
    const a = await hashContrasena('tomografo-azul-7')
    const b = await hashContrasena('tomografo-azul-7')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^\$argon2id\$v=19\$/)
    const o = parseOptions(a)
    expect(o.memoryCost).toBeGreaterThanOrEqual(19456)
    expect(o.timeCost).toBeGreaterThanOrEqual(2)
    expect(o.saltLen).toBeGreaterThanOrEqual(16)
  })

  it('verifies an unknown name against a decoy hash that costs what a real one costs', () => {
    const o = parseOptions(HASH_FICTICIO)
    expect(o.memoryCost).toBe(OPCIONES_ARGON2.memoryCost)
    expect(o.timeCost).toBe(OPCIONES_ARGON2.timeCost)
    expect(o.parallelism).toBe(OPCIONES_ARGON2.parallelism)
  })

  it('verifies the right password only; no hash is never a match', async () => {
    const h = await hashContrasena('tomografo-azul-7')
    expect(await verificarContrasena(h, 'tomografo-azul-7')).toBe(true)
    expect(await verificarContrasena(h, 'tomografo-azul-8')).toBe(false)
    expect(await verificarContrasena(undefined, 'tomografo-azul-7')).toBe(false)
    expect(await verificarContrasena(undefined, '')).toBe(false)
    expect(await verificarContrasena('no es un hash', 'x')).toBe(false)
  })
})

describe('password policy (ASVS 5 V6.2)', () => {
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

  it('has no composition rules: long lower-case words, spaces and 64+ characters are fine', () => {
    for (const ok of ['tomografo azul', 'ñandúñandú', 'a'.repeat(64) + 'b', 'x'.repeat(128)]) {
      expect(problemaContrasena(ok), ok).toBeNull()
    }
  })

  it('refuses the account name as its password', () => {
    expect(problemaContrasena('Rosa.Huaman', 'rosa.huaman')).toBe(
      'No puede ser igual al nombre de usuario',
    )
  })

  it('ships a list of thousands of common passwords, all of 8 or more characters', () => {
    expect(CONTRASENAS_COMUNES.size).toBeGreaterThan(5000)
    expect([...CONTRASENAS_COMUNES].every((p) => [...p].length >= 8)).toBe(true)
    expect(CONTRASENAS_COMUNES.has('12345678')).toBe(true)
  })

  it('makes random passwords that pass the policy and do not repeat', () => {
    const vistas = new Set(Array.from({ length: 50 }, () => contrasenaAleatoria()))
    expect(vistas.size).toBe(50)
    for (const p of vistas) {
      expect(p).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{20}$/)
      expect(problemaContrasena(p)).toBeNull()
    }
  })
})
