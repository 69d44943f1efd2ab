// Médicos solicitantes (migration 0070): the search of the desk and of Configuración, adding one,
// an admin's corrections, what an atención may name, and the line the documents print. Every change
// writes its audit record in its own statement.
import type postgres from 'postgres'
import {
  normalizarCmp,
  textoSolicitante,
  type DatosMedico,
  type MedicoSolicitante,
} from '../../shared/medico-solicitante.js'
import { limpiar } from '../../shared/texto.js'
import { inTransaction, type Sql } from '../db.js'
import { insercionEventos, type Evento } from './auditoria.js'

const COLUMNAS = (sql: Sql) =>
  sql`id, nombres, apellidos, cmp, especialidad, correo, telefono, activo`

/**
 * What an atención carries of its solicitante (SolicitanteResumenSchema), as a subquery over the
 * atención's `solicitante_id` column: a json object, or null.
 */
export const resumenSolicitante = (sql: Sql, solicitanteId: postgres.Fragment) => sql`
  (select json_build_object('id', m.id, 'nombres', m.nombres, 'apellidos', m.apellidos,
      'cmp', m.cmp, 'activo', m.activo)
    from medicos_solicitantes m where m.id = ${solicitanteId})`

/** `%`, `_` and `\` typed are themselves in a LIKE pattern. */
const literal = (s: string) => s.replace(/[\\%_]/g, '\\$&')

/**
 * Those that match `q` (docs/api.md#médicos-solicitantes), the active first, then by surname and
 * name. Digits alone (a «CMP» before them or not) are the CMP's first digits; words are each the
 * start of a word of the surnames or names, without case or accents, in any order.
 */
export async function buscarMedicos(
  sql: Sql,
  q: string | undefined,
  limite: number,
): Promise<MedicoSolicitante[]> {
  const termino = limpiar(q)
  const cmp = /^(cmp\s*)?[0-9][0-9 ]*$/i.test(termino)
    ? normalizarCmp(termino.replace(/^cmp/i, ''))
    : null
  const palabras = cmp === null && termino ? termino.split(' ') : []
  const condiciones = [
    ...(cmp !== null ? [sql`cmp like ${`${literal(cmp)}%`}`] : []),
    ...palabras.map(
      (p) => sql`medico_busqueda(apellidos, nombres) like '% ' || normalizar(${literal(p)}) || '%'`,
    ),
  ].reduce((todas, c) => sql`${todas} and ${c}`, sql`true`)
  return sql<MedicoSolicitante[]>`
    select ${COLUMNAS(sql)} from medicos_solicitantes
    where ${condiciones}
    order by activo desc, normalizar(apellidos), normalizar(nombres), id
    limit ${limite}`
}

export async function medicoPorId(sql: Sql, id: number): Promise<MedicoSolicitante | undefined> {
  const [fila] = await sql<MedicoSolicitante[]>`
    select ${COLUMNAS(sql)} from medicos_solicitantes where id = ${id}`
  return fila
}

/** Who holds a CMP, for the 409 that names them. */
async function medicoPorCmp(sql: Sql, cmp: string): Promise<MedicoSolicitante | undefined> {
  const [fila] = await sql<MedicoSolicitante[]>`
    select ${COLUMNAS(sql)} from medicos_solicitantes where cmp = ${cmp}`
  return fila
}

/** What the audit records of a physician added: the row as stored. */
const detalleNuevo = (sql: Sql, de: string) => sql`
  select null::bigint as paciente_id,
    jsonb_strip_nulls(jsonb_build_object('medico', id, 'cmp', cmp, 'apellidos', apellidos,
      'nombres', nombres, 'especialidad', especialidad, 'correo', correo,
      'telefono', telefono)) as detalle
  from ${sql(de)}`

/**
 * Stores a new one with its audit record. A CMP already registered stores nothing and records
 * nothing: `{ repetido }` is who has it, also when another request took it a moment before.
 */
export async function crearMedico(
  sql: Sql,
  d: DatosMedico,
  creadoPor: number | null,
  evento: Evento,
): Promise<{ medico: MedicoSolicitante } | { repetido: MedicoSolicitante }> {
  const [medico] = await sql<MedicoSolicitante[]>`
    with nuevo as (
      insert into medicos_solicitantes (nombres, apellidos, cmp, especialidad, correo, telefono, creado_por)
      values (${d.nombres}, ${d.apellidos}, ${d.cmp}, ${d.especialidad}, ${d.correo}, ${d.telefono}, ${creadoPor})
      on conflict (cmp) do nothing
      returning *
    ), e as (${insercionEventos(sql, evento, detalleNuevo(sql, 'nuevo'))})
    select ${COLUMNAS(sql)} from nuevo`
  if (medico) return { medico }
  // The statement waited for the one that took the number to commit: it is there to be read.
  const repetido = await medicoPorCmp(sql, d.cmp)
  if (!repetido) throw new Error(`El CMP ${d.cmp} chocó y no se encuentra`)
  return { repetido }
}

export type CambioMedicoFila = Partial<DatosMedico> & { activo?: boolean }

/**
 * An admin's change, with each changed field's old and new value in its audit record; the same
 * values again change and record nothing. Undefined when there is no such physician;
 * `{ repetido }` (nothing stored) when the new CMP is another's.
 */
export async function cambiarMedico(
  sql: Sql,
  id: number,
  c: CambioMedicoFila,
  evento: Evento,
): Promise<MedicoSolicitante | { repetido: MedicoSolicitante } | undefined> {
  try {
    return await cambiar(sql, id, c, evento)
  } catch (err) {
    // Another change took the same number between the check and the write.
    const e = err as postgres.PostgresError
    const otro =
      e.code === '23505' && e.constraint_name === 'medicos_solicitantes_cmp_key'
        ? await medicoPorCmp(sql, c.cmp!)
        : undefined
    if (otro) return { repetido: otro }
    throw err
  }
}

function cambiar(
  sql: Sql,
  id: number,
  c: CambioMedicoFila,
  evento: Evento,
): Promise<MedicoSolicitante | { repetido: MedicoSolicitante } | undefined> {
  return inTransaction(sql, async (tx) => {
    const [actual] = await tx<MedicoSolicitante[]>`
      select ${COLUMNAS(tx)} from medicos_solicitantes where id = ${id} for update`
    if (!actual) return undefined
    const cambios = Object.fromEntries(
      Object.entries(c)
        .filter(([k, v]) => v !== undefined && v !== actual[k as keyof MedicoSolicitante])
        .map(([k, v]) => [k, { antes: actual[k as keyof MedicoSolicitante], despues: v }]),
    ) as Record<keyof CambioMedicoFila, { antes: unknown; despues: unknown }>
    if (Object.keys(cambios).length === 0) return actual
    if (cambios.cmp) {
      const otro = await medicoPorCmp(tx, c.cmp!)
      if (otro) return { repetido: otro }
    }
    const sets = (Object.keys(cambios) as (keyof CambioMedicoFila)[]).map(
      (k) => tx`${tx(k)} = ${c[k] ?? null}`,
    )
    const asignaciones = sets.reduce((todas, s) => tx`${todas}, ${s}`, tx`actualizado_en = now()`)
    const detalle = tx.json({ medico: id, cmp: actual.cmp, cambios } as postgres.JSONValue)
    const [fila] = await tx<MedicoSolicitante[]>`
      with cambiado as (
        update medicos_solicitantes set ${asignaciones} where id = ${id} returning *
      ), e as (${insercionEventos(
        tx,
        evento,
        tx`select null::bigint as paciente_id, ${detalle}::jsonb as detalle from cambiado`,
      )})
      select ${COLUMNAS(tx)} from cambiado`
    return fila
  })
}

/**
 * The solicitante of atención `atencionId` as a signed document prints it («Apellidos, Nombres —
 * CMP 12345»), read when the document is frozen; null when it names none.
 */
export async function solicitanteImpreso(sql: Sql, atencionId: number): Promise<string | null> {
  const [m] = await sql<Pick<MedicoSolicitante, 'nombres' | 'apellidos' | 'cmp'>[]>`
    select m.nombres, m.apellidos, m.cmp
    from atenciones a join medicos_solicitantes m on m.id = a.solicitante_id
    where a.id = ${atencionId}`
  return m ? textoSolicitante(m) : null
}
