// The patient list's calls, through its shared contract.
import type { Paciente } from '../../../shared/paciente-datos.js'
import { listarPacientesContract, type PacienteResumen } from '../../../shared/pacientes.js'
import { request } from '../../api.js'
/** A page of the list, newest first; `url` is the previous answer's next page. */
export const listarPacientes = (url: string | null, signal?: AbortSignal) =>
  request(listarPacientesContract, { url: url ?? undefined, signal })

/** A just-registered patient as a row of the list (no atenciones yet). */
export function aResumen(p: Paciente): PacienteResumen {
  return {
    id: p.id,
    tipoDocumento: p.tipoDocumento,
    documento: p.documento,
    nombreCompleto: p.nombreCompleto,
    fechaNacimiento: p.fechaNacimiento,
    tipoEdad: p.tipoEdad,
    edad: p.edad,
    sexo: p.sexo,
    celular: p.celular,
    estudios: [],
    creadoEn: p.creadoEn,
  }
}
