// Templates, phrases and the viewer's address (migration 0055): the admins' reads and changes,
// each change written with its audit event in one statement, and what a new draft starts from.
import type postgres from 'postgres'
import type { ContenidoInforme } from '../../shared/informes.js'
import type { Frase, FraseEntrada, Plantilla } from '../../shared/plantillas.js'
import type { Sql } from '../db.js'
import { insercionEventos, type Evento } from './auditoria.js'

/** A study and its template (an empty one when it has none); undefined when there is no study. */
export async function plantillaDe(
  sql: Sql,
  estudioId: number,
): Promise<(Plantilla & { modalidad: string }) | undefined> {
  const [fila] = await sql<(Plantilla & { modalidad: string; actualizadoEn: Date | null })[]>`
    select e.id as estudio_id, e.modalidad, coalesce(p.contenido, '{}'::jsonb) as contenido,
      p.actualizado_en
    from estudios e left join plantillas_informe p on p.estudio_id = e.id
    where e.id = ${estudioId}`
  return fila && { ...fila, actualizadoEn: fila.actualizadoEn?.toISOString() ?? null }
}

export async function guardarPlantilla(
  sql: Sql,
  estudioId: number,
  contenido: ContenidoInforme,
  evento: Evento,
): Promise<Plantilla> {
  const [fila] = await sql<{ actualizadoEn: Date }[]>`
    with guardada as (
      insert into plantillas_informe (estudio_id, contenido, actualizado_por)
      values (${estudioId}, ${sql.json(contenido as never)}, ${evento.usuarioId})
      on conflict (estudio_id) do update
        set contenido = excluded.contenido, actualizado_por = excluded.actualizado_por,
          actualizado_en = now()
      returning estudio_id, actualizado_en
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select null::bigint as paciente_id, jsonb_build_object('estudio', estudio_id) as detalle
        from guardada`,
    )})
    select actualizado_en from guardada`
  return { estudioId, contenido, actualizadoEn: fila!.actualizadoEn.toISOString() }
}

const COLUMNAS_FRASE = 'id, estudio_id, atajo, texto'

export const listarFrases = (sql: Sql) =>
  sql<Frase[]>`
    select ${sql.unsafe(COLUMNAS_FRASE)} from frases_informe
    order by estudio_id nulls first, atajo`

/** What a phrase's change ran into: its shortcut taken (unique violation), or nothing changed. */
export class AtajoRepetido extends Error {}

async function cambioFrase(
  sql: Sql,
  cambio: postgres.Fragment,
  evento: Evento,
): Promise<Frase | undefined> {
  try {
    const [fila] = await sql<Frase[]>`
      with f as (${cambio} returning ${sql.unsafe(COLUMNAS_FRASE)}),
      registro as (${insercionEventos(
        sql,
        evento,
        sql`select null::bigint as paciente_id,
          jsonb_build_object('frase', id, 'estudio', estudio_id, 'atajo', atajo) as detalle from f`,
      )})
      select * from f`
    return fila
  } catch (err) {
    if ((err as postgres.PostgresError).code === '23505') throw new AtajoRepetido()
    throw err
  }
}

export const crearFrase = (sql: Sql, f: FraseEntrada, evento: Evento) =>
  cambioFrase(
    sql,
    sql`insert into frases_informe (estudio_id, atajo, texto, actualizado_por)
      values (${f.estudioId}, ${f.atajo}, ${f.texto}, ${evento.usuarioId})`,
    evento,
  )

export const cambiarFrase = (sql: Sql, id: number, f: FraseEntrada, evento: Evento) =>
  cambioFrase(
    sql,
    sql`update frases_informe set estudio_id = ${f.estudioId}, atajo = ${f.atajo},
        texto = ${f.texto}, actualizado_por = ${evento.usuarioId}, actualizado_en = now()
      where id = ${id}`,
    evento,
  )

export const borrarFrase = (sql: Sql, id: number, evento: Evento) =>
  cambioFrase(sql, sql`delete from frases_informe where id = ${id}`, evento)

export async function leerVisor(sql: Sql): Promise<string | null> {
  const [fila] = await sql<{ visorUrl: string | null }[]>`select visor_url from clinica`
  return fila?.visorUrl ?? null
}

export async function guardarVisor(sql: Sql, url: string | null, evento: Evento): Promise<void> {
  await sql`
    with cambio as (update clinica set visor_url = ${url}, actualizado_en = now() returning 1),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select null::bigint as paciente_id, jsonb_build_object('visor', ${url}::text) as detalle
        from cambio`,
    )})
    select 1`
}

/** The templates of an atención's studies, in the atención's order (a study without one is left out). */
export const plantillasDeAtencion = (sql: Sql, atencionId: number) =>
  sql<{ estudio: string; contenido: ContenidoInforme }[]>`
    select e.nombre as estudio, p.contenido
    from atenciones a
    join estudios e on e.modalidad = a.modalidad and e.nombre = any (a.estudios)
    join plantillas_informe p on p.estudio_id = e.id
    where a.id = ${atencionId}
    order by array_position(a.estudios, e.nombre)`
