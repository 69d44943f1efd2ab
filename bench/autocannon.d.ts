// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  export interface Request extends RequestParams {
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams
    /** Each answer, with the context of the connection's request and its headers. */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    headers?: Record<string, string>
    method?: string
    requests?: Request[]
    overallRate?: number
  }

  export interface Result {
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    totalCompletedRequests: number
    statusCodeStats: Record<string, { count: number }>
  }

  export interface Instance extends EventEmitter {
    stop(): void
  }

  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance
  export default autocannon
}
