// Each strategy of the search reads through the indexes docs/busqueda-estrategias.md names for it:
// the plans of the statements it really sends, planned with sequential scans disabled, must use
// them. Dropping one of those indexes makes its case fail here (the planner falls back to another
// index or to a scan), where the equivalence test of busqueda.test.ts would still pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validarBusqueda } from '../../shared/busqueda.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { capturar, clienteBusqueda, indicesDelPlan } from '../test/planes.js'
import { buscar, type Ajustes, type NombreEstrategia } from './busqueda.js'

let db: TestDatabase
// Enough rows, with varied names and a realistic share of patients per name, for the planner to
// choose as it does on a clinic's data: on a few dozen rows it reads a primary key whole instead.
const NOMBRES = ['José', 'María', 'Rosa', 'Luis', 'Carmen', 'Jorge', 'Ana', 'Pedro']
const APELLIDOS = ['Pérez', 'Quispe', 'Huamán', 'Mamani', 'Flores', 'Chávez', 'Rojas', 'Vargas']
beforeAll(async () => {
  db = await createTestDatabase()
  // Each patient gets a rare second surname too, to be found alone. In batches: a registration
  // locks its name-and-birth key, and one statement of thousands would exhaust the lock table.
  for (let desde = 1; desde <= 4000; desde += 2000)
    await db.sql`
    insert into pacientes (tipo_documento, documento, primer_nombre, primer_apellido,
      segundo_apellido, fecha_nacimiento, sexo, departamento, municipio, zona_residencial,
      politica_aceptada_en, politica_version, creado_en)
    select 'dni', (40000000 + i * 37)::text, (${NOMBRES}::text[])[1 + i % 8],
      (${APELLIDOS}::text[])[1 + (i / 8) % 8], 'Ap' || to_hex(i), date '1950-01-01' + i,
      'Femenino', 'Lima', 'Lima', 'Urbana', now(), '2025-01', timestamptz '2025-01-01' + i * interval '7 minutes'
    from generate_series(${desde}::int, ${desde + 1999}::int) i`
  await db.sql`
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada)
    select p.id, case when k % 2 = 0 then 'Lima' else 'Cusco' end,
      case when (p.id + k) % 2 = 0 then 'RX' else 'Eco' end, array['Tórax PA'], 'Completado',
      'Ambulatorio', 'Rutina', p.creado_en + k * interval '1 day'
    from pacientes p cross join generate_series(1, 2) k
    where p.id % 3 <> 0`
  // A share still waiting, as on a clinic's day: the open atenciones' partial indexes hold them.
  await db.sql`update atenciones set estado = 'En espera' where id % 10 = 0`
  await db.sql`analyze`
})
afterAll(async () => {
  await db?.drop()
})

/** The strategy that answered, and every index the statements it sent read (`generico`: in their generic plans). */
async function indices(query: string, ajustes: Partial<Ajustes> = {}, generico = false) {
  const { filtros } = validarBusqueda(Object.fromEntries(new URLSearchParams(query)))
  const busqueda = await clienteBusqueda(db)
  const captura = capturar(db.sql, busqueda)
  try {
    const { estrategia } = await buscar(db, filtros, 7, null, 'America/Lima', { ajustes })
    const sentencias = captura.tomar().filter((s) => !/^\s*explain\b/i.test(s.texto))
    const usados = await Promise.all(sentencias.map((s) => indicesDelPlan(busqueda, s, generico)))
    return { estrategia, usados: new Set(usados.flat()) }
  } finally {
    captura.soltar()
  }
}

/** Thresholds that lead the search past the strategies before the one a case is for. */
const SIN_CANDIDATOS = { pocos: 0 }
const CANDIDATOS = { pocos: 1_000_000 }
const SIN_RECORRIDOS = { pocos: 0, recorrido: 1, recorridoInicio: 0 }
const SIN_RECORRIDOS_INICIO = { recorridoInicio: 0 }

const CASOS: [NombreEstrategia, string, Partial<Ajustes>, string[]][] = [
  [
    'recorrerSinFiltroPaciente',
    '',
    {},
    ['atenciones_llegada_idx', 'pacientes_sin_atencion_creado_idx'],
  ],
  ['recorrerSinFiltroPaciente', 'sede=Lima', {}, ['atenciones_sede_llegada_idx']],
  ['recorrerSinFiltroPaciente', 'modalidad=RX', {}, ['atenciones_modalidad_llegada_idx']],
  [
    'recorrerInicioDocumento',
    'documento=400',
    {},
    ['atenciones_documento_inicio_idx', 'pacientes_sin_atencion_documento_inicio_idx'],
  ],
  [
    'desdeCandidatos',
    'segundoApellido=ap1f',
    {},
    ['pacientes_segundo_apellido_trgm', 'atenciones_paciente_idx'],
  ],
  ['desdeCandidatos', 'primerNombre=jo', CANDIDATOS, ['pacientes_primer_nombre_pfx']],
  ['desdeCandidatos', 'documento=400012', {}, ['pacientes_documento_idx']],
  [
    'desdeCandidatos',
    'q=maria',
    CANDIDATOS,
    ['pacientes_actividad_palabras_gin', 'nombres_palabras_trgm'],
  ],
  ['recorrerPacientes', 'q=rosa', SIN_CANDIDATOS, ['pacientes_actividad_ultima_idx']],
  ['recorrerConTope', 'primerApellido=quispe', SIN_CANDIDATOS, ['atenciones_llegada_idx']],
  [
    'recorrerConTope',
    'primerApellido=quispe&sede=Lima',
    SIN_CANDIDATOS,
    ['atenciones_sede_llegada_idx'],
  ],
  [
    'desdeTodosLosPacientes',
    'primerApellido=apfff',
    SIN_RECORRIDOS,
    ['pacientes_primer_apellido_trgm', 'atenciones_paciente_idx'],
  ],
]

describe('cada estrategia lee por sus propios índices', () => {
  it.each(CASOS)('%s: «%s» %j lee %j', async (nombre, query, ajustes, esperados) => {
    const { estrategia, usados } = await indices(query, ajustes)
    expect(estrategia).toBe(nombre)
    for (const indice of esperados) expect([...usados], indice).toContain(indice)
  })
})

// A search by documento alone, or by visit fields with estados, runs on the client that keeps its
// plans (planPorValores): from a statement's sixth execution on, PostgreSQL may run its generic
// plan, which must read the same indexes; a parameter where the index has a constant
// (left(documento, 3), the open estados of 0077's partial indexes) would lose them.
const GENERICOS: [NombreEstrategia, string, Partial<Ajustes>, string[]][] = [
  [
    'recorrerInicioDocumento',
    'documento=400',
    {},
    ['atenciones_documento_inicio_idx', 'pacientes_sin_atencion_documento_inicio_idx'],
  ],
  ['desdeCandidatos', 'documento=400012', {}, ['pacientes_documento_idx']],
  [
    'desdeCandidatos',
    'tipoDocumento=dni&documento=4000',
    SIN_RECORRIDOS_INICIO,
    ['pacientes_documento_idx'],
  ],
  [
    'recorrerSinFiltroPaciente',
    'fechaInicial=2025-01-10&fechaFinal=2025-01-10&estado=Programado,En espera',
    {},
    ['atenciones_abiertas_idx'],
  ],
  [
    'recorrerSinFiltroPaciente',
    'fechaInicial=2025-01-10&fechaFinal=2025-01-10&estado=En espera&sede=Lima',
    {},
    ['atenciones_abiertas_sede_idx'],
  ],
]

describe('una búsqueda que guarda su plan (documento, estados) lee por los mismos índices con su plan genérico', () => {
  it.each(GENERICOS)('%s: «%s» %j lee %j', async (nombre, query, ajustes, esperados) => {
    const { estrategia, usados } = await indices(query, ajustes, true)
    expect(estrategia).toBe(nombre)
    for (const indice of esperados) expect([...usados], indice).toContain(indice)
  })
})
