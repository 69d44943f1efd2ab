// GET /laboratorio/analitos: the laboratory's catalogue (docs/api.md#catálogo-del-laboratorio).
// It holds no patient data, so it leaves no audit record, like GET /catalogos.
import type { FastifyInstance } from 'fastify'
import { analitosContract } from '../../shared/laboratorio.js'
import type { Sql } from '../db.js'
import { catalogoLaboratorio } from '../queries/laboratorio.js'
import { route } from '../route.js'

export async function laboratorioRoutes(app: FastifyInstance, opts: { sql: Sql }): Promise<void> {
  route(app, analitosContract, async () => catalogoLaboratorio(opts.sql))
}
