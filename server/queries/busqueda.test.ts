// Both ways into the search (from the matching patients, or walking atenciones newest first) must
// answer the same rows in the same order, page after page.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { validarBusqueda } from '../../shared/busqueda.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { buscar, type Ajustes } from './busqueda.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
  const nombres = ['José', 'Josefa', 'María', 'Mario', 'Ana', 'Rosa']
  const apellidos = ['Pérez', 'Peralta', 'Quispe', 'Núñez', 'Huamán', 'Pe']
  const sedes = ['Lima', 'Arequipa', 'Cusco']
  const modalidades = ['RX', 'Eco', 'MRI', 'LAB']
  for (let i = 0; i < 60; i++) {
    const p = await insertarPaciente(db.sql, {
      documento: String(40_000_000 + i * 37),
      primerNombre: nombres[i % nombres.length],
      primerApellido: apellidos[(i * 7) % apellidos.length],
      creadoEn: new Date(Date.UTC(2025, 0, 1 + (i % 20))).toISOString(),
    })
    // A fifth of the patients never arrive; several arrivals share an instant.
    for (let k = 0; k < i % 5; k++) {
      await insertarAtencion(db.sql, p, {
        llegada: new Date(Date.UTC(2025, 1, 1 + ((i + k) % 9), 10 + k)).toISOString(),
        sede: sedes[(i + k) % 3],
        modalidad: modalidades[(i * 3 + k) % 4],
      })
    }
  }
  await db.sql`analyze`
})
afterAll(async () => {
  await db?.drop()
})

async function todas(query: string, ajustes: Partial<Ajustes>): Promise<string[]> {
  const { filtros } = validarBusqueda(Object.fromEntries(new URLSearchParams(query)))
  const vistas: string[] = []
  let despues = null
  for (let pagina = 0; pagina < 100; pagina++) {
    const filas = await buscar(db.sql, filtros, 7, despues, 'America/Lima', ajustes)
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
  'tipoDocumento=dni',
  'primerApellido=pe&sede=Cusco',
  'primerNombre=a&modalidad=Eco&fechaInicial=2025-02-03',
  'primerNombre=nadie',
])('%s: mismas filas desde los pacientes y recorriendo las atenciones', async (query) => {
  const desdePacientes = await todas(query, { umbral: 1_000_000, pocos: 1_000_000 })
  const otras: Partial<Ajustes>[] = [
    { umbral: 0 }, // walking atenciones and checking each patient
    { umbral: 2 }, // more matches than the threshold: the same walk
    { umbral: 1_000_000, pocos: 0, recorrido: 1_000_000 }, // walk with the patients known
    { umbral: 1_000_000, pocos: 0, recorrido: 3 }, // walk cut short, then each patient's own
  ]
  for (const ajustes of otras) expect(await todas(query, ajustes), JSON.stringify(ajustes)).toEqual(desdePacientes)
  expect(new Set(desdePacientes).size).toBe(desdePacientes.length)
  if (query !== 'primerNombre=nadie') expect(desdePacientes.length).toBeGreaterThan(2)
})
