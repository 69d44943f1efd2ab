import { createHash, randomBytes } from 'node:crypto'
import { expect, it } from 'vitest'
import { sha256Hex } from './huella.js'

it('el SHA-256 del navegador y el de @noble/hashes (sin crypto.subtle, en http) son el de Node', async () => {
  for (const bytes of [new Uint8Array(), new TextEncoder().encode('abc'), randomBytes(300_001)]) {
    const esperado = createHash('sha256').update(bytes).digest('hex')
    expect(await sha256Hex(bytes, globalThis.crypto.subtle)).toBe(esperado)
    expect(await sha256Hex(bytes, null)).toBe(esperado)
  }
  expect(await sha256Hex(new TextEncoder().encode('abc'), null)).toBe(
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  )
})
