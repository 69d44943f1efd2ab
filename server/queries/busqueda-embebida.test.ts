// The embedded home's one session keeps cached plans; a search planned for its values (by names
// or prioridad, planPorValores) takes it, set so, and gives it back as it was, whatever happens.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { conBusqueda } from '../db.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { buscar } from './busqueda.js'
import { leerExportacion, registrarExportacion } from './exportacion.js'

const TZ = 'America/Lima'
let t: TestDatabase
let quispe: number

beforeAll(async () => {
  t = await createTestDatabase({ embedded: true })
  quispe = await insertarPaciente(t.sql, { primerApellido: 'Quisbert' })
  await insertarAtencion(t.sql, quispe)
  await insertarAtencion(t.sql, await insertarPaciente(t.sql, { primerApellido: 'Mamani' }))
})
afterAll(() => t.drop())

const modo = async () =>
  (await t.sql<{ m: string }[]>`select current_setting('plan_cache_mode') as m`)[0]!.m

it('la sesión guarda sus planes; la búsqueda la toma para planificar con sus valores y la devuelve', async () => {
  expect(await modo()).toBe('auto')
  const orden: string[] = []
  const cliente = await t.busqueda()
  const [dentro] = await cliente.sql<{ m: string }[]>`
    select current_setting('plan_cache_mode') as m`
  expect(dentro!.m).toBe('force_custom_plan')
  // Another request's statement waits for the search: it never runs with the search's setting.
  const otra = modo().then((m) => orden.push(`otra ${m}`))
  await new Promise((r) => setTimeout(r, 50))
  orden.push('soltar')
  await cliente.soltar()
  await otra
  expect(orden).toEqual(['soltar', 'otra auto'])
})

it('una búsqueda que falla a mitad también la devuelve', async () => {
  await expect(
    conBusqueda(t, async (sql) => {
      await sql`select 1`
      throw new Error('a mitad')
    }),
  ).rejects.toThrow('a mitad')
  expect(await modo()).toBe('auto')
})

it('buscar y exportar con filtro del paciente encuentran lo mismo y dejan la sesión como estaba', async () => {
  const r = await buscar(t, { primerApellido: 'quisb' }, 50, null, TZ)
  expect(r.filas.map((f) => f.id)).toEqual([quispe])
  expect(await modo()).toBe('auto')

  const evento = {
    accion: 'pacientes.exportados',
    usuarioId: null,
    usuario: null,
    direccion: '127.0.0.1',
  } as const
  const cuenta = await registrarExportacion(t, { primerApellido: 'quisb' }, TZ, evento)
  expect(cuenta).toEqual({ pacientes: 1, filas: 1 })
  const filas = []
  for await (const lote of leerExportacion(t, { primerApellido: 'quisb' }, TZ)) filas.push(...lote)
  expect(filas.map((f) => f.primerApellido)).toEqual(['Quisbert'])
  expect(await modo()).toBe('auto')
})
