// The temporary password «Restablecer contraseña» sets: made in the browser from its
// cryptographic generator, shown once to the admin who hands it over, and never stored here.

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const ALFABETO = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const LARGO = 14

/** 14 characters of 56 symbols (~81 bits): far past guessing, short enough to type. */
export function contrasenaTemporal(): string {
  let s = ''
  while (s.length < LARGO) {
    for (const b of crypto.getRandomValues(new Uint8Array(32))) {
      // 56 symbols: the top of the byte range is dropped so that each is equally likely.
      if (b < 224 && s.length < LARGO) s += ALFABETO[b % 56]
    }
  }
  return s
}
