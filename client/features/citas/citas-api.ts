// The agenda's calls (docs/api.md#citas): a sede's day, booking, arrival, moving a cita and undoing
// the move, and the patient search the booking panel uses.
import {
  agendaContract,
  deshacerReprogramacionContract,
  llegadaCitaContract,
  reprogramarCitaContract,
  reservarCitaContract,
  type CitaEntrada,
} from '../../../shared/citas.js'
import { buscarPacientesContract } from '../../../shared/pacientes.js'
import { call } from '../../api.js'

/** Without `duracion`, the day's citas only, no free slots. */
export const leerAgenda = (
  { sede, fecha, duracion }: { sede: string; fecha: string; duracion?: number },
  signal?: AbortSignal,
) =>
  call(agendaContract, {
    query: { sede, fecha, duracion: duracion === undefined ? undefined : String(duracion) },
    signal,
  })

export const reservarCita = (body: CitaEntrada) => call(reservarCitaContract, { body })

export const marcarLlegada = (id: number) =>
  call(llegadaCitaContract, { params: { id: String(id) } })

export interface PacienteEncontrado {
  id: number
  nombre: string
  documento: string
  /** Tells namesakes apart; absent for one just registered in the panel. */
  fechaNacimiento?: string
}

/**
 * Patients matching «Nombre o documento». The search answers one row per atención, so a patient
 * with several comes back once.
 */
export async function buscarPacientes(
  q: string,
  signal: AbortSignal,
): Promise<PacienteEncontrado[]> {
  const filas = await call(buscarPacientesContract, { query: { q, limite: '30' }, signal })
  const vistos = new Map<number, PacienteEncontrado>()
  for (const f of filas)
    if (!vistos.has(f.id))
      vistos.set(f.id, {
        id: f.id,
        nombre: f.nombreCompleto,
        documento: f.documento,
        fechaNacimiento: f.fechaNacimiento,
      })
  return [...vistos.values()].slice(0, 8)
}

export const reprogramarCita = (id: number, body: { salaId: number; inicio: string }) =>
  call(reprogramarCitaContract, { params: { id: String(id) }, body })

/** `inicio`: where the cita is now, as this screen saw it after moving it. */
export const deshacerReprogramacion = (id: number, inicio: string) =>
  call(deshacerReprogramacionContract, { params: { id: String(id) }, body: { inicio } })
