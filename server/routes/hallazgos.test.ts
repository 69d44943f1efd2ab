// Critical findings through the real app on PostgreSQL: a final signature flagged critical opens
// one, listed as pending (oldest first) to every role until someone records the call once; a
// second record is a 409 naming who recorded it and when; bad input is a Spanish 400 per field
// that changes nothing; every read and the record are audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_HALLAZGOS as M, type HallazgoCritico } from '../../shared/hallazgos.js'
import type { Informe } from '../../shared/informes.js'
import { ROLES } from '../../shared/permisos.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { ultimoEvento } from '../test/factories.js'
import { informeFirmado } from '../test/informes.js'

let t: TestApp
let medica: Record<string, string>

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: 'America/Lima' })
  medica = await t.login('medico')
})
afterAll(() => t?.close())

interface Lista {
  hallazgos: HallazgoCritico[]
  total: number
}

const listar = (query = '', headers = t.headers) =>
  t.app.inject({ url: `/hallazgos-criticos${query}`, headers })
const comunicar = (id: number | string, payload: object, headers = t.headers) =>
  t.app.inject({
    method: 'POST',
    url: `/hallazgos-criticos/${id}/comunicacion`,
    headers,
    payload,
  })
const LLAMADA = {
  comunicadoA: '  Dr. Pérez,   médico tratante ',
  medio: 'Teléfono',
  releido: true,
}

async function hallazgoDe(informe: Informe): Promise<number> {
  const [fila] = await t.db.sql<{ id: number }[]>`
    select id from hallazgos_criticos where informe_id = ${informe.id}`
  return fila!.id
}

describe('los pendientes', () => {
  it('se listan para cada rol, el más antiguo primero, con paciente, estudio, firmante y espera, y la lectura queda registrada', async () => {
    const primero = await informeFirmado(t, medica, {
      hallazgoCritico: true,
      primerApellido: 'Primera',
      estudios: ['Tórax PA', 'Tórax lateral'],
    })
    await informeFirmado(t, medica, { hallazgoCritico: false, primerApellido: 'Normal' })
    const segundo = await informeFirmado(t, medica, {
      hallazgoCritico: true,
      modalidad: 'Eco',
      estudios: ['Abdominal completa'],
      primerApellido: 'Segunda',
    })
    // Signed two hours ago, as the waiting says.
    await t.db.sql`
      update hallazgos_criticos set creado_en = now() - interval '2 hours'
      where informe_id = ${primero.id}`

    for (const rol of ROLES) {
      const res = await listar('', await t.login(rol))
      expect(res.statusCode, `${rol}: ${res.body}`).toBe(200)
    }
    const res = await listar()
    const lista = res.json<Lista>()
    const ids = lista.hallazgos.map((h) => h.informeId)
    expect(ids.indexOf(primero.id)).toBeLessThan(ids.indexOf(segundo.id))
    expect(lista.total).toBe(lista.hallazgos.length)
    const h = lista.hallazgos.find((x) => x.informeId === primero.id)!
    expect(h).toMatchObject({
      id: await hallazgoDe(primero),
      atencionId: primero.atencionId,
      pacienteId: primero.estudio.pacienteId,
      paciente: 'Rosa Primera',
      documento: primero.estudio.documento,
      modalidad: 'RX',
      estudios: ['Tórax PA', 'Tórax lateral'],
      firmante: 'Médica de Prueba',
      comunicacion: null,
    })
    expect(h.horasEsperando).toBeGreaterThanOrEqual(2)
    expect(h.horasEsperando).toBeLessThan(2.1)
    expect(lista.hallazgos.some((x) => x.paciente === 'Rosa Normal')).toBe(false)
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'hallazgos.listados',
      usuario: 'prueba.recepcion',
      detalle: { estado: 'pendientes', pacientes: lista.hallazgos.length },
    })
  })

  it('se recorren página a página con el encabezado Link', async () => {
    const todos = (await listar()).json<Lista>().hallazgos
    expect(todos.length).toBeGreaterThanOrEqual(2)
    const res = await listar('?limite=1')
    expect(res.json<Lista>().hallazgos.map((h) => h.id)).toEqual([todos[0]!.id])
    const siguiente = /<([^>]+)>; rel="next"/.exec(String(res.headers.link))![1]!
    const pagina2 = await t.app.inject({ url: siguiente, headers: t.headers })
    expect(pagina2.json<Lista>().hallazgos.map((h) => h.id)).toEqual([todos[1]!.id])
    expect(pagina2.json<Lista>().total).toBe(todos.length)
  })

  it('un estado, un límite o un cursor inválidos son un 400 en español', async () => {
    for (const [query, campo] of [
      ['?estado=todos', 'estado'],
      ['?limite=0', 'limite'],
      ['?cursor=xyz', 'cursor'],
    ] as const) {
      const res = await listar(query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().message).toMatch(/[a-zá-ú]/)
      expect(res.json().errores[0].campo, query).toBe(campo)
    }
  })
})

describe('registrar la comunicación', () => {
  it('la guarda con quién la registró, sale de los pendientes, pasa a comunicados y queda auditada', async () => {
    const informe = await informeFirmado(t, medica, { hallazgoCritico: true })
    const id = await hallazgoDe(informe)
    const tecnologo = await t.login('tecnologo')
    const res = await comunicar(
      id,
      { ...LLAMADA, nota: ' Indicó traslado a emergencia ' },
      tecnologo,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      id,
      informeId: informe.id,
      comunicacion: {
        comunicadoA: 'Dr. Pérez, médico tratante',
        medio: 'Teléfono',
        releido: true,
        registradoPor: 'Tecnólogo de Prueba',
        nota: 'Indicó traslado a emergencia',
      },
    })
    const [fila] = await t.db.sql`
      select comunicado_a, medio, releido, comunicado_en is not null as comunicado, nota
      from hallazgos_criticos where id = ${id}`
    expect(fila).toEqual({
      comunicadoA: 'Dr. Pérez, médico tratante',
      medio: 'Teléfono',
      releido: true,
      comunicado: true,
      nota: 'Indicó traslado a emergencia',
    })
    const [evento] = await t.db.sql<
      { usuario: string; pacienteId: string; detalle: Record<string, unknown> }[]
    >`select usuario, paciente_id, detalle from auditoria where accion = 'hallazgo.comunicado'
      order by id desc limit 1`
    expect(evento).toEqual({
      usuario: 'prueba.tecnologo',
      pacienteId: String(informe.estudio.pacienteId),
      detalle: {
        hallazgo: id,
        informe: informe.id,
        comunicadoA: 'Dr. Pérez, médico tratante',
        medio: 'Teléfono',
        releido: true,
      },
    })

    const pendientes = (await listar()).json<Lista>()
    expect(pendientes.hallazgos.some((h) => h.id === id)).toBe(false)
    const comunicados = (await listar('?estado=comunicados')).json<Lista>()
    expect(comunicados.hallazgos[0]).toMatchObject({ id, comunicacion: { medio: 'Teléfono' } })
  })

  it('una segunda vez es un 409 que nombra a quien la registró y cuándo, sin cambiar nada', async () => {
    const informe = await informeFirmado(t, medica, { hallazgoCritico: true })
    const id = await hallazgoDe(informe)
    expect((await comunicar(id, LLAMADA)).statusCode).toBe(200)
    await t.db.sql`
      update hallazgos_criticos set comunicado_en = '2026-03-05T15:07:00Z' where id = ${id}`
    const res = await comunicar(
      id,
      { comunicadoA: 'Otra persona', medio: 'Correo', releido: false },
      medica,
    )
    expect(res.statusCode).toBe(409)
    // 10:07 in Lima.
    expect(res.json().message).toBe(M.yaComunicado('Personal de Prueba', '05/03/2026 a las 10:07'))
    const [fila] = await t.db.sql`
      select comunicado_a, medio from hallazgos_criticos where id = ${id}`
    expect(fila).toEqual({ comunicadoA: 'Dr. Pérez, médico tratante', medio: 'Teléfono' })
  })

  it('datos inválidos son un 400 por campo, en español, y no guardan ni registran nada', async () => {
    const informe = await informeFirmado(t, medica, { hallazgoCritico: true })
    const id = await hallazgoDe(informe)
    const [antes] = await t.db.sql<{ id: string }[]>`select max(id) as id from auditoria`
    const casos: [object, string, string | null][] = [
      [{ medio: 'Teléfono', releido: true }, 'comunicadoA', 'Campo requerido'],
      [{ ...LLAMADA, comunicadoA: '   ' }, 'comunicadoA', M.comunicadoA],
      [{ ...LLAMADA, comunicadoA: 'x'.repeat(201) }, 'comunicadoA', null],
      [{ ...LLAMADA, comunicadoA: 'Dr.\u0000Pérez' }, 'comunicadoA', null],
      [{ ...LLAMADA, medio: 'Fax' }, 'medio', M.medio],
      [{ comunicadoA: 'Dr. Pérez', medio: 'Teléfono' }, 'releido', 'Campo requerido'],
      [{ ...LLAMADA, releido: 'sí' }, 'releido', M.releido],
      [{ ...LLAMADA, nota: 'n'.repeat(501) }, 'nota', null],
    ]
    for (const [cuerpo, campo, mensaje] of casos) {
      const res = await comunicar(id, cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
      const errores = res.json().errores as { campo: string; mensaje: string }[]
      expect(errores.map((e) => e.campo)).toContain(campo)
      if (mensaje) expect(errores.find((e) => e.campo === campo)?.mensaje).toBe(mensaje)
      for (const e of errores) expect(e.mensaje).not.toMatch(/must|should/)
    }
    const [fila] = await t.db.sql`select comunicado_en from hallazgos_criticos where id = ${id}`
    expect(fila).toEqual({ comunicadoEn: null })
    const nuevos = await t.db.sql`
      select accion from auditoria where id > ${antes!.id} and accion = 'hallazgo.comunicado'`
    expect(nuevos).toEqual([])
  })

  it('un hallazgo que no existe es un 404, y sin sesión un 401', async () => {
    expect((await comunicar('abc', LLAMADA)).json().message).toBe('Datos inválidos')
    for (const id of [999999, 0, 99999999999]) {
      const res = await comunicar(id, LLAMADA)
      expect(res.statusCode, String(id)).toBe(404)
      expect(res.json().message).toBe(M.noEncontrado)
    }
    const sin = await t.app.inject({
      method: 'POST',
      url: '/hallazgos-criticos/1/comunicacion',
      headers: { origin: t.headers.origin! },
      payload: LLAMADA,
    })
    expect(sin.statusCode).toBe(401)
    expect((await t.app.inject({ url: '/hallazgos-criticos' })).statusCode).toBe(401)
  })
})
