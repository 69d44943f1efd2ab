// The patient's fields (shared/paciente-campos.ts) as SQL, written once when the server starts: the
// list never changes while it runs. Built from postgres.js fragments on every statement (a few per
// field, each a Query, that is a Promise with its closures, which the driver then walked again to
// write the text), a registration made about a hundred of them and a correction about three
// hundred. Without them the server's CPU per POST /pacientes went from 0.58 to 0.34 ms, and per
// PATCH /pacientes/:id from 1.4 to 0.6 (docs/presupuestos.md#cpu-por-solicitud). The text holds
// only the fields' names, from the code; every value still goes as a parameter.
import postgres from 'postgres'
import { CAMPOS } from '../../shared/paciente-campos.js'
import type { PacienteDatos } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'

// Written into the statement's text, so they are checked to be plain names.
for (const c of CAMPOS)
  if (!/^[a-z][a-zA-Z0-9]*$/.test(c)) throw new Error(`Nombre de campo no admitido: ${c}`)

/** A column as postgres.js writes an identifier (the client's camelCase to snake_case). */
const columna = (alias: string, c: string) =>
  `${alias ? `"${alias}".` : ''}"${postgres.fromCamel(c)}"`

/** A tagged template's strings, for a statement written from a list: the driver takes these. */
function plantilla(partes: string[]): TemplateStringsArray {
  return Object.freeze(Object.assign([...partes], { raw: Object.freeze([...partes]) }))
}

const LISTA = plantilla(['', ...CAMPOS.slice(1).map(() => ', '), ''])
const ASIGNACIONES = plantilla([
  ...CAMPOS.map((c, i) => `${i === 0 ? '' : ', '}${columna('', c)} = `),
  '',
])
const textos = new Map<string, { columnas: string; objeto: string }>()
function textosDe(alias: string) {
  let t = textos.get(alias)
  if (!t) {
    t = {
      columnas: CAMPOS.map((c) => columna(alias, c)).join(', '),
      objeto: `jsonb_build_object(${CAMPOS.map((c) => `'${c}', ${columna(alias, c)}::text`).join(', ')})`,
    }
    textos.set(alias, t)
  }
  return t
}

/** Every field's column of the row `alias` (none: as an insert names them), separated by commas. */
export const columnasCampos = (sql: Sql, alias = ''): postgres.Fragment =>
  sql.unsafe(textosDe(alias).columnas)

/** The row `alias`'s fields as one jsonb object with the API's names, each as text. */
export const objetoCampos = (sql: Sql, alias: string): postgres.Fragment =>
  sql.unsafe(textosDe(alias).objeto)

/** The fields' values of `d`, in the fields' order, as parameters separated by commas. */
export const valoresCampos = (sql: Sql, d: PacienteDatos): postgres.Fragment =>
  sql(LISTA, ...CAMPOS.map((c) => d[c]))

/** `columna = valor` of every field, from `d`, separated by commas: an update's assignments. */
export const asignacionesCampos = (sql: Sql, d: PacienteDatos): postgres.Fragment =>
  sql(ASIGNACIONES, ...CAMPOS.map((c) => d[c]))
