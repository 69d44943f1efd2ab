// The informes' calls, each through its shared contract (docs/api.md#informes).
import {
  abrirInformeContract,
  adendaContract,
  correccionContract,
  firmarInformeContract,
  guardarInformeContract,
  listarInformesContract,
  liberarInformeContract,
  obtenerInformeContract,
  tomarInformeContract,
  type ContenidoInforme,
  type FiltrosInformes,
} from '../../shared/informes.js'
import {
  contextoInformeContract,
  informesDePacienteContract,
} from '../../shared/informes-paciente.js'
import { call } from '../api.js'

const id = (n: number) => ({ id: String(n) })

export const porInformar = (query: Partial<FiltrosInformes>, signal?: AbortSignal) =>
  call(listarInformesContract, { query: { ...query, estado: 'pendiente' }, signal })

export const abrirInforme = (atencionId: number) =>
  call(abrirInformeContract, { params: id(atencionId) })

export const leerInforme = (informeId: number, signal?: AbortSignal) =>
  call(obtenerInformeContract, { params: id(informeId), signal })

/** Saves the draft over `revision`; `keepalive` lets the last save finish as the page closes. */
export const guardarInforme = (
  informeId: number,
  contenido: ContenidoInforme,
  revision: number,
  keepalive = false,
) =>
  call(guardarInformeContract, {
    params: id(informeId),
    body: { contenido },
    headers: { 'if-match': `"${revision}"` },
    keepalive,
  })

export const tomarInforme = (informeId: number) =>
  call(tomarInformeContract, { params: id(informeId) })

export const liberarInforme = (informeId: number) =>
  call(liberarInformeContract, { params: id(informeId) })

export const firmarInforme = (informeId: number, contrasena: string, hallazgoCritico: boolean) =>
  call(firmarInformeContract, { params: id(informeId), body: { contrasena, hallazgoCritico } })

export const nuevaVersion = (informeId: number, tipo: 'adenda' | 'correccion', motivo: string) =>
  call(tipo === 'adenda' ? adendaContract : correccionContract, {
    params: id(informeId),
    body: { motivo },
  })

/** What the editor shows beside the informe: priors, phrases, viewer link. */
export const contextoInforme = (informeId: number, signal?: AbortSignal) =>
  call(contextoInformeContract, { params: id(informeId), signal })

export const informesDePaciente = (pacienteId: number, signal?: AbortSignal) =>
  call(informesDePacienteContract, { params: id(pacienteId), signal })

/** Where the signed PDF is served (the bytes frozen at signing). */
export const urlPdf = (informeId: number) => `/informes/${informeId}/pdf`
