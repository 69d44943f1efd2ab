// The desk's call for a patient's access code (docs/api.md#acceso-del-paciente-a-sus-resultados):
// the ticket, the appointment slip and the patient's record reissue it through here.
import { reemitirCodigoContract } from '../../shared/acceso.js'
import { call } from '../api.js'

export const reemitirCodigo = (pacienteId: number) =>
  call(reemitirCodigoContract, { params: { id: String(pacienteId) } })
