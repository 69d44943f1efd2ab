// LAB atenciones the results' tests need: inserted with a chosen arrival, their samples listed and
// received (or not), and the calls that read, save and validate their results with If-Match.
import type { Sql } from '../db.js'
import type { TestApp } from './app.js'
import { insertarAtencion, insertarPaciente } from './factories.js'

/** The seeded catalogue's analito ids by code. */
export async function analitos(sql: Sql): Promise<Record<string, number>> {
  const filas = await sql<{ id: number; codigo: string }[]>`select id, codigo from analitos`
  return Object.fromEntries(filas.map((f) => [f.codigo, f.id]))
}

/**
 * A LAB atención of a new patient (an adult woman unless told) with `estudios`, its samples
 * received unless `recibir` is false (one per recipiente, as the lab lists them).
 */
export async function atencionLab(
  sql: Sql,
  o: {
    estudios?: string[]
    estado?: string
    prioridad?: string
    llegada?: string
    recibir?: boolean
    pacienteId?: number
    sexo?: string
    fechaNacimiento?: string
    sede?: string
  } = {},
): Promise<{ atencion: number; paciente: number }> {
  const paciente =
    o.pacienteId ??
    (await insertarPaciente(sql, { fechaNacimiento: o.fechaNacimiento ?? '1980-05-20' }))
  if (o.pacienteId === undefined)
    await sql`update pacientes set sexo = ${o.sexo ?? 'Femenino'} where id = ${paciente}`
  const estudios = o.estudios ?? ['Glucosa']
  const atencion = await insertarAtencion(sql, paciente, {
    modalidad: 'LAB',
    estudios,
    estado: o.estado ?? 'En proceso',
    prioridad: o.prioridad,
    llegada: o.llegada,
    sede: o.sede,
  })
  const [usuario] = await sql<{ id: number }[]>`select id from usuarios order by id limit 1`
  const recibida = o.recibir ?? true
  await sql`
    insert into muestras (atencion_id, recipiente, muestra, estudios, estado, recibida_por, recibida_en)
    select ${atencion}, x.recipiente, min(x.muestra), array_agg(e.nombre order by n.i),
      ${recibida ? 'recibida' : 'pendiente'}, ${recibida ? usuario!.id : null},
      ${recibida ? new Date() : null}
    from unnest(${estudios}::text[]) with ordinality n (nombre, i)
      join estudios e on e.nombre = n.nombre and e.modalidad = 'LAB'
      join examenes_laboratorio x on x.estudio_id = e.id
    group by x.recipiente`
  return { atencion, paciente }
}

type Respuesta = Awaited<ReturnType<TestApp['app']['inject']>>

export interface Llamadas {
  leer(id: number, h: Record<string, string>): Promise<Respuesta>
  guardar(
    id: number,
    h: Record<string, string>,
    resultados: { analitoId: number; valor: number | string | null; motivo?: string }[],
    etag?: string,
  ): Promise<Respuesta>
  validar(
    id: number,
    h: Record<string, string>,
    cuerpo?: { analitos?: number[]; soloNormales?: boolean },
    etag?: string,
  ): Promise<Respuesta>
  /** The atención's current ETag, as a read gives it. */
  etag(id: number, h: Record<string, string>): Promise<string>
}

/** The results' calls of `t`; a change without `etag` sends the one a fresh read gives. */
export function llamadas(t: TestApp): Llamadas {
  const leer = (id: number, h: Record<string, string>) =>
    t.app.inject({ url: `/atenciones/${id}/resultados`, headers: h })
  const etag = async (id: number, h: Record<string, string>) =>
    String((await leer(id, h)).headers.etag)
  return {
    leer,
    etag,
    guardar: async (id, h, resultados, e) =>
      t.app.inject({
        method: 'PUT',
        url: `/atenciones/${id}/resultados`,
        headers: { ...h, 'if-match': e ?? (await etag(id, h)) },
        payload: { resultados },
      }),
    validar: async (id, h, cuerpo = {}, e) =>
      t.app.inject({
        method: 'POST',
        url: `/atenciones/${id}/resultados/validar`,
        headers: { ...h, 'if-match': e ?? (await etag(id, h)) },
        payload: cuerpo,
      }),
  }
}
