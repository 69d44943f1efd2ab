// Registers a route from its shared contract, so the schema Fastify validates with and the
// types the handler sees are the ones the client was built against.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { BodyOf, Contract, ParamsOf, QueryOf, ResultOf } from '../shared/contract.js'
import { NOMBRE_ROL, PERMISOS, type Permiso } from '../shared/permisos.js'
import type { Sesion } from '../shared/sesion.js'
import { exigirPermiso } from './auth/plugin.js'

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: ParamsOf<C>
  Querystring: QueryOf<C>
  Body: BodyOf<C>
}>

/** A signed-in staff member: what the session answers, plus the account's id. */
export interface Usuario extends Sesion {
  id: number
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for the few routes anyone may call (see Contract.auth). */
    auth?: boolean
    /** Who may call it (see Contract.permiso). */
    permiso?: Permiso
  }
  interface FastifyRequest {
    /** The signed-in staff member, set by the session hook. */
    usuario?: Usuario
    /**
     * The client's address, read once when the request arrives (see app.ts); null when the socket
     * was already gone. Queries take this, never `request.ip`, which is undefined after a reset.
     */
    direccion: string | null
  }
}

/** The OpenAPI description of who may call a route. */
const quienPuede = (permiso: Permiso): string =>
  `Permiso \`${permiso}\`: ${PERMISOS[permiso].roles.map((r) => NOMBRE_ROL[r]).join(', ')}`

export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: (
    request: ContractRequest<C>,
    reply: FastifyReply,
  ) => Promise<ResultOf<C> | FastifyReply>,
): void {
  const auth = contract.auth !== false
  if (auth && !contract.permiso)
    throw new Error(`${contract.method} ${contract.url}: falta su permiso (shared/permisos.ts)`)
  app.route({
    method: contract.method,
    url: contract.url,
    ...(contract.bodyLimit && { bodyLimit: contract.bodyLimit }),
    config: { auth, ...(contract.permiso && { permiso: contract.permiso }) },
    ...(contract.permiso && { preParsing: exigirPermiso(contract.permiso) }),
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(contract.permiso && { description: quienPuede(contract.permiso) }),
      ...(contract.params && { params: contract.params }),
      ...(contract.headers && { headers: contract.headers }),
      ...(contract.querystring && { querystring: contract.querystring }),
      ...(contract.body && { body: contract.body }),
      response: contract.response,
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  })
}
