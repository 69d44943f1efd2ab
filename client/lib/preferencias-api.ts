// The worklist's defaults: the sede and sala this account last chose and the clinic's today.
import type { Sede } from '../../shared/catalogos.js'
import { cambiarPreferenciasContract, preferenciasContract } from '../../shared/preferencias.js'
import { call } from '../api.js'

export const leerPreferencias = (signal?: AbortSignal) => call(preferenciasContract, { signal })

export const recordarSede = (sede: Sede | null) =>
  call(cambiarPreferenciasContract, { body: { sede } })

export const recordarSala = (sala: number | null) =>
  call(cambiarPreferenciasContract, { body: { sala } })
