// Failed-login throttling, counted in PostgreSQL so every instance shares it. Keyed by the name
// typed, never by whether it exists, so the answer says nothing about which accounts exist.
import { insercionEventos } from '../queries/auditoria.js'
import { inTransaction, type Sql } from '../db.js'
import { TooManyRequestsError } from '../errors.js'

export const VENTANA_MINUTOS = 15
export const MAX_POR_USUARIO = 5
export const MAX_POR_DIRECCION = 20

interface Espera {
  segundos: number
}

/**
 * Records this attempt as failed before the password is checked, so a burst of parallel attempts
 * cannot all slip under the limit; throws 429 when the earlier failures already reach it.
 * Returns the attempt's id, to be forgotten if the password turns out right.
 */
export async function registrarIntento(
  sql: Sql,
  usuario: string,
  direccion: string,
): Promise<number> {
  // One attempt per name and per address at a time counts the earlier ones: ids come from a
  // sequence, so without the locks a later id could count before an earlier one had committed and
  // both slip under the limit. Locks are taken name first, then address, so two never wait on each
  // other in a cycle.
  const { id, esperas } = await inTransaction(sql, async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${'intento:u:' + usuario}, 0))`
    await tx`select pg_advisory_xact_lock(hashtextextended(${'intento:d:' + direccion}, 0))`
    const [intento] = await tx<{ id: string }[]>`
      insert into intentos_fallidos (usuario, direccion) values (${usuario}, ${direccion}) returning id`
    const id = Number(intento!.id)
    await tx`delete from intentos_fallidos where en < now() - interval '1 day'`
    // The Nth earlier failure in the window: while it exists, the limit is reached; it leaves the
    // window (and a new attempt is allowed) VENTANA_MINUTOS after it happened.
    const esperas = await tx<Espera[]>`
      select * from (
        (select ceil(extract(epoch from en + make_interval(mins => ${VENTANA_MINUTOS}) - now()))::int as segundos
         from intentos_fallidos where usuario = ${usuario} and en > now() - make_interval(mins => ${VENTANA_MINUTOS}) and id < ${id}
         order by id desc offset ${MAX_POR_USUARIO - 1} limit 1)
        union all
        (select ceil(extract(epoch from en + make_interval(mins => ${VENTANA_MINUTOS}) - now()))::int
         from intentos_fallidos where direccion = ${direccion} and en > now() - make_interval(mins => ${VENTANA_MINUTOS}) and id < ${id}
         order by id desc offset ${MAX_POR_DIRECCION - 1} limit 1)
      ) e`
    return { id, esperas }
  })
  if (esperas.length > 0) {
    await rechazar(sql, id, usuario, direccion)
    const segundos = Math.max(1, ...esperas.map((e) => e.segundos))
    const minutos = Math.ceil(segundos / 60)
    throw new TooManyRequestsError(
      `Demasiados intentos fallidos. Intente nuevamente en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
      segundos,
    )
  }
  return id
}

/**
 * A refused attempt is not a failure of its own (the wait does not grow while someone keeps
 * trying), but it is counted per address and window: the 1st, 2nd, 4th, 8th… refusal writes an
 * audit record with the count so far, so an admin sees a flood's size from a few rows.
 */
async function rechazar(sql: Sql, id: number, usuario: string, direccion: string): Promise<void> {
  const ventana = sql`make_interval(mins => ${VENTANA_MINUTOS})`
  await sql`
    with olvidado as (delete from intentos_fallidos where id = ${id}),
    viejos as (delete from intentos_limitados where desde < now() - interval '1 day'),
    cuenta as (
      insert into intentos_limitados as l (direccion, desde)
      values (${direccion}, date_bin(${ventana}, now(), timestamptz '2000-01-01 00:00+00'))
      on conflict (direccion, desde) do update set intentos = l.intentos + 1
      returning intentos, desde
    )
    ${insercionEventos(
      sql,
      { accion: 'sesion.limitada', usuarioId: null, usuario, direccion },
      sql`
        select null::bigint as paciente_id, jsonb_build_object('intentos', intentos, 'desde', desde) as detalle
        from cuenta where intentos & (intentos - 1) = 0`,
    )}`
}

/** A right password: this attempt was no failure, and the name's earlier failures are forgiven. */
export async function olvidarIntentos(sql: Sql, usuario: string, id: number): Promise<void> {
  await sql`delete from intentos_fallidos where id = ${id} or usuario = ${usuario}`
}
