// A file's SHA-256 computed in the browser, to compare with the one the clinic stored when it froze
// the document: the file never leaves the phone. crypto.subtle exists only in a secure context
// (https, or localhost); a clinic that serves its LAN over plain http gets @noble/hashes instead,
// loaded only then, so the page stays small where the browser can do it itself.

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** SHA-256 of `bytes` in hexadecimal; `sutil` is the browser's crypto.subtle where it has one. */
export async function sha256Hex(
  bytes: Uint8Array,
  sutil: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<string> {
  if (sutil) {
    // A copy in an ArrayBuffer of its own: digest takes no view over a shared one.
    return hex(new Uint8Array(await sutil.digest('SHA-256', new Uint8Array(bytes))))
  }
  const { sha256 } = await import('@noble/hashes/sha2')
  return hex(sha256(bytes))
}

/** The file's bytes, hashed. */
export async function huellaDeArchivo(archivo: Blob): Promise<string> {
  return sha256Hex(new Uint8Array(await archivo.arrayBuffer()))
}
