// The médicos solicitantes' calls (docs/api.md#médicos-solicitantes), shared by the desk's atención
// form and Configuración › Médicos solicitantes.
import type { CambioMedico, MedicoEntrada } from '../../../shared/medico-solicitante.js'
import {
  buscarMedicosContract,
  cambiarMedicoContract,
  crearMedicoContract,
} from '../../../shared/medicos-solicitantes.js'
import { call } from '../../api.js'

/** Those that match `q` (surnames, names or CMP), the active first; at most `limite`. */
export const buscarMedicos = (q: string, limite: number, signal?: AbortSignal) =>
  call(buscarMedicosContract, { query: { q, limite: String(limite) }, signal })

export const crearMedico = (body: MedicoEntrada) => call(crearMedicoContract, { body })

export const cambiarMedico = (id: number, body: CambioMedico) =>
  call(cambiarMedicoContract, { params: { id: String(id) }, body })
