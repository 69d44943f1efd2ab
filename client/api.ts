// The one way the client talks to the server: every call goes through a shared contract, so the
// URL, the request and the answer's type are the ones the server registered its route from.
import type { TSchema } from '@sinclair/typebox'
import { navigate } from 'wouter/use-browser-location'
import type {
  BodyOf,
  Contract,
  ErrorBody,
  ErrorCampo,
  ParamsOf,
  QueryOf,
  ResultOf,
} from '../shared/contract.js'
import { enlaceSiguiente } from '../shared/enlaces.js'
import { fillPath } from '../shared/fill-path.js'
import { paths, volverA } from './paths.js'
import { sesion } from './state/sesion.js'

/**
 * A failed call: the HTTP status, the server's Spanish message and its per-field errors. The
 * response's status text is the protocol's English ("Bad Request"): never kept, never shown.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errores: ErrorCampo[] = [],
    readonly id?: number,
    readonly retryAfter?: number,
    /** The whole error body, for the answers that bring more (an informe's 412 brings `actual`). */
    readonly cuerpo?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type Part<S, Key extends string, T> = S extends TSchema
  ? { [K in Key]: T }
  : { [K in Key]?: undefined }

export type CallOptions<C extends Contract> = Part<C['params'], 'params', ParamsOf<C>> & {
  query?: C['querystring'] extends TSchema ? Partial<QueryOf<C>> : undefined
} & Part<C['body'], 'body', BodyOf<C>> & {
    signal?: AbortSignal
    /** A full same-origin URL to call instead of the contract's (a `Link: rel="next"` page). */
    url?: string
    /** Headers of the call itself, e.g. the If-Match of a correction. */
    headers?: Record<string, string>
    /** Let the call finish after the page is gone (an editor's last save, fetch's keepalive). */
    keepalive?: boolean
  }

export interface Answer<T> {
  data: T
  /** The URL of the next page, from `Link: <…>; rel="next"`. */
  next: string | null
  response: Response
}

/** Query string of the non-empty values only: empty filters are omitted (docs/datos.md#filtros). */
export function toQuery(query: Record<string, unknown> | undefined): string {
  const qs = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    qs.set(key, String(value))
  }
  const s = qs.toString()
  return s ? `?${s}` : ''
}

let redirecting = false

/**
 * What a failure with no message of ours means (a proxy's 502 page, a gateway's timeout): the
 * server's own errors always bring their Spanish `message` (docs/api.md#errores).
 */
export function mensajeDeEstado(status: number): string {
  if (status === 401) return 'Sesión requerida'
  if (status === 403) return 'No tiene permiso para hacer esto'
  if (status === 404) return 'Recurso no encontrado'
  if (status === 408 || status === 504) return 'El servidor tardó demasiado en responder'
  if (status === 413) return 'La solicitud es demasiado grande'
  if (status === 429) return 'Demasiadas solicitudes, intente nuevamente en unos momentos'
  if (status === 502 || status === 503)
    return 'El servidor no está disponible, intente nuevamente en unos momentos'
  if (status >= 500) return 'Error interno del servidor'
  return 'Solicitud inválida'
}

/** Calls a contract and returns the body together with the response (headers, next page). */
export async function request<C extends Contract>(
  contract: C,
  options: CallOptions<C>,
): Promise<Answer<ResultOf<C>>> {
  const opts = options as {
    params?: Record<string, unknown>
    query?: Record<string, unknown>
    body?: unknown
    signal?: AbortSignal
    url?: string
    headers?: Record<string, string>
    keepalive?: boolean
  }
  const url = opts.url ?? fillPath(contract.url, opts.params) + toQuery(opts.query)
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' }
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(url, {
      method: contract.method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
      keepalive: opts.keepalive,
    })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new ApiError(0, 'No se pudo conectar con el servidor')
  }
  const text = await response.text()
  let data: unknown = undefined
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = undefined
    }
  }
  if (!response.ok) {
    const body = (data ?? {}) as Partial<ErrorBody>
    const retry = Number(response.headers.get('retry-after')) || undefined
    const error = new ApiError(
      response.status,
      body.message || mensajeDeEstado(response.status),
      body.errores ?? [],
      body.id,
      retry,
      data,
    )
    // The session ended (expired, or logged out elsewhere): log in again and come back here.
    if (response.status === 401 && contract.auth !== false) irAlLogin()
    throw error
  }
  return {
    data: data as ResultOf<C>,
    next: enlaceSiguiente(response.headers.get('link')),
    response,
  }
}

/** Calls a contract and returns the typed body of its success answer. */
export async function call<C extends Contract>(
  contract: C,
  options: CallOptions<C>,
): Promise<ResultOf<C>> {
  return (await request(contract, options)).data
}

export function irAlLogin(): void {
  sesion.usuario = null
  sesion.estado = 'ninguna'
  const here = window.location.pathname + window.location.search
  if (window.location.pathname === paths.login || redirecting) return
  redirecting = true
  navigate(`${paths.login}${volverA(here)}`, { replace: true })
  queueMicrotask(() => (redirecting = false))
}

/** The message to show for any failure of a call. */
export function mensajeDe(err: unknown, fallback = 'Error desconocido'): string {
  if (err instanceof ApiError) return err.message || fallback
  return fallback
}
