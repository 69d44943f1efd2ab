// The patient's four calls (docs/api.md#acceso-del-paciente-a-sus-resultados), made with fetch
// rather than through their contracts: the contracts bring TypeBox, several times this page's
// size, and the page only reads the answers. The server's Spanish message travels in ApiError.
import type { Acceso, DocumentoPaciente } from '../../../shared/acceso.js'
import { ApiError, mensajeDeEstado } from '../../api.js'

export const SIN_CONEXION =
  'No se pudo conectar con el servidor. Revise su conexión a internet e intente otra vez.'

async function llamar(url: string, init: RequestInit): Promise<Response> {
  let res: Response
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin', cache: 'no-store' })
  } catch {
    throw new ApiError(0, SIN_CONEXION)
  }
  if (res.ok) return res
  const cuerpo = (await res.json().catch(() => null)) as { message?: string } | null
  const retry = Number(res.headers.get('retry-after')) || undefined
  throw new ApiError(
    res.status,
    cuerpo?.message || mensajeDeEstado(res.status),
    [],
    undefined,
    retry,
  )
}

export interface Entrada {
  tipoDocumento: string
  documento: string
  codigo: string
}

/** POST /resultados/acceso: the patient's signed documents, and the download cookie. */
export async function entrar(entrada: Entrada): Promise<Acceso> {
  const res = await llamar('/resultados/acceso', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(entrada),
  })
  return (await res.json()) as Acceso
}

/** The document's frozen PDF, with the cookie; a 401 when the 15 minutes are over. */
export async function descargar(d: DocumentoPaciente): Promise<Blob> {
  const res = await llamar(d.url, { headers: { accept: 'application/pdf' } })
  return res.blob()
}

/** GET /resultados/documentos: the same list, read again with the cookie (its entregas up to date). */
export async function misDocumentos(): Promise<Acceso> {
  const res = await llamar('/resultados/documentos', { headers: { accept: 'application/json' } })
  return (await res.json()) as Acceso
}

/** POST /resultados/salir: the cookie stops working. A failure here leaves only a cookie that expires. */
export async function salir(): Promise<void> {
  await llamar('/resultados/salir', { method: 'POST' }).catch(() => {})
}
