// The keyset of the paged lists: the sort key of a page's last row, where the next page starts.
import type postgres from 'postgres'
import type { Sql } from '../db.js'
import { consulta, t, type Trozo } from './trozo.js'

/** A row's sort key: its instant as exact UTC text (microseconds), then integers (kind, id). */
export type Clave = [instante: string, ...enteros: number[]]

/**
 * A key's instant in a statement, exact: sent as text and cast there. A parameter typed
 * timestamptz goes through a JavaScript Date and keeps only milliseconds, so the rows sharing the
 * last row's instant (one load's now()) would fall between two pages.
 */
export const instante = (clave: Clave): Trozo => t`${clave[0]}::text::timestamptz`

/** instante as a postgres.js fragment. */
export const instanteDe = (sql: Sql, clave: Clave): postgres.Fragment =>
  consulta(sql, instante(clave))
