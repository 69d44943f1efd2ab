// Every strategy of the search (docs/busqueda-estrategias.md) must answer the same rows in the same
// order, page after page; thresholds force each one in turn.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { validarBusqueda } from '../../shared/busqueda.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import type { Database, Sql } from '../db.js'
import {
  buscar,
  ESTRATEGIAS,
  planPorValores,
  type Ajustes,
  type NombreEstrategia,
} from './busqueda.js'

/** Every strategy that answered a page in this file's runs. */
const usadas = new Set<NombreEstrategia>()

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
  const nombres = ['José', 'Josefa', 'María', 'Mario', 'Ana', 'Rosa']
  const apellidos = ['Pérez', 'Peralta', 'Quispe', 'Núñez', 'Huamán', 'Pe', 'De la Cruz']
  const estados = ['En espera', 'Programado', 'Completado', 'En proceso', 'Informado', 'Cancelado']
  const prioridades = ['Rutina', 'Urgente', 'Rutina', 'Emergencia']
  const sedes = ['Lima', 'Arequipa', 'Cusco']
  const modalidades = ['RX', 'Eco', 'MRI', 'LAB']
  for (let i = 0; i < 60; i++) {
    const p = await insertarPaciente(db.sql, {
      documento: String(40_000_000 + i * 37),
      primerNombre: nombres[i % nombres.length],
      primerApellido: apellidos[(i * 5) % apellidos.length],
      segundoApellido: i % 3 === 0 ? apellidos[(i * 3 + 1) % apellidos.length] : null,
      creadoEn: new Date(Date.UTC(2025, 0, 1 + (i % 20))).toISOString(),
    })
    // A fifth of the patients never arrive; several arrivals share an instant.
    for (let k = 0; k < i % 5; k++) {
      await insertarAtencion(db.sql, p, {
        llegada: new Date(Date.UTC(2025, 1, 1 + ((i + k) % 9), 10 + k)).toISOString(),
        sede: sedes[(i + k) % 3],
        modalidad: modalidades[(i * 3 + k) % 4],
        estado: estados[(i + 2 * k) % estados.length],
        prioridad: prioridades[(i * 3 + k) % prioridades.length],
      })
    }
  }
  await db.sql`analyze`
})
afterAll(async () => {
  await db?.drop()
})

async function todas(
  query: string,
  ajustes: Partial<Ajustes>,
  base: Pick<Database, 'sql' | 'busqueda'> = db,
): Promise<string[]> {
  const { filtros } = validarBusqueda(Object.fromEntries(new URLSearchParams(query)))
  const vistas: string[] = []
  let despues = null
  for (let pagina = 0; pagina < 100; pagina++) {
    const { filas, estrategia } = await buscar(base, filtros, 7, despues, 'America/Lima', {
      ajustes,
    })
    usadas.add(estrategia)
    vistas.push(...filas.slice(0, 7).map((f) => `${f.tipo}:${f.claveId}:${f.id}`))
    if (filas.length <= 7) return vistas
    const ultima = filas[6]!
    despues = [ultima.clave, ultima.tipo, ultima.claveId] as [string, number, number]
  }
  throw new Error('demasiadas páginas')
}

test.each([
  'primerNombre=jos',
  'primerApellido=pe',
  'primerApellido=perez',
  'primerNombre=mar&primerApellido=q',
  'documento=4000',
  'documento=400',
  'documento=40000',
  'documento=400001',
  'tipoDocumento=dni&documento=4000',
  'documento=4000&primerNombre=jos',
  'tipoDocumento=dni&documento=40000&primerApellido=pe&sede=Lima',
  'tipoDocumento=dni',
  'primerApellido=pe&sede=Cusco',
  'primerNombre=a&modalidad=Eco&fechaInicial=2025-02-03',
  'primerNombre=nadie',
  '',
  'sede=Lima&modalidad=RX',
  'fechaInicial=2025-02-03&fechaFinal=2025-02-05',
  // «Nombre o documento»: words in any order, each in one of the four names; digits the document.
  'q=jose',
  'q=jose perez',
  'q=PÉREZ jos',
  'q=pe',
  'q=ma qu',
  'q=de la cruz',
  'q=la',
  'q=4000',
  'q=4000 jos',
  'q=40000 pe&primerNombre=jos',
  'q=mar&sede=Lima',
  'q=nadie',
  // Inside a name, not at its start: «aria» in María, «uisp» in Quispe.
  'q=aria',
  'q=uisp ari',
  'q=jose nadie',
  // Estado and prioridad: lists of values, visit filters like sede.
  'estado=En espera',
  'estado=Programado,En espera&fechaInicial=2025-02-03',
  'prioridad=Urgente,Emergencia&estado=Programado,En espera,En proceso',
  'prioridad=Urgente&q=ma',
])('%s: mismas filas desde los pacientes y recorriendo las atenciones', async (query) => {
  // Every matching patient's rows, merged: the reference.
  const desdePacientes = await todas(query, {
    pocos: 1_000_000,
    recorridoInicio: 0,
    soloLaPagina: false,
  })
  const otras: Partial<Ajustes>[] = [
    {}, // as the product runs it
    { pocos: 1_000_000, recorridoInicio: 0 }, // only the rows of the page's patients (0029)
    { pocos: 0, recorridoInicio: 0, soloLaPagina: false }, // q's words on the atenciones' copies
    { recorridoInicio: 1 }, // a documento's own walk cut short, then its patients
    { pocos: 0, recorridoInicio: 0 }, // walking all rows newest first, testing each one's copy
    { pocos: 2 }, // more matches than counted: the same walk
    { pocos: 0, recorrido: 3 }, // walk cut short, then each patient's own rows
    { pocos: 0, recorrido: 1 },
  ]
  for (const ajustes of otras)
    expect(await todas(query, ajustes), JSON.stringify(ajustes)).toEqual(desdePacientes)
  expect(new Set(desdePacientes).size).toBe(desdePacientes.length)
  if (!query.endsWith('nadie')) expect(desdePacientes.length).toBeGreaterThan(2)
})

test('una búsqueda por documento da las mismas filas con el plan genérico que guarda su cliente', async () => {
  const consultas = [
    'documento=400',
    'documento=4000',
    'documento=40000',
    'documento=40000037',
    'tipoDocumento=dni&documento=4000',
    'q=4000',
    'documento=4000&sede=Lima',
  ]
  // The reference first: the embedded home's one connection is held below.
  const esperadas = new Map<string, string[]>()
  for (const query of consultas) {
    const { filtros } = validarBusqueda(Object.fromEntries(new URLSearchParams(query)))
    expect(planPorValores(filtros), query).toBe(false)
    const filas = await todas(query, { pocos: 1_000_000, recorridoInicio: 0, soloLaPagina: false })
    expect(filas.length, query).toBeGreaterThan(0)
    esperadas.set(query, filas)
  }
  // The plan PostgreSQL may cache from a statement's sixth execution on, on every statement.
  const reservada = await db.sql.reserve()
  const generica = {
    sql: reservada as unknown as Sql,
    busqueda: () =>
      Promise.reject(new Error('una búsqueda por documento no planifica por valores')),
  }
  try {
    await reservada`set plan_cache_mode = force_generic_plan`
    for (const query of consultas)
      for (const ajustes of [{}, { recorridoInicio: 1 }, { pocos: 0, recorridoInicio: 0 }])
        expect(
          await todas(query, ajustes, generica),
          `${query} ${JSON.stringify(ajustes)}`,
        ).toEqual(esperadas.get(query))
  } finally {
    await reservada`reset plan_cache_mode`
    reservada.release()
  }
})

test('una búsqueda por documento con otros caracteres o por nombre planifica por sus valores', () => {
  const por = (query: string) =>
    planPorValores(validarBusqueda(Object.fromEntries(new URLSearchParams(query))).filtros)
  expect(por('documento=AB12')).toBe(false)
  expect(por('documento=AB-12')).toBe(true)
  expect(por('documento=Ñ123')).toBe(true)
  expect(por('documento=4000&primerNombre=jos')).toBe(true)
  expect(por('q=4000 jos')).toBe(true)
  expect(por('tipoDocumento=dni')).toBe(true)
  expect(por('prioridad=Urgente&documento=4000')).toBe(true)
  expect(por('sede=Lima')).toBe(false)
})

test('los pacientes empatados en el instante de su fila más reciente se leen todos para la página (0029)', async () => {
  // Thirteen namesakes whose newest row is the same instant: ten arrivals (after an older one for
  // some), three registered then without arriving. Pages of 7 cut through the tie.
  const instante = '2025-03-01T15:00:00.000Z'
  for (let i = 0; i < 13; i++) {
    const p = await insertarPaciente(db.sql, {
      documento: String(48_000_000 + i),
      primerNombre: 'Empate',
      primerApellido: i % 2 ? 'Simultáneo' : 'Igual',
      creadoEn: i < 10 ? '2025-01-01T00:00:00.000Z' : instante,
    })
    if (i < 10 && i % 3 === 0)
      await insertarAtencion(db.sql, p, { llegada: '2025-02-01T10:00:00Z' })
    if (i < 10) await insertarAtencion(db.sql, p, { llegada: instante })
  }
  await db.sql`analyze pacientes_actividad`
  for (const query of ['q=empate', 'q=empate simultaneo', 'q=emp igu']) {
    const referencia = await todas(query, { pocos: 1_000_000, soloLaPagina: false })
    expect(referencia.length).toBeGreaterThan(7)
    // A walk of 9 patients stops inside the tie of 13: it must read the other 4 as well.
    const caminos = [
      { pocos: 1_000_000 },
      { pocos: 0 },
      { pocos: 0, recorrido: 9 },
      { pocos: 0, recorrido: 1 },
    ]
    for (const ajustes of caminos)
      expect(await todas(query, ajustes), `${query} ${JSON.stringify(ajustes)}`).toEqual(referencia)
  }
})

test('las filas que comparten un mismo instante, al microsegundo, se recorren todas página a página', async () => {
  // One load's arrivals carry its transaction's now(): the cursor must keep the microseconds.
  const instante = '2025-05-01T10:00:00.123456Z'
  for (let i = 0; i < 10; i++) {
    const p = await insertarPaciente(db.sql, {
      documento: String(46_000_000 + i),
      primerNombre: 'Micro',
      primerApellido: 'Segundo',
      creadoEn: i < 3 ? instante : '2025-01-01T00:00:00Z',
    })
    if (i >= 3) await insertarAtencion(db.sql, p, { llegada: instante })
  }
  // As text: a parameter typed timestamptz goes through a JavaScript Date, to the millisecond.
  await db.sql`update atenciones set llegada = ${instante}::text::timestamptz
    where primer_nombre_norm = 'micro'`
  await db.sql`update pacientes_sin_atencion set creado_en = ${instante}::text::timestamptz
    where primer_nombre_norm = 'micro'`
  for (const ajustes of [{}, { pocos: 0 }, { pocos: 0, recorrido: 1 }, { soloLaPagina: false }]) {
    const vistas = await todas('q=micro segundo', ajustes)
    expect(new Set(vistas).size, JSON.stringify(ajustes)).toBe(10)
  }
})

test('los umbrales de arriba llevan a cada estrategia a responder alguna página', () => {
  expect([...usadas].sort()).toEqual(Object.keys(ESTRATEGIAS).sort())
})

test('cada estrategia responde la búsqueda para la que existe, con los umbrales del producto', async () => {
  const primera = async (query: string) => {
    const { filtros } = validarBusqueda(Object.fromEntries(new URLSearchParams(query)))
    return (await buscar(db, filtros, 7, null, 'America/Lima')).estrategia
  }
  expect(await primera('')).toBe('recorrerSinFiltroPaciente')
  expect(await primera('sede=Lima')).toBe('recorrerSinFiltroPaciente')
  expect(await primera('documento=400')).toBe('recorrerInicioDocumento')
  expect(await primera('documento=4000')).toBe('recorrerInicioDocumento')
  expect(await primera('documento=40000')).toBe('desdeCandidatos')
  expect(await primera('primerApellido=perez')).toBe('desdeCandidatos')
})

test('cada camino de la búsqueda escribe su registro de auditoría una sola vez, en sus propias sentencias', async () => {
  const caminos: Partial<Ajustes>[] = [
    { pocos: 1_000_000, recorridoInicio: 0 },
    { pocos: 2 },
    { pocos: 0 },
    { pocos: 0, recorrido: 1, recorridoInicio: 1 },
  ]
  for (const ajustes of caminos) {
    const consultas = [
      '',
      'primerApellido=pe',
      'primerNombre=nadie',
      'documento=4000',
      'documento=400001',
    ]
    consultas.push('primerNombre=a&sede=Lima', 'documento=4000&primerNombre=jos')
    for (const query of consultas) {
      const marca = `${JSON.stringify(ajustes)} ${query}`
      const { filtros } = validarBusqueda(Object.fromEntries(new URLSearchParams(query)))
      const evento = {
        accion: 'pacientes.buscados' as const,
        usuarioId: null,
        usuario: null,
        direccion: null,
        detalle: { marca },
      }
      await buscar(db, filtros, 7, null, 'America/Lima', { ajustes, evento })
      const [fila] = await db.sql<
        { n: number }[]
      >`select count(*)::int as n from auditoria where detalle->>'marca' = ${marca}`
      expect(fila!.n, marca).toBe(1)
    }
  }
})

test('un nombre o documento corregido llega a las copias que recorre la búsqueda (0009)', async () => {
  const conAtencion = await insertarPaciente(db.sql, {
    documento: '49999991',
    primerNombre: 'Teodoro',
    primerApellido: 'Zúñiga',
  })
  const atencion = await insertarAtencion(db.sql, conAtencion, { llegada: '2025-02-20T15:00:00Z' })
  const sinAtencion = await insertarPaciente(db.sql, {
    documento: '49999992',
    primerNombre: 'Zenobia',
    primerApellido: 'Zúñiga',
  })
  // Newest first: the patient registered just now, then the 2025 arrival.
  const esperadas = [`0:${sinAtencion}:${sinAtencion}`, `1:${atencion}:${conAtencion}`]
  const caminos: Partial<Ajustes>[] = [
    { pocos: 1_000_000 },
    { pocos: 0 },
    { pocos: 0, recorrido: 1 },
  ]
  for (const ajustes of caminos) {
    expect(await todas('primerApellido=zuniga', ajustes)).toEqual(esperadas)
    // Names first seen after the migrations are found by «Nombre o documento» too.
    expect(await todas('q=zuniga', ajustes), JSON.stringify(ajustes)).toEqual(esperadas)
    expect(await todas('q=teo uñig', ajustes), JSON.stringify(ajustes)).toEqual(esperadas.slice(1))
  }

  await db.sql`
    update pacientes set primer_apellido = 'Zárate', documento = documento || '0'
    where id in (${conAtencion}, ${sinAtencion})`
  for (const ajustes of caminos) {
    expect(await todas('primerApellido=zuniga', ajustes), JSON.stringify(ajustes)).toEqual([])
    expect(await todas('primerApellido=zarate', ajustes), JSON.stringify(ajustes)).toEqual(
      esperadas,
    )
    expect(await todas('q=zuniga', ajustes), JSON.stringify(ajustes)).toEqual([])
    expect(await todas('q=zarate zen', ajustes), JSON.stringify(ajustes)).toEqual(
      esperadas.slice(0, 1),
    )
    expect(await todas('documento=499999910', ajustes), JSON.stringify(ajustes)).toEqual(
      esperadas.slice(1),
    )
  }
})

test('una atención copia los datos de su propio paciente, envíe lo que envíe quien escribe', async () => {
  const paciente = await insertarPaciente(db.sql, {
    documento: '49999993',
    primerNombre: 'Eusebia',
    primerApellido: 'Yupanqui',
  })
  const [fila] = await db.sql<{ primerApellidoNorm: string; documento: string }[]>`
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad,
      primer_apellido_norm, documento)
    values (${paciente}, 'Lima', 'RX', '{Tórax PA}', 'En espera', 'Ambulatorio', 'Rutina', 'otro', '1')
    returning primer_apellido_norm, documento`
  expect(fila).toEqual({ primerApellidoNorm: 'yupanqui', documento: '49999993' })
})
