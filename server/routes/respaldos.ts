import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import type { Database } from '../db.js'
import { route } from '../route.js'
import {
  estadoRespaldosContract,
  RESPALDOS_RECIENTES,
  type Respaldo,
} from '../../shared/respaldos.js'

export async function respaldosRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: Config },
): Promise<void> {
  const { db, config } = opts

  route(app, estadoRespaldosContract, async () => {
    const filas = await db.sql<(Omit<Respaldo, 'inicio' | 'fin'> & { inicio: Date; fin: Date })[]>`
      select inicio, fin, origen, archivo, bytes::int as bytes, error
      from respaldos order by inicio desc limit ${RESPALDOS_RECIENTES}`
    const embebida = db.home === 'embedded'
    return {
      casa: embebida ? ('embebida' as const) : ('postgres' as const),
      diario:
        embebida && config.respaldoHora
          ? {
              hora: config.respaldoHora,
              conservar: config.respaldoConservar,
              directorio: config.respaldoDir,
            }
          : null,
      recientes: filas.map((f) => ({
        ...f,
        inicio: f.inicio.toISOString(),
        fin: f.fin.toISOString(),
      })),
    }
  })
}
