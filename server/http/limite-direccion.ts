// A per-address request limit for the public pages that anyone may call without a session (the
// document verification): at most `maximo` requests in any `ventanaMs`, counted in this process's
// memory. Guessing a ten-character code takes on the order of 10^15 tries, so the limit only has to
// make a try cost real time, not to be shared between instances; the login's limit, which guards
// passwords people choose, is the one kept in PostgreSQL (auth/limite.ts).

/** An IPv6 client owns its whole /64: counted as one address, or it could use a new one per try. */
export function claveDireccion(direccion: string): string {
  if (!direccion.includes(':') || direccion.startsWith('::ffff:')) return direccion
  const [cabeza = '', cola] = direccion.split('%')[0]!.split('::')
  const antes = cabeza ? cabeza.split(':') : []
  const despues = cola ? cola.split(':') : []
  // «::» stands for as many zero groups as make eight, which may reach into the prefix.
  const ceros = cola === undefined ? 0 : Math.max(0, 8 - antes.length - despues.length)
  const grupos = [...antes, ...Array<string>(ceros).fill('0'), ...despues]
  // One spelling per group («0DB8», «db8»): a prefix is counted once however it is written.
  return `${grupos
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`
}

export interface Decision {
  /** Whether this request goes on. */
  admitida: boolean
  /** When refused: seconds until the oldest counted request leaves the window. */
  esperaSegundos: number
  /** When refused: how many refusals this address has had in a row, this one included. */
  rechazos: number
}

interface Cuenta {
  /** The instants of the admitted requests still inside the window, oldest first. */
  en: number[]
  rechazos: number
}

/**
 * The limit's one function: counts the request of `direccion` and says whether it goes on. A
 * refused request is not counted, so waiting `esperaSegundos` is always enough.
 */
export function limitePorDireccion(
  maximo: number,
  ventanaMs: number,
  ahora: () => number = Date.now,
): (direccion: string) => Decision {
  const cuentas = new Map<string, Cuenta>()
  let siguienteLimpieza = 0

  /** Forgets the addresses whose requests all left the window: memory stays that of the window. */
  const limpiar = (t: number) => {
    if (t < siguienteLimpieza) return
    siguienteLimpieza = t + ventanaMs
    for (const [clave, c] of cuentas) if ((c.en.at(-1) ?? 0) <= t - ventanaMs) cuentas.delete(clave)
  }

  return (direccion) => {
    const t = ahora()
    limpiar(t)
    const clave = claveDireccion(direccion)
    let c = cuentas.get(clave)
    if (!c) cuentas.set(clave, (c = { en: [], rechazos: 0 }))
    while (c.en.length > 0 && c.en[0]! <= t - ventanaMs) c.en.shift()
    if (c.en.length >= maximo) {
      c.rechazos += 1
      const esperaSegundos = Math.max(1, Math.ceil((c.en[0]! + ventanaMs - t) / 1000))
      return { admitida: false, esperaSegundos, rechazos: c.rechazos }
    }
    c.en.push(t)
    c.rechazos = 0
    return { admitida: true, esperaSegundos: 0, rechazos: 0 }
  }
}
