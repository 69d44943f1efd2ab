// The dashboard's turnaround time on PostgreSQL: per modality, the median hours from Completado to
// the final signature of each atención's original informe signed in a clinic-local month (a
// signature at 23:30 in Lima on the month's last day is that month's, whatever UTC says), and the
// studies waiting for their informe as «Por informar» counts them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EstadisticasInformes } from '../../shared/estadisticas.js'
import { porInformarTotal, tiemposDeInforme } from '../queries/estadisticas.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { informeFirmado, insertarInformeFinal } from '../test/informes.js'

const TZ = 'America/Lima'
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: TZ })
})
afterAll(() => t?.close())

const leer = async () => {
  const res = await t.app.inject({ url: '/estadisticas/informes', headers: t.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<EstadisticasInformes>()
}

describe('tiempo de informe de un mes', () => {
  // A month of its own, far from the day the tests run: only what is inserted here is in it.
  // Lima is UTC-5 all year.
  const informe = (modalidad: string, completadoEn: string, horas: number) =>
    insertarInformeFinal(t.db.sql, {
      modalidad,
      completadoEn,
      firmadoEn: new Date(Date.parse(completadoEn) + horas * 3_600_000).toISOString(),
    })

  beforeAll(async () => {
    // March 2031 in Lima: RX 2, 4, 9 and 1 h (median 3), Eco 6 h.
    await informe('RX', '2031-03-01T00:05:00-05:00', 2) // its first hours, 05:05 UTC
    await informe('RX', '2031-03-15T08:00:00-05:00', 4)
    await informe('RX', '2031-03-20T08:00:00-05:00', 9)
    // Signed 23:30 on the 31st in Lima, already 1 April in UTC: still March's.
    await informe('RX', '2031-03-31T22:30:00-05:00', 1)
    await informe('Eco', '2031-03-10T10:00:00-05:00', 6)
    // Signed 23:50 on 28 February in Lima (1 March in UTC): February's.
    await informe('RX', '2031-02-28T20:50:00-05:00', 3)
    // Signed 00:30 on 1 April in Lima: April's.
    await informe('RX', '2031-03-31T23:30:00-05:00', 1)
    // An adenda signed in March is no study's first report: it has no completado_en.
    const { atencion } = await informe('MRI', '2031-02-01T10:00:00-05:00', 5)
    const [medico] = await t.db.sql<{ id: number }[]>`select id from usuarios order by id limit 1`
    await t.db.sql`
      insert into informes (atencion_id, version, tipo, base_id, motivo, estado, contenido,
        firmado_por, firmado_en, firmante_nombre, firmante_colegiatura, pdf, pdf_sha256, codigo)
      select ${atencion}, 2, 'adenda', id, 'Estudio previo', 'final', '{}'::jsonb, ${medico!.id},
        '2031-03-12T12:00:00-05:00', 'Médica de Prueba', 'CMP 1', decode('00', 'hex'),
        ${'1'.repeat(64)}, 'ADENDA2345'
      from informes where atencion_id = ${atencion}`
  })

  it('da la mediana de horas por modalidad, en el orden del catálogo', async () => {
    expect(await tiemposDeInforme(t.db.sql, '2031-03-01', '2031-04-01', TZ)).toEqual([
      { modalidad: 'RX', etiqueta: 'DX (RX)', informes: 4, medianaHoras: 3 },
      { modalidad: 'Eco', etiqueta: 'Eco (US)', informes: 1, medianaHoras: 6 },
    ])
  })

  it('cuenta cada firma en el mes de Lima, no en el de UTC', async () => {
    // The MRI original was signed 1 February, 15:00 in Lima.
    expect(await tiemposDeInforme(t.db.sql, '2031-02-01', '2031-03-01', TZ)).toEqual([
      { modalidad: 'RX', etiqueta: 'DX (RX)', informes: 1, medianaHoras: 3 },
      { modalidad: 'MRI', etiqueta: 'MRI', informes: 1, medianaHoras: 5 },
    ])
    expect(await tiemposDeInforme(t.db.sql, '2031-04-01', '2031-05-01', TZ)).toEqual([
      { modalidad: 'RX', etiqueta: 'DX (RX)', informes: 1, medianaHoras: 1 },
    ])
  })
})

describe('GET /estadisticas/informes', () => {
  it('da el tiempo de informe de este mes y cuántos estudios esperan su informe', async () => {
    const medica = await t.login('medico')
    const antes = await leer()
    // Completado five hours before its signature, now: this month's, in Lima, at any hour.
    await informeFirmado(t, medica, { modalidad: 'MRI', completadoHaceHoras: 5 })
    const paciente = await insertarPaciente(t.db.sql)
    for (const cambios of [
      { estado: 'Completado', modalidad: 'RX' },
      { estado: 'Completado', modalidad: 'Eco' },
      // The laboratory validates its results; a study not yet done waits for nothing.
      { estado: 'Completado', modalidad: 'LAB' },
      { estado: 'En proceso', modalidad: 'RX' },
    ])
      await insertarAtencion(t.db.sql, paciente, cambios)

    const despues = await leer()
    expect(despues.porInformar).toBe(antes.porInformar + 2)
    expect(despues.porInformar).toBe(await porInformarTotal(t.db.sql))
    const [ahora] = await t.db.sql<{ mes: string }[]>`
      select to_char(now() at time zone ${TZ}, 'YYYY-MM') as mes`
    expect(despues.mes).toBe(ahora!.mes)
    expect(despues.tiempos.find((m) => m.modalidad === 'MRI')).toEqual({
      modalidad: 'MRI',
      etiqueta: 'MRI',
      informes: 1,
      medianaHoras: 5,
    })
  })

  it('es para cada rol del personal, y sin sesión un 401', async () => {
    for (const rol of ['recepcion', 'tecnologo', 'medico', 'admin'] as const) {
      const res = await t.app.inject({ url: '/estadisticas/informes', headers: await t.login(rol) })
      expect(res.statusCode, rol).toBe(200)
    }
    expect((await t.app.inject({ url: '/estadisticas/informes' })).statusCode).toBe(401)
  })
})
