// The naive baseline each case is compared with: the same filters and the same order, written
// the obvious way (ILIKE over unaccent() computed on every row, so no trigram index can help;
// OFFSET paging; NOT EXISTS for patients without atención). Served by a tiny HTTP endpoint in the
// bench process, so it is measured exactly like the product. Not part of the product.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type postgres from 'postgres'
import { validarBusqueda, type FiltrosBusqueda } from '../shared/busqueda.js'
import type { Sql } from '../server/db.js'

const POR_PAGINA = 50
const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const NOMBRES = {
  primerNombre: 'primer_nombre',
  segundoNombre: 'segundo_nombre',
  primerApellido: 'primer_apellido',
  segundoApellido: 'segundo_apellido',
} as const

/** Same meaning as the product: a prefix under 3 characters, a substring from 3 on. */
const patron = (t: string) => ([...t].length >= 3 ? `%${escaparLike(t)}%` : `${escaparLike(t)}%`)
const parecido = (sql: Sql, columna: string, p: string) =>
  sql`unaccent(${sql('p.' + columna)}) ilike unaccent(${p})`

function condicionesPaciente(sql: Sql, f: FiltrosBusqueda): postgres.Fragment[] {
  const c: postgres.Fragment[] = []
  if (f.tipoDocumento) c.push(sql`p.tipo_documento = ${f.tipoDocumento}`)
  if (f.documento) c.push(sql`p.documento ilike ${escaparLike(f.documento) + '%'}`)
  for (const [campo, columna] of Object.entries(NOMBRES) as [keyof typeof NOMBRES, string][]) {
    const t = f[campo]
    if (t) c.push(parecido(sql, columna, patron(t)))
  }
  // A word of «Nombre o documento»: in any of the four names; a short one also after a blank.
  for (const palabra of f.palabras ?? []) {
    const patrones = [patron(palabra)]
    if ([...palabra].length < 3) patrones.push(`% ${escaparLike(palabra)}%`)
    const arms = Object.values(NOMBRES).flatMap((col) => patrones.map((p) => parecido(sql, col, p)))
    c.push(arms.reduce((acc, x) => sql`${acc} or ${x}`))
  }
  return c
}

function condicionesVisita(sql: Sql, f: FiltrosBusqueda, tz: string): postgres.Fragment[] {
  const c: postgres.Fragment[] = []
  if (f.sede) c.push(sql`a.sede = ${f.sede}`)
  if (f.modalidad) c.push(sql`a.modalidad = ${f.modalidad}`)
  if (f.estados) c.push(sql`a.estado = any(${f.estados}::text[])`)
  if (f.prioridades) c.push(sql`a.prioridad = any(${f.prioridades}::text[])`)
  if (f.fechaInicial)
    c.push(sql`a.llegada >= (${f.fechaInicial}::date)::timestamp at time zone ${tz}`)
  if (f.fechaFinal)
    c.push(sql`a.llegada < (${f.fechaFinal}::date + 1)::timestamp at time zone ${tz}`)
  return c
}

const y = (sql: Sql, cs: postgres.Fragment[]) =>
  cs.reduce((acc, c) => sql`${acc} and (${c})`, sql`true`)

export interface FilaBaseline {
  tipo: number
  claveId: number
}

/** One page of the search, the naive way; `pagina` counts from 0. */
export function buscarIngenuo(
  sql: Sql,
  f: FiltrosBusqueda,
  pagina: number,
  tz: string,
): Promise<FilaBaseline[]> {
  const paciente = condicionesPaciente(sql, f)
  const visita = condicionesVisita(sql, f, tz)
  const conAtencion = sql`
    select a.paciente_id as id, a.id as atencion_id, a.estudios, a.modalidad, a.sede, a.estado,
      a.procedencia, a.prioridad, a.llegada as instante, 1 as tipo, a.id as clave_id
    from atenciones a join pacientes p on p.id = a.paciente_id
    where ${y(sql, [...paciente, ...visita])}`
  const sinAtencion = sql`
    select p.id, null::integer, null::text[], null, null, null, null, null, p.creado_en, 0, p.id
    from pacientes p
    where ${y(sql, paciente)} and not exists (select 1 from atenciones a where a.paciente_id = p.id)`
  const filas = visita.length > 0 ? conAtencion : sql`${conAtencion} union all ${sinAtencion}`
  return sql<FilaBaseline[]>`
    select r.id, r.atencion_id, p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre,
      p.primer_apellido, p.segundo_apellido, p.fecha_nacimiento, r.estudios, r.modalidad, r.sede,
      r.estado, r.procedencia, r.prioridad,
      case when r.tipo = 1 then to_char(r.instante at time zone ${tz}, 'YYYY-MM-DD') end as fecha_llegada,
      case when r.tipo = 1 then to_char(r.instante at time zone ${tz}, 'HH24:MI') end as hora_llegada,
      r.tipo, r.clave_id
    from (${filas}) r join pacientes p on p.id = r.id
    order by r.instante desc, r.tipo desc, r.clave_id desc
    offset ${pagina * POR_PAGINA} limit ${POR_PAGINA}`
}

/** The patients list, newest first, by OFFSET. */
export async function listarIngenuo(sql: Sql, pagina: number): Promise<unknown[]> {
  return sql<Record<string, unknown>[]>`
    select p.*, array(select distinct a.modalidad from atenciones a where a.paciente_id = p.id) as modalidades
    from pacientes p
    order by p.creado_en desc, p.id desc
    offset ${pagina * POR_PAGINA} limit ${POR_PAGINA}`
}

/** GET /buscar?<the product's query string> and GET /lista?pagina=N on a free loopback port. */
export async function servirBaseline(
  sql: Sql,
  tz: string,
): Promise<{ url: string; cerrar: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const q = Object.fromEntries(url.searchParams)
    const responder = (status: number, cuerpo: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(cuerpo))
    }
    let trabajo: Promise<unknown>
    if (url.pathname === '/buscar') {
      const { errores, filtros } = validarBusqueda(q)
      if (errores.length > 0) return responder(400, errores)
      trabajo = buscarIngenuo(sql, filtros, Number(q.pagina ?? 0), tz)
    } else if (url.pathname === '/lista') {
      trabajo = listarIngenuo(sql, Number(q.pagina ?? 0))
    } else return responder(404, {})
    trabajo.then(
      (filas) => responder(200, filas),
      (err: Error) => responder(500, { message: err.message }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    cerrar: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
