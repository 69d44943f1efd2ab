// The sessions this process checked in the last few seconds (docs/seguridad.md#sesiones). Every
// request needs its user, and asking PostgreSQL costs a round trip each time: about a fifth of the
// CPU a registration costs the server and PostgreSQL together. A session checked less than
// SESSION_CACHE_SECONDS ago is trusted again without asking.
//
// What can change a session in that window: its end (logout, expiry) and its account's (deactivated,
// new password, new role). This process forgets everything it holds whenever it answers a change
// to sessions or accounts (plugin.ts), and never keeps an entry past the session's own expiry. A
// change made elsewhere (another instance, the `npm run usuarios` console) reaches this process
// within SESSION_CACHE_SECONDS at most; 0 turns the cache off.
import type { Usuario } from '../route.js'

interface Entrada {
  usuario: Usuario
  /** Date.now() after which the entry is no longer trusted. */
  hasta: number
}

/** At most this many sessions are remembered; the oldest go first. */
const MAXIMO = 10_000

export class SesionesRecientes {
  private entradas = new Map<string, Entrada>()
  /** Bumped by every forget, so a lookup that started before it does not store its answer. */
  private generacion = 0

  constructor(private readonly segundos: number) {}

  get activa(): boolean {
    return this.segundos > 0
  }

  leer(huella: string): Usuario | undefined {
    const e = this.entradas.get(huella)
    if (!e) return undefined
    if (Date.now() < e.hasta) return e.usuario
    this.entradas.delete(huella)
    return undefined
  }

  /** The current generation, to pass back to `guardar` once the lookup has answered. */
  turno(): number {
    return this.generacion
  }

  /** Remembers a session found alive for `msRestantes` more, unless a forget came in between. */
  guardar(huella: string, usuario: Usuario, msRestantes: number, turno: number): void {
    if (!this.activa || turno !== this.generacion) return
    if (this.entradas.size >= MAXIMO) {
      const primera = this.entradas.keys().next().value
      if (primera !== undefined) this.entradas.delete(primera)
    }
    const hasta = Date.now() + Math.min(this.segundos * 1000, msRestantes)
    this.entradas.set(huella, { usuario, hasta })
  }

  olvidarTodas(): void {
    this.generacion++
    this.entradas.clear()
  }
}
