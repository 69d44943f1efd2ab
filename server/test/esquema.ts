// What the database itself says about a table, for the tests that hold a shared list (the
// patient's fields, the estado machine) against the migrations.
import type { Sql } from '../db.js'

/** A check constraint as PostgreSQL prints it; '' when the table has no constraint of that name. */
export async function definicionDelCheck(
  sql: Sql,
  tabla: string,
  restriccion: string,
): Promise<string> {
  const [c] = await sql<{ def: string }[]>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = ${tabla}::regclass and conname = ${restriccion}`
  return c?.def ?? ''
}

/** The quoted values of a check constraint's `= ANY (ARRAY[...])`, as PostgreSQL prints it. */
export async function valoresDelCheck(
  sql: Sql,
  tabla: string,
  restriccion: string,
): Promise<string[]> {
  const def = await definicionDelCheck(sql, tabla, restriccion)
  return [...def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]!)
}
