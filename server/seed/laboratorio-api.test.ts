// The seed's laboratory rows as the API reads and works them: an imported atención reads whole and
// validated with no sheet of ours, and an open one's typed results are saved and validated by the
// clinic's accounts like any other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FilaListaLaboratorio, ResultadosAtencion } from '../../shared/resultados.js'
import { MENSAJES_RESULTADOS as M } from '../../shared/resultados.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { llamadas, type Llamadas } from '../test/resultados.js'
import { cargarDatos } from './cargar.js'

const TZ = 'America/Lima'
// A Wednesday at 15:30 in Lima.
const AHORA = new Date('2025-06-18T20:30:00Z')

let t: TestApp
let tec: Record<string, string>
let medico: Record<string, string>
let api: Llamadas
beforeAll(async () => {
  t = await createTestApp()
  tec = await t.login('tecnologo')
  medico = await t.login('medico')
  api = llamadas(t)
  await cargarDatos(t.db.sql, { pacientes: 600, tz: TZ, semilla: 21, lote: 300, ahora: AHORA })
})
afterAll(() => t?.close())

const filas = (r: ResultadosAtencion) => r.examenes.flatMap((e) => e.filas)

describe('el trabajo del laboratorio sembrado, por la API', () => {
  it('una atención Informado se lee validada e importada, sin hoja propia', async () => {
    const [a] = await t.db.sql<{ id: number }[]>`
      select id from atenciones where modalidad = 'LAB' and estado = 'Informado'
        and 'Hemograma completo' = any (estudios) order by id limit 1`
    const res = await api.leer(a!.id, tec)
    expect(res.statusCode, res.body).toBe(200)
    const r = res.json() as ResultadosAtencion
    expect(r.examenes.every((e) => e.muestra?.estado === 'recibida')).toBe(true)
    expect(filas(r).length).toBeGreaterThanOrEqual(21)
    for (const f of filas(r)) {
      expect(f.resultado).toMatchObject({ estado: 'validado', importado: true, version: 1 })
      expect(f.resultado!.validacion!.colegiatura).toMatch(/^C[A-Z]+ [0-9]+/)
    }
    const pdf = await t.app.inject({ url: `/atenciones/${a!.id}/resultados/pdf`, headers: tec })
    expect(pdf.statusCode).toBe(409)
    expect(pdf.json().message).toBe(M.importadoSinHoja)
  })

  it('una atención abierta de hoy está en la lista del día, y lo ingresado se guarda y se valida', async () => {
    const [a] = await t.db.sql<{ id: number; sede: string }[]>`
      select a.id, a.sede from atenciones a
      where a.modalidad = 'LAB' and a.estado in ('En proceso', 'Completado')
        and exists (select 1 from resultados r where r.atencion_id = a.id and r.estado = 'ingresado')
        and not exists (select 1 from resultados r where r.atencion_id = a.id
          and r.bandera in ('LL', 'HH'))
      order by a.llegada desc, a.id limit 1`
    expect(a).toBeDefined()
    const lista = await t.app.inject({
      url: `/laboratorio/lista?fecha=2025-06-18&sede=${encodeURIComponent(a!.sede)}`,
      headers: tec,
    })
    expect(lista.statusCode, lista.body).toBe(200)
    const fila = (lista.json() as FilaListaLaboratorio[]).find((f) => f.atencionId === a!.id)
    expect(fila?.analitos.ingresados).toBeGreaterThan(0)
    expect(fila?.analitos.validados).toBe(0)

    const leido = (await api.leer(a!.id, tec)).json() as ResultadosAtencion
    // A value the seed typed is saved again as the grid would, then validated by another person.
    const tecleado = filas(leido).find(
      (f) => f.resultado?.estado === 'ingresado' && !f.analito.calculo,
    )!
    const guardado = await api.guardar(a!.id, tec, [
      { analitoId: tecleado.analito.id, valor: tecleado.resultado!.valor },
    ])
    expect(guardado.statusCode, guardado.body).toBe(200)
    const validado = await api.validar(a!.id, medico)
    expect(validado.statusCode, validado.body).toBe(200)
    const r = validado.json() as ResultadosAtencion
    const ingresados = filas(leido).filter((f) => f.resultado?.estado === 'ingresado')
    for (const f of ingresados) {
      const despues = filas(r).find((x) => x.analito.id === f.analito.id)!
      expect(despues.resultado).toMatchObject({ estado: 'validado', importado: false })
    }
    expect(r.hoja).not.toBeNull()
  })
})
