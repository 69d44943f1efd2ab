// One analito across a day's LAB atenciones, and the patient's previous value: the grid lists the
// day's atenciones that ask for it (not those not yet arrived or closed) by priority then arrival,
// each with its range, result, previous value and an ETag a save takes; it reads through indexes,
// and a save sends as many statements for a whole hemograma as for a glucose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FilaPorAnalito, FilaResultado, ResultadosAtencion } from '../../shared/resultados.js'
import { MENSAJES_RESULTADOS as M } from '../../shared/resultados.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { ultimoEvento } from '../test/factories.js'
import { capturar, secuenciales } from '../test/planes.js'
import { analitos, atencionLab, llamadas, type Llamadas } from '../test/resultados.js'

let t: TestApp
let tec: Record<string, string>
let ids: Record<string, number>
let api: Llamadas

// A fixed day, 09:00 and 11:00 in Lima (UTC−5): the grid's day is the clinic's.
const DIA = '2026-03-10'
const a = (hora: string) => `${DIA}T${hora}:00-05:00`

beforeAll(async () => {
  t = await createTestApp()
  tec = await t.login('tecnologo')
  ids = await analitos(t.db.sql)
  api = llamadas(t)
})
afterAll(() => t?.close())

const fila = (r: ResultadosAtencion, codigo: string): FilaResultado =>
  r.examenes.flatMap((e) => e.filas).find((f) => f.analito.codigo === codigo)!

/** A validated glucose of an earlier atención of `paciente`. */
async function glucosaAnterior(paciente: number, llegada: string, valor: number) {
  const { atencion } = await atencionLab(t.db.sql, {
    pacienteId: paciente,
    estado: 'Informado',
    llegada,
  })
  await t.db.sql`insert into resultados (atencion_id, analito_id, valor_numero, estado,
      validado_en, validador_nombre, importado)
    values (${atencion}, ${ids.GLU!}, ${valor}, 'validado', ${llegada}::timestamptz, 'Sistema anterior', true)`
  return atencion
}

describe('el valor anterior del paciente', () => {
  it('es el último validado de una atención anterior, con su alerta delta', async () => {
    const { atencion, paciente } = await atencionLab(t.db.sql, {
      llegada: '2026-03-02T09:00:00-05:00',
    })
    await glucosaAnterior(paciente, '2025-11-02T09:00:00-05:00', 80)
    const previa = await glucosaAnterior(paciente, '2026-01-15T09:00:00-05:00', 100)
    // A later one is not «previous».
    await glucosaAnterior(paciente, '2026-05-01T09:00:00-05:00', 300)
    const alto = (await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 151 }])).json()
    expect(fila(alto, 'GLU').anterior).toEqual({
      atencionId: previa,
      valor: 100,
      en: new Date('2026-01-15T14:00:00Z').toISOString(),
      delta: true,
    })
    // Glucose's delta threshold is 50 %: 150 is not past it.
    const justo = (await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 150 }])).json()
    expect(fila(justo, 'GLU').anterior!.delta).toBe(false)
  })
})

describe('GET /laboratorio/analitos/:id/resultados', () => {
  it('lista las atenciones del día que piden el analito, por prioridad y llegada', async () => {
    const rutina = await atencionLab(t.db.sql, { llegada: a('09:00') })
    const urgente = await atencionLab(t.db.sql, {
      llegada: a('11:00'),
      prioridad: 'Urgente',
      estudios: ['Hemograma completo', 'Glucosa'],
      recibir: false,
    })
    await atencionLab(t.db.sql, { llegada: a('10:00'), estado: 'Programado' })
    await atencionLab(t.db.sql, { llegada: a('10:30'), estudios: ['TSH'] })
    await atencionLab(t.db.sql, { llegada: a('10:45'), sede: 'Cusco' })
    await api.guardar(rutina.atencion, tec, [{ analitoId: ids.GLU!, valor: 104 }])

    const res = await t.app.inject({
      url: `/laboratorio/analitos/${ids.GLU!}/resultados?fecha=${DIA}&sede=Lima`,
      headers: tec,
    })
    expect(res.statusCode, res.body).toBe(200)
    const { analito, filas } = res.json() as {
      analito: { codigo: string }
      filas: FilaPorAnalito[]
    }
    expect(analito.codigo).toBe('GLU')
    const delDia = filas.filter((f) => [rutina.atencion, urgente.atencion].includes(f.atencionId))
    expect(filas.map((f) => f.atencionId)).toEqual(delDia.map((f) => f.atencionId))
    expect(delDia.map((f) => f.atencionId)).toEqual([urgente.atencion, rutina.atencion])
    const [u, r] = delDia as [FilaPorAnalito, FilaPorAnalito]
    expect(u.muestraRecibida).toBe(false)
    expect(r).toMatchObject({
      muestraRecibida: true,
      rango: { normalMin: 70, normalMax: 100 },
      resultado: { valor: 104, bandera: 'H', estado: 'ingresado' },
    })
    const e = await ultimoEvento(t)
    expect(e.accion).toBe('resultados.por_analito')
    expect(e.detalle).toEqual({ analito: 'GLU', fecha: DIA, sede: 'Lima', pacientes: 2 })

    // The row's ETag saves the next value, once.
    const bien = await api.guardar(
      rutina.atencion,
      tec,
      [{ analitoId: ids.GLU!, valor: 98 }],
      r.etag,
    )
    expect(bien.statusCode, bien.body).toBe(200)
    const vieja = await api.guardar(
      rutina.atencion,
      tec,
      [{ analitoId: ids.GLU!, valor: 97 }],
      r.etag,
    )
    expect(vieja.statusCode).toBe(412)
  })

  it('llega por páginas en el mismo orden, con la siguiente en Link', async () => {
    const dia = '2026-03-12'
    const en = (hora: string) => `${dia}T${hora}:00-05:00`
    const creadas = [
      await atencionLab(t.db.sql, { llegada: en('09:00') }),
      await atencionLab(t.db.sql, { llegada: en('08:00'), prioridad: 'Emergencia' }),
      await atencionLab(t.db.sql, { llegada: en('10:00') }),
      await atencionLab(t.db.sql, { llegada: en('10:00') }),
      await atencionLab(t.db.sql, { llegada: en('07:00') }),
    ].map((x) => x.atencion)
    const esperado = [creadas[1], creadas[4], creadas[0], creadas[2], creadas[3]]
    const vistos: number[] = []
    let url: string | null = `/laboratorio/analitos/${ids.GLU!}/resultados?fecha=${dia}&limite=2`
    let paginas = 0
    while (url) {
      const res = await t.app.inject({ url, headers: tec })
      expect(res.statusCode, res.body).toBe(200)
      const { filas } = res.json() as { filas: FilaPorAnalito[] }
      expect(filas.length).toBeLessThanOrEqual(2)
      expect(filas.every((f) => f.etag.length > 0)).toBe(true)
      vistos.push(...filas.map((f) => f.atencionId))
      const link = res.headers.link as string | undefined
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null
      paginas++
    }
    expect(vistos).toEqual(esperado)
    expect(paginas).toBe(3)
    const malo = await t.app.inject({
      url: `/laboratorio/analitos/${ids.GLU!}/resultados?fecha=${dia}&cursor=x`,
      headers: tec,
    })
    expect(malo.statusCode).toBe(400)
  })

  it('una fecha o una sede inválidas son un 400; un analito que no existe, un 404', async () => {
    const mala = await t.app.inject({
      url: `/laboratorio/analitos/${ids.GLU!}/resultados?fecha=2026-02-30`,
      headers: tec,
    })
    expect([mala.statusCode, mala.json().errores?.[0]?.mensaje]).toEqual([400, M.fechaInvalida])
    const sede = await t.app.inject({
      url: `/laboratorio/analitos/${ids.GLU!}/resultados?sede=Marte`,
      headers: tec,
    })
    expect([sede.statusCode, sede.json().errores?.[0]?.campo]).toEqual([400, 'sede'])
    const nada = await t.app.inject({
      url: '/laboratorio/analitos/999999/resultados',
      headers: tec,
    })
    expect(nada.statusCode).toBe(404)
  })

  it('lee por índices, sin recorrer tablas enteras', async () => {
    const captura = capturar(t.db.sql)
    try {
      await t.app.inject({
        url: `/laboratorio/analitos/${ids.GLU!}/resultados?fecha=${DIA}`,
        headers: tec,
      })
      const sentencias = captura.tomar()
      // The page, each row's result and previous value, and its audit record: one statement.
      expect(sentencias).toHaveLength(1)
      for (const s of sentencias)
        expect(
          await secuenciales(t.db.sql, s, [
            'atenciones',
            'pacientes',
            'resultados',
            'muestras',
            'hallazgos_criticos',
            'laboratorio_resumen',
          ]),
          s.texto,
        ).toEqual([])
    } finally {
      captura.soltar()
    }
  })
})

describe('guardar un hemograma', () => {
  it('envía las mismas sentencias para 21 analitos que para uno, y lee por índices', async () => {
    const hemo = await atencionLab(t.db.sql, { estudios: ['Hemograma completo'] })
    const glu = await atencionLab(t.db.sql)
    const valores = [
      ['HEM', 4.6],
      ['HGB', 13.8],
      ['HTO', 41.2],
      ['VCM', 89.5],
      ['HCM', 30.1],
      ['CHCM', 33.5],
      ['RDW', 13.1],
      ['LEU', 7.25],
      ['ABA-P', 2],
      ['NEU-P', 58],
      ['LIN-P', 30],
      ['MON-P', 6],
      ['EOS-P', 3],
      ['BAS-P', 1],
      ['PLT', 250],
      ['VPM', 9.8],
    ] as const
    const contar = async (atencion: number, r: { analitoId: number; valor: number }[]) => {
      const etag = await api.etag(atencion, tec)
      const captura = capturar(t.db.sql)
      try {
        const res = await api.guardar(atencion, tec, r, etag)
        expect(res.statusCode, res.body).toBe(200)
        return { res: res.json() as ResultadosAtencion, sentencias: captura.tomar() }
      } finally {
        captura.soltar()
      }
    }
    const h = await contar(
      hemo.atencion,
      valores.map(([c, valor]) => ({ analitoId: ids[c]!, valor })),
    )
    const g = await contar(glu.atencion, [{ analitoId: ids.GLU!, valor: 90 }])
    expect(h.sentencias.length).toBe(g.sentencias.length)
    expect(fila(h.res, 'NEU-A').resultado!.valor).toBe(4.21)
    const escritos = await t.db.sql`select count(*)::int as n from resultados
      where atencion_id = ${hemo.atencion}`
    expect(escritos[0]!.n).toBeGreaterThanOrEqual(21)
    for (const s of h.sentencias)
      expect(
        await secuenciales(t.db.sql, s, [
          'atenciones',
          'pacientes',
          'resultados',
          'muestras',
          'laboratorio_resumen',
        ]),
        s.texto,
      ).toEqual([])
  })
})
