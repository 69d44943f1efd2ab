// The laboratory's results on the embedded home (PGlite), as an on-premise clinic without its own
// PostgreSQL runs them: typed with their flags and calculations, a stale save refused with what is
// stored, validated by another person into a partial and then a full sheet, the atención taken to
// Informado, the PDF served with the same bytes, and a correction as a new version.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FilaResultado, ResultadosAtencion } from '../../shared/resultados.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { analitos, atencionLab, llamadas, type Llamadas } from '../test/resultados.js'

let t: TestApp
let tec: Record<string, string>
let medica: Record<string, string>
let ids: Record<string, number>
let api: Llamadas

beforeAll(async () => {
  t = await createTestApp({}, { embedded: true })
  tec = await t.login('tecnologo')
  medica = await t.login('medico')
  ids = await analitos(t.db.sql)
  api = llamadas(t)
})
afterAll(() => t?.close())

const fila = (r: ResultadosAtencion, codigo: string): FilaResultado =>
  r.examenes.flatMap((e) => e.filas).find((f) => f.analito.codigo === codigo)!

describe('resultados de laboratorio en la base embebida', () => {
  it('se guardan, se validan por otra persona y la atención pasa a Informado', async () => {
    const { atencion } = await atencionLab(t.db.sql, { estudios: ['Perfil lipídico', 'Glucosa'] })
    const etag = await api.etag(atencion, tec)
    const res = await api.guardar(
      atencion,
      tec,
      [
        { analitoId: ids.COL!, valor: 210 },
        { analitoId: ids.HDL!, valor: 45 },
        { analitoId: ids.TRI!, valor: 150 },
      ],
      etag,
    )
    expect(res.statusCode, res.body).toBe(200)
    const r = res.json() as ResultadosAtencion
    expect(fila(r, 'COL').resultado!.bandera).toBe('H')
    expect(fila(r, 'LDL').resultado!.valor).toBe(135)
    const vieja = await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 90 }], etag)
    expect(vieja.statusCode).toBe(412)
    expect(fila(vieja.json().actual, 'TRI').resultado!.valor).toBe(150)

    const propia = await api.validar(atencion, tec)
    expect(propia.statusCode).toBe(403)
    const parcial = await api.validar(atencion, medica)
    expect(parcial.statusCode, parcial.body).toBe(200)
    expect(parcial.json().hoja).toMatchObject({ version: 1, parcial: true })

    await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 88 }])
    const completa = await api.validar(atencion, medica)
    expect(completa.statusCode, completa.body).toBe(200)
    const hoja = (completa.json() as ResultadosAtencion).hoja!
    expect(hoja).toMatchObject({ version: 2, parcial: false })
    const [a] = await t.db.sql`select estado from atenciones where id = ${atencion}`
    expect(a!.estado).toBe('Informado')
    const pdf = await t.app.inject({ url: `/atenciones/${atencion}/resultados/pdf`, headers: tec })
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(hoja.sha256)
    const otra = await t.app.inject({
      url: `/atenciones/${atencion}/resultados/pdf`,
      headers: medica,
    })
    expect(otra.rawPayload.equals(pdf.rawPayload)).toBe(true)

    const corregido = await api.guardar(atencion, tec, [
      { analitoId: ids.GLU!, valor: 98, motivo: 'Muestra repetida' },
    ])
    expect(fila(corregido.json(), 'GLU').resultado).toMatchObject({ version: 2, valor: 98 })
    expect(fila(corregido.json(), 'GLU').corregidos[0]).toMatchObject({ version: 1, valor: 88 })
    const v = await api.validar(atencion, medica)
    expect(v.json().hoja).toMatchObject({ version: 3, parcial: false })
    await expect(
      t.db.sql`update resultados set valor_numero = 1 where atencion_id = ${atencion}`,
    ).rejects.toThrow('ya está validado')
  })
})
