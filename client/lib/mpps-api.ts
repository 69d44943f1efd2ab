// The calls of the equipment's steps without an atención (the worklist's notice and their page), each
// through its shared contract.
import type { BodyOf } from '../../shared/contract.js'
import {
  conciliarMppsContract,
  mppsPendientesContract,
  totalMppsPendientesContract,
} from '../../shared/mpps.js'
import { call } from '../api.js'

export const pasosPendientes = (signal?: AbortSignal) => call(mppsPendientesContract, { signal })

export const totalPasosPendientes = (signal?: AbortSignal) =>
  call(totalMppsPendientesContract, { signal })

export const conciliarPaso = (uid: string, body: BodyOf<typeof conciliarMppsContract>) =>
  call(conciliarMppsContract, { params: { uid }, body })
