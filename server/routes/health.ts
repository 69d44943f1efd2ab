import type { FastifyInstance } from 'fastify'
import type { Sql } from '../db.js'
import { ServiceUnavailableError } from '../errors.js'
import { route } from '../route.js'
import { healthContract } from '../../shared/health.js'

export async function healthRoutes(app: FastifyInstance, opts: { sql: Sql }): Promise<void> {
  route(app, healthContract, async () => {
    try {
      await Promise.race([
        opts.sql`select 1`,
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ])
    } catch {
      throw new ServiceUnavailableError('Base de datos no disponible')
    }
    return { estado: 'ok' as const, baseDeDatos: 'ok' as const }
  })
}
