// Password hashing (argon2id at OWASP's minimum or above) and the creation policy of ASVS 5 V6.2:
// length only, no composition rules, common passwords refused.
import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { CONTRASENAS_COMUNES } from './contrasenas-comunes.js'

export const MIN_CONTRASENA = 8
export const MAX_CONTRASENA = 128

// Algorithm is a const enum in the typings; 2 is Argon2id.
const ARGON2ID = 2
export const OPCIONES_ARGON2 = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const

// Verified against when the user does not exist, so that answer costs as much as a wrong password.
export const HASH_FICTICIO =
  '$argon2id$v=19$m=19456,t=2,p=1$4+c+JJdz4WF9+0I0Sz6FtQ$GKfgDRdiwdN/ztal++fKc9A0AxELabJyNryeBWzLwbk'

export function hashContrasena(contrasena: string): Promise<string> {
  return hash(contrasena, OPCIONES_ARGON2 as Parameters<typeof hash>[1])
}

/** Always runs one argon2 verification, whether or not there is a stored hash. */
export async function verificarContrasena(
  hashGuardado: string | undefined,
  contrasena: string,
): Promise<boolean> {
  try {
    const ok = await verify(hashGuardado ?? HASH_FICTICIO, contrasena)
    return ok && hashGuardado !== undefined
  } catch {
    return false
  }
}

/** The reason a new password is refused, in Spanish, or null when it is acceptable. */
export function problemaContrasena(contrasena: string, usuario?: string): string | null {
  const largo = [...contrasena].length
  if (largo < MIN_CONTRASENA) return `Debe tener al menos ${MIN_CONTRASENA} caracteres`
  if (largo > MAX_CONTRASENA) return `Debe tener como máximo ${MAX_CONTRASENA} caracteres`
  const minusculas = contrasena.toLowerCase()
  if (CONTRASENAS_COMUNES.has(minusculas)) return 'Es una contraseña demasiado común; elija otra'
  if (usuario && minusculas === usuario.toLowerCase())
    return 'No puede ser igual al nombre de usuario'
  return null
}

/** A random password for the first admin: 20 characters from an unambiguous alphabet (~115 bits). */
export function contrasenaAleatoria(): string {
  const alfabeto = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(40)
  let s = ''
  for (const b of bytes) {
    // 56 symbols: reject the top of the byte range to keep the choice uniform.
    if (b < 224) s += alfabeto[b % 56]
    if (s.length === 20) break
  }
  return s.length === 20 ? s : contrasenaAleatoria()
}
