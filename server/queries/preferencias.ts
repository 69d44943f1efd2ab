// An account's worklist sede and sala (migrations 0019, 0037).
import type { Sede } from '../../shared/catalogos.js'
import type { Sql } from '../db.js'

export interface Recordadas {
  sede: Sede | null
  sala: number | null
}

export async function preferenciasDe(sql: Sql, usuarioId: number): Promise<Recordadas> {
  const [fila] = await sql<Recordadas[]>`
    select sede, sala_id as sala from usuarios where id = ${usuarioId}`
  return fila ?? { sede: null, sala: null }
}

/** Keeps what is given (undefined: leaves it as it was); answers both as they are now. */
export async function guardarPreferencias(
  sql: Sql,
  usuarioId: number,
  cambio: Partial<Recordadas>,
): Promise<Recordadas> {
  const [fila] = await sql<Recordadas[]>`
    update usuarios set
      sede = ${cambio.sede === undefined ? sql`sede` : cambio.sede},
      sala_id = ${cambio.sala === undefined ? sql`sala_id` : cambio.sala}
    where id = ${usuarioId}
    returning sede, sala_id as sala`
  return fila ?? { sede: null, sala: null }
}
