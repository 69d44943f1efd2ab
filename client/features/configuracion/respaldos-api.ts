// The backups' state (admins only), through its shared contract.
import { estadoRespaldosContract } from '../../../shared/respaldos.js'
import { call } from '../../api.js'

export const estadoRespaldos = (signal?: AbortSignal) => call(estadoRespaldosContract, { signal })
