// One day in attention order (orden=atencion): the waiting room's view of the worklist. The day
// is a fixed date, never the one the test runs on; what it checks is the order, the sections and
// the sala filter, and that a wrong order or sala is a Spanish 400.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_ORDEN_UN_DIA, type BusquedaFila } from '../../shared/busqueda.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { capturar, indicesDelPlan } from '../test/planes.js'

let t: TestApp
let rx1: number
let rx2: number
const DIA = '2026-03-12'
// Lima has no daylight saving time: always UTC-5.
const lima = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`).toISOString()

/** The rows by their patient's primer apellido, which names each one's place below. */
const apellidos = (filas: BusquedaFila[]) => filas.map((f) => f.primerApellido)

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: 'America/Lima' })
  const sql = t.db.sql
  const salas = await sql<{ id: number }[]>`
    select id from salas where sede = 'Lima' and modalidad = 'RX' order by id`
  rx1 = salas[0]!.id
  const [otra] = await sql<{ id: number }[]>`
    insert into salas (sede, nombre, modalidad, horario)
    select sede, nombre || ' 2', modalidad, horario from salas where id = ${rx1}
    returning id`
  rx2 = otra!.id
  const llega = async (
    apellido: string,
    hora: string,
    estado: string,
    prioridad = 'Rutina',
    otros: { sede?: string; sala?: number; dia?: string } = {},
  ) => {
    const p = await insertarPaciente(sql, { primerApellido: apellido })
    const id = await insertarAtencion(sql, p, {
      llegada: lima(otros.dia ?? DIA, hora),
      estado,
      prioridad,
      sede: otros.sede ?? 'Lima',
    })
    await sql`update atenciones set sala_id = ${otros.sala ?? rx1} where id = ${id}`
  }
  // Inserted out of order on purpose: the answer's order is the server's, not the insertion's.
  await llega('Rutina-Temprano', '08:00', 'En espera')
  await llega('Urgente-Tarde', '10:30', 'En espera', 'Urgente')
  await llega('Emergencia-Tarde', '11:00', 'En espera', 'Emergencia')
  await llega('Rutina-Tarde', '09:15', 'En espera', 'Rutina', { sala: rx2 })
  await llega('Urgente-Temprano', '09:00', 'En espera', 'Urgente', { sala: rx2 })
  await llega('Proceso', '07:40', 'En proceso')
  await llega('Cita-Tarde', '16:00', 'Programado')
  await llega('Cita-Temprano', '12:00', 'Programado')
  await llega('Completado-Temprano', '07:10', 'Completado')
  await llega('Completado-Tarde', '07:30', 'Completado')
  await llega('Cancelado', '07:20', 'Cancelado')
  // Not of the day or not of the sede: never in it.
  await llega('Ayer', '09:00', 'En espera', 'Emergencia', { dia: '2026-03-11' })
  await llega('Cusco', '09:00', 'En espera', 'Emergencia', { sede: 'Cusco' })
})
afterAll(async () => {
  await t?.close()
})

const buscar = (query: string) =>
  t.app.inject({ url: `/pacientes/buscar?${query}`, headers: t.headers })

async function filas(query: string): Promise<BusquedaFila[]> {
  const res = await buscar(query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** One page and the address of the next (its Link), if any. */
async function pagina(url: string): Promise<{ filas: BusquedaFila[]; siguiente: string | null }> {
  const res = await t.app.inject({ url, headers: t.headers })
  expect(res.statusCode, res.body).toBe(200)
  const siguiente = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null
  return { filas: res.json<BusquedaFila[]>(), siguiente }
}

const delDia = `fechaInicial=${DIA}&fechaFinal=${DIA}&sede=Lima&orden=atencion`

test('el día en orden de atención: Emergencia, Urgente, la espera más larga; luego en proceso, citas y cerradas', async () => {
  const res = await buscar(delDia)
  expect(res.headers.link).toBeUndefined()
  expect(apellidos(res.json())).toEqual([
    'Emergencia-Tarde',
    'Urgente-Temprano',
    'Urgente-Tarde',
    'Rutina-Temprano',
    'Rutina-Tarde',
    'Proceso',
    'Cita-Temprano',
    'Cita-Tarde',
    'Completado-Tarde',
    'Cancelado',
    'Completado-Temprano',
  ])
  // The default order of the same filters is still the newest arrival first, a page at a time.
  const recientes = await filas(`fechaInicial=${DIA}&fechaFinal=${DIA}&sede=Lima&limite=3`)
  expect(apellidos(recientes)).toEqual(['Cita-Tarde', 'Cita-Temprano', 'Emergencia-Tarde'])
})

test('la sala y el estado filtran: «mi sala, en espera»', async () => {
  expect(apellidos(await filas(`${delDia}&sala=${rx2}&estado=En%20espera`))).toEqual([
    'Urgente-Temprano',
    'Rutina-Tarde',
  ])
  // The sala filter also narrows the default order and every sede.
  const sala2 = await filas(`sala=${rx2}`)
  expect(apellidos(sala2).sort()).toEqual(['Rutina-Tarde', 'Urgente-Temprano'])
})

test('el orden de atención es de un día, y la sala debe existir', async () => {
  for (const query of [
    `fechaInicial=${DIA}&orden=atencion`,
    `fechaInicial=${DIA}&fechaFinal=2026-03-13&orden=atencion`,
    'orden=atencion',
  ]) {
    const res = await buscar(query)
    expect(res.statusCode, query).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'orden', mensaje: MENSAJE_ORDEN_UN_DIA }])
  }
  const otro = await buscar(`${delDia.replace('atencion', 'nombre')}`)
  expect(otro.statusCode).toBe(400)
  expect(otro.json().errores[0].campo).toBe('orden')
  for (const sala of ['abc', '0', '99999999']) {
    const res = await buscar(`sala=${sala}`)
    expect(res.statusCode, sala).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'sala', mensaje: 'Sala no válida' }])
  }
})

test('por páginas, siguiendo Link: las mismas filas en el mismo orden, también con llegadas iguales', async () => {
  const sql = t.db.sql
  const [p] = await sql<{ id: number }[]>`select id from pacientes limit 1`
  // Forty rows of every section and urgency, many sharing one instant (one load's now()).
  await sql`
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada)
    select ${p!.id}, 'Arequipa', 'RX', array['Tórax PA'],
      (array['En espera', 'En proceso', 'Programado', 'Completado', 'Cancelado'])[1 + g % 5],
      'Ambulatorio', (array['Rutina', 'Urgente', 'Emergencia'])[1 + g % 3],
      ${lima(DIA, '07:00')}::timestamptz + make_interval(mins => g % 4)
    from generate_series(1, 40) g`
  const base = `fechaInicial=${DIA}&fechaFinal=${DIA}&sede=Arequipa&orden=atencion`
  const todas = await filas(`${base}&limite=200`)
  expect(todas).toHaveLength(40)
  const vistas: BusquedaFila[] = []
  let url: string | null = `/pacientes/buscar?${base}&limite=7`
  while (url) {
    const { filas: estas, siguiente } = await pagina(url)
    vistas.push(...estas)
    url = siguiente
  }
  expect(vistas.map((f) => f.atencionId)).toEqual(todas.map((f) => f.atencionId))
  // The sections in their order, and the closed ones the latest first.
  const grupo = (e: string | null) =>
    ['En espera', 'En proceso', 'Programado'].indexOf(e!) < 0
      ? 3
      : ['En espera', 'En proceso', 'Programado'].indexOf(e!)
  const grupos = todas.map((f) => grupo(f.estado))
  expect(grupos).toEqual([...grupos].sort())
  // A cursor of the other order, or with a section and urgency no tramo has, is refused in Spanish.
  for (const clave of [
    '["x"]',
    '["2026-03-12T12:00:00.000000Z",9,9,9]',
    '["2026-03-12T12:00:00.000000Z",3,1,9]',
  ]) {
    const mala = await buscar(`${base}&cursor=${Buffer.from(clave).toString('base64url')}`)
    expect(mala.statusCode, clave).toBe(400)
    expect(mala.json().errores).toEqual([{ campo: 'cursor', mensaje: 'Cursor inválido' }])
  }
})

test('cada sección y urgencia se lee en orden de su índice (0039, y 0078 con sede), no el día entero', async () => {
  await t.db.sql`analyze atenciones`
  const captura = capturar(t.db.sql)
  const todasLasSedes = delDia.replace('&sede=Lima', '')
  try {
    for (const [query, indice] of [
      [delDia, 'atenciones_orden_atencion_sede_idx'],
      [`${delDia}&sala=${rx2}&estado=En%20espera`, 'atenciones_orden_atencion_sede_idx'],
      [todasLasSedes, 'atenciones_orden_atencion_idx'],
      [`${todasLasSedes}&estado=En%20espera`, 'atenciones_orden_atencion_idx'],
    ]) {
      captura.tomar()
      await filas(query!)
      const sentencias = captura.tomar().filter((s) => /\batenciones\b/.test(s.texto))
      const usados = (await Promise.all(sentencias.map((s) => indicesDelPlan(t.db.sql, s)))).flat()
      expect(usados, query).toContain(indice)
    }
  } finally {
    captura.soltar()
  }
})
