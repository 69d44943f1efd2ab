// An account's worklist sede (migration 0019).
import type { Sede } from '../../shared/catalogos.js'
import type { Sql } from '../db.js'

export async function sedeDe(sql: Sql, usuarioId: number): Promise<Sede | null> {
  const [fila] = await sql<
    { sede: Sede | null }[]
  >`select sede from usuarios where id = ${usuarioId}`
  return fila?.sede ?? null
}

export async function guardarSede(sql: Sql, usuarioId: number, sede: Sede | null): Promise<void> {
  await sql`update usuarios set sede = ${sede} where id = ${usuarioId}`
}
