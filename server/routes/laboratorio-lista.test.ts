// GET /laboratorio/lista through the real app on PostgreSQL: the clinic day in Lima's time to the
// last minute of its evening, which atenciones it lists and in what order, one sede or all, each
// one's samples, analitos and pending critical values counted from rows written directly, the read
// recorded, a bad day or sede refused with nothing recorded, and every role reading it. Its plan on
// many rows: migration 0063's and the other tables' indexes, no sequential scan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import { ROLES } from '../../shared/permisos.js'
import type { FilaListaLaboratorio } from '../../shared/resultados.js'
import { cacheCatalogos } from '../catalogos.js'
import { listaLaboratorio } from '../queries/laboratorio-lista.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { capturar, indicesDelPlan, secuenciales } from '../test/planes.js'

const TZ = 'America/Lima'
// A fixed past day: what the list shows depends on the day asked, never on today's.
const DIA = '2025-03-14'
const HEMOGRAMA = 'Hemograma completo'
const LIPIDOS = 'Perfil lipídico'

let t: TestApp
let tecnologo: number
const analitos = new Map<string, number[]>()

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: TZ })
  await t.login('tecnologo')
  const [cuenta] = await t.db.sql<{ id: number }[]>`
    select id from usuarios where usuario = 'prueba.tecnologo'`
  tecnologo = cuenta!.id
  const filas = await t.db.sql<{ nombre: string; ids: number[] }[]>`
    select e.nombre, array_agg(ea.analito_id order by ea.orden) as ids
    from estudios e join examen_analitos ea on ea.estudio_id = e.id
    where e.modalidad = 'LAB' group by e.nombre`
  for (const f of filas) analitos.set(f.nombre, f.ids)
})
afterAll(() => t?.close())

const de = (examen: string) => analitos.get(examen)!

async function lab(
  nombre: string,
  llegada: string,
  o: { estado?: string; prioridad?: string; sede?: string; estudios?: string[] } = {},
) {
  const paciente = await insertarPaciente(t.db.sql, { primerNombre: nombre, primerApellido: 'Lab' })
  return insertarAtencion(t.db.sql, paciente, {
    modalidad: 'LAB',
    estudios: o.estudios ?? [HEMOGRAMA],
    llegada,
    estado: o.estado ?? 'En proceso',
    prioridad: o.prioridad,
    sede: o.sede,
  })
}

async function lista(query: string, headers = t.headers) {
  return t.app.inject({ url: `/laboratorio/lista${query}`, headers })
}

async function filas(query: string): Promise<FilaListaLaboratorio[]> {
  const res = await lista(query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** The audit trail's latest event. */
async function ultimoEvento() {
  const [e] = await t.db.sql<
    { id: string; accion: string; usuario: string; pacienteId: string | null; detalle: unknown }[]
  >`select id, accion, usuario, paciente_id, detalle from auditoria order by id desc limit 1`
  return e
}

async function muestra(atencionId: number, recipiente: string, estado: string) {
  await t.db.sql`
    insert into muestras (atencion_id, recipiente, muestra, estudios, estado, recibida_por,
      recibida_en, rechazada_por, rechazada_en, motivo_rechazo)
    values (${atencionId}, ${recipiente}, 'Sangre total', ${[HEMOGRAMA]}::text[], ${estado},
      ${estado === 'recibida' ? tecnologo : null}, ${estado === 'recibida' ? new Date() : null},
      ${estado === 'rechazada' ? tecnologo : null}, ${estado === 'rechazada' ? new Date() : null},
      ${estado === 'rechazada' ? 'Hemolizada' : null})`
}

/** A result version; a validated one is validated by the tecnólogo. */
async function resultado(
  atencionId: number,
  analitoId: number,
  o: { version?: number; valor?: number | null; validado?: boolean } = {},
): Promise<number> {
  const version = o.version ?? 1
  const validado = o.validado ?? false
  const [fila] = await t.db.sql<{ id: number }[]>`
    insert into resultados (atencion_id, analito_id, version, motivo, valor_numero, estado,
      validado_por, validado_en, validador_nombre, validador_colegiatura)
    values (${atencionId}, ${analitoId}, ${version}, ${version > 1 ? 'Error de digitación' : null},
      ${o.valor === undefined ? 12.5 : o.valor}, ${validado ? 'validado' : 'ingresado'},
      ${validado ? tecnologo : null}, ${validado ? new Date() : null},
      ${validado ? 'Lic. Prueba' : null}, ${validado ? 'CTMP 1' : null})
    returning id`
  return fila!.id
}

describe('GET /laboratorio/lista', () => {
  it('el día es el de la clínica: de las 00:00 a las 23:59 de Lima, solo laboratorio y sin las que no llegaron', async () => {
    const dentro = [
      await lab('Madrugada', `${DIA}T00:00:00-05:00`),
      await lab('Noche', `${DIA}T23:59:59-05:00`, { estado: 'En espera' }),
      await lab('Completada', `${DIA}T10:00:00-05:00`, { estado: 'Completado' }),
      await lab('Informada', `${DIA}T11:00:00-05:00`, { estado: 'Informado' }),
    ]
    // The evening's last minute is the next day in UTC; the day before's last second is not this one.
    await lab('Ayer', '2025-03-13T23:59:59-05:00')
    await lab('Mañana', '2025-03-15T00:00:00-05:00')
    for (const estado of ['Programado', 'Cancelado', 'No se presentó'])
      await lab(estado, `${DIA}T09:00:00-05:00`, { estado })
    const rx = await insertarPaciente(t.db.sql)
    await insertarAtencion(t.db.sql, rx, { modalidad: 'RX', llegada: `${DIA}T09:00:00-05:00` })

    const [madrugada, noche, completada, informada] = dentro
    const dia = await filas(`?fecha=${DIA}`)
    expect(dia.map((f) => f.atencionId)).toEqual([madrugada, completada, informada, noche])
    expect(dia.at(-1)!.llegada).toBe('2025-03-15T04:59:59.000Z')
    expect((await filas('?fecha=2025-03-15')).map((f) => f.paciente)).toEqual(['Mañana Lab'])
    expect((await filas('?fecha=2025-03-13')).map((f) => f.paciente)).toEqual(['Ayer Lab'])
  })

  it('sin fecha es hoy en la clínica', async () => {
    const hoy = hoyEn(TZ)
    const id = await lab('Hoy', new Date().toISOString())
    const res = await filas('')
    // Past midnight between the insert and the read, today is another day: nothing to compare.
    if (hoyEn(TZ) !== hoy) return
    expect(res.map((f) => f.atencionId)).toContain(id)
    expect(res).toEqual(await filas(`?fecha=${hoy}`))
  })

  it('ordena Emergencia, Urgente y Rutina, y dentro de cada una por llegada; filtra una sede', async () => {
    const d = '2025-04-02'
    const rutina = await lab('Rutina', `${d}T07:00:00-05:00`)
    const urgente2 = await lab('Urgente2', `${d}T09:00:00-05:00`, { prioridad: 'Urgente' })
    const emergencia = await lab('Emergencia', `${d}T12:00:00-05:00`, { prioridad: 'Emergencia' })
    const urgente1 = await lab('Urgente1', `${d}T08:00:00-05:00`, { prioridad: 'Urgente' })
    const cusco = await lab('Cusco', `${d}T06:00:00-05:00`, { sede: 'Cusco' })

    expect((await filas(`?fecha=${d}`)).map((f) => f.atencionId)).toEqual([
      emergencia,
      urgente1,
      urgente2,
      cusco,
      rutina,
    ])
    const lima = await filas(`?fecha=${d}&sede=Lima`)
    expect(lima.map((f) => f.atencionId)).toEqual([emergencia, urgente1, urgente2, rutina])
    expect(lima.every((f) => f.sede === 'Lima')).toBe(true)
    expect((await filas(`?fecha=${d}&sede=Cusco`)).map((f) => f.atencionId)).toEqual([cusco])
    expect(await filas(`?fecha=${d}&sede=Arequipa`)).toEqual([])
  })

  it('llega por páginas en el mismo orden, con el enlace a la siguiente en Link, y un cursor ajeno es un 400', async () => {
    const d = '2025-05-20'
    const ids = [
      await lab('P3', `${d}T09:00:00-05:00`),
      await lab('P1', `${d}T08:00:00-05:00`, { prioridad: 'Urgente' }),
      // Two arriving at the same instant: the id orders them, and the page break falls between.
      await lab('P4', `${d}T10:00:00-05:00`),
      await lab('P5', `${d}T10:00:00-05:00`),
      await lab('P2', `${d}T07:00:00-05:00`),
    ]
    const esperado = [ids[1], ids[4], ids[0], ids[2], ids[3]]
    const vistos: number[] = []
    let url: string | null = `/laboratorio/lista?fecha=${d}&limite=2`
    let paginas = 0
    while (url) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.headers })
      expect(res.statusCode).toBe(200)
      const pagina = res.json() as FilaListaLaboratorio[]
      expect(pagina.length).toBeLessThanOrEqual(2)
      vistos.push(...pagina.map((f) => f.atencionId))
      const link = res.headers.link as string | undefined
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null
      paginas++
    }
    expect(vistos).toEqual(esperado)
    expect(paginas).toBe(3)
    const malo = await lista(`?fecha=${d}&cursor=no-es-un-cursor`)
    expect(malo.statusCode).toBe(400)
    expect((await lista(`?fecha=${d}&limite=0`)).statusCode).toBe(400)
  })

  it('cuenta las muestras por estado, los analitos ingresados y validados de la versión vigente y los críticos sin comunicar', async () => {
    const d = '2025-04-03'
    const id = await lab('Cuentas', `${d}T08:00:00-05:00`, { estudios: [HEMOGRAMA, LIPIDOS] })
    const vacia = await lab('Vacía', `${d}T09:00:00-05:00`)
    const total = new Set([...de(HEMOGRAMA), ...de(LIPIDOS)]).size
    expect((await filas(`?fecha=${d}`)).map((f) => [f.analitos, f.muestras])).toEqual([
      [
        { total, ingresados: 0, validados: 0 },
        { pendientes: 0, recibidas: 0, rechazadas: 0 },
      ],
      [
        { total: de(HEMOGRAMA).length, ingresados: 0, validados: 0 },
        { pendientes: 0, recibidas: 0, rechazadas: 0 },
      ],
    ])

    await muestra(id, 'Tubo lila', 'rechazada')
    await muestra(id, 'Tubo lila', 'recibida')
    await muestra(id, 'Tubo amarillo', 'pendiente')
    const [a1, a2, a3, a4, a5, a6] = de(HEMOGRAMA) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    await resultado(id, a1) // typed
    await resultado(id, a2, { validado: true }) // validated
    await resultado(id, a3, { valor: null }) // a row with its value cleared
    // Corrected: the validated first version stays, the second (typed) is the current one.
    await resultado(id, a4, { validado: true })
    await resultado(id, a4, { version: 2, valor: 13 })
    // A correction validated in turn.
    await resultado(id, a5, { validado: true })
    await resultado(id, a5, { version: 2, validado: true })
    // Critical values: one waits for its call-back, one was called back.
    const critico = await resultado(id, a6, { valor: 2 })
    await t.db.sql`insert into hallazgos_criticos (resultado_id) values (${critico})`
    const comunicado = await resultado(id, de(LIPIDOS)[0]!, { valor: 500, validado: true })
    await t.db.sql`
      insert into hallazgos_criticos (resultado_id, comunicado_a, medio, releido, comunicado_en,
        registrado_por)
      values (${comunicado}, 'Dr. Tratante', 'Teléfono', true, now(), ${tecnologo})`

    const [fila, otra] = await filas(`?fecha=${d}`)
    expect(fila).toMatchObject({
      atencionId: id,
      paciente: 'Cuentas Lab',
      estado: 'En proceso',
      prioridad: 'Rutina',
      estudios: [HEMOGRAMA, LIPIDOS],
      muestras: { pendientes: 1, recibidas: 1, rechazadas: 1 },
      // Typed: a1, a2, a4 (v2), a5 (v2), a6 and the lipid one; validated: a2, a5 and the lipid one.
      analitos: { total, ingresados: 6, validados: 3 },
      criticosPendientes: 1,
    })
    expect(fila!.documento).toMatch(/^dni \d+$/)
    expect(otra).toMatchObject({ atencionId: vacia, criticosPendientes: 0 })
  })

  it('un analito desactivado cuenta solo donde la atención tiene un resultado suyo', async () => {
    const d = '2025-04-04'
    const con = await lab('ConInactivo', `${d}T08:00:00-05:00`)
    const sin = await lab('SinInactivo', `${d}T09:00:00-05:00`)
    const inactivo = de(HEMOGRAMA).at(-1)!
    await resultado(con, inactivo)
    // Through Configuración, as an admin does it: the server reads its catalogue again at once.
    const admin = await t.login('admin')
    const activar = async (activo: boolean) => {
      const cat = (await t.app.inject({ url: '/laboratorio/analitos', headers: admin })).json()
      const a = cat.analitos.find((x: { id: number }) => x.id === inactivo)
      const res = await t.app.inject({
        method: 'PUT',
        url: `/configuracion/analitos/${inactivo}`,
        headers: admin,
        payload: {
          nombre: a.nombre,
          loinc: a.loinc,
          unidad: a.unidad,
          decimales: a.decimales,
          deltaPorcentaje: a.deltaPorcentaje,
          activo,
        },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await activar(false)
    try {
      const [a, b] = await filas(`?fecha=${d}`)
      expect([a!.atencionId, a!.analitos]).toEqual([
        con,
        { total: de(HEMOGRAMA).length, ingresados: 1, validados: 0 },
      ])
      expect([b!.atencionId, b!.analitos.total]).toEqual([sin, de(HEMOGRAMA).length - 1])
    } finally {
      await activar(true)
    }
  })

  it('queda en la auditoría como lectura de pacientes, con el día, la sede y cuántos', async () => {
    const d = '2025-04-05'
    await lab('Auditada1', `${d}T08:00:00-05:00`)
    await lab('Auditada2', `${d}T09:00:00-05:00`)
    const headers = await t.login('medico')
    const res = await lista(`?fecha=${d}&sede=Lima`, headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(await ultimoEvento()).toMatchObject({
      accion: 'laboratorio.lista',
      usuario: 'prueba.medico',
      pacienteId: null,
      detalle: { fecha: d, sede: 'Lima', pacientes: 2 },
    })
  })

  it('una fecha o una sede inválidas son un 400 en español y no se registra nada', async () => {
    const antes = await ultimoEvento()
    for (const [query, campo, mensaje] of [
      ['?fecha=2025-02-30', 'fecha', 'Fecha inválida (use AAAA-MM-DD)'],
      ['?fecha=14/03/2025', 'fecha', 'Fecha inválida (use AAAA-MM-DD)'],
      ['?fecha=1999-12-31', 'fecha', 'Fecha inválida (use AAAA-MM-DD)'],
      [`?fecha=${DIA}&sede=Tacna`, 'sede', 'Sede no válida: use Lima, Arequipa, Cusco'],
    ]) {
      const res = await lista(query!)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().errores).toEqual([{ campo, mensaje }])
    }
    expect(await ultimoEvento()).toEqual(antes)
  })

  it('la leen todos los roles; sin sesión, 401', async () => {
    for (const rol of ROLES) {
      const res = await lista(`?fecha=${DIA}`, await t.login(rol))
      expect(res.statusCode, rol).toBe(200)
    }
    expect((await t.app.inject({ url: `/laboratorio/lista?fecha=${DIA}` })).statusCode).toBe(401)
  })
})

describe('el plan, con muchas filas', () => {
  it('lee el día y cada atención por sus índices, sin recorrer atenciones, muestras, resultados ni su resumen', async () => {
    const hemograma = de(HEMOGRAMA)
    const paciente = await insertarPaciente(t.db.sql, { primerNombre: 'Plan' })
    // 30 days of 40 LAB atenciones (and as many RX), each with its samples and typed results.
    await t.db.sql`
      insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia,
        prioridad, llegada)
      select p.id, 'Lima', m, case m when 'LAB' then array[${HEMOGRAMA}] else array['Tórax PA'] end,
        'Completado', 'Ambulatorio', 'Rutina', timestamptz '2024-01-01 08:00-05' + (i % 30) * interval '1 day'
      from (select ${paciente}::int as id) p, generate_series(1, 1200) i,
        unnest(array['LAB', 'RX']) m`
    await t.db.sql`
      insert into muestras (atencion_id, recipiente, muestra, estudios)
      select id, 'Tubo lila', 'Sangre total', estudios from atenciones
      where modalidad = 'LAB' and llegada < '2024-02-15'`
    await t.db.sql`
      insert into resultados (atencion_id, analito_id, valor_numero)
      select a.id, x, 10 from atenciones a, unnest(${hemograma}::int[]) x
      where a.modalidad = 'LAB' and a.llegada < '2024-02-15'`
    await t.db.sql`analyze`

    const lab = (await cacheCatalogos(t.db.sql).leer()).laboratorio
    const captura = capturar(t.db.sql)
    try {
      const filasDia = await listaLaboratorio(
        t.db.sql,
        lab,
        { fecha: '2024-01-20', sede: 'Lima', tz: TZ, limite: 50, despues: null },
        {
          accion: 'laboratorio.lista',
          usuarioId: tecnologo,
          usuario: 'prueba.tecnologo',
          direccion: null,
        },
      )
      expect(filasDia).toHaveLength(40)
      expect(filasDia[0]!.analitos.ingresados).toBe(hemograma.length)
      const [sentencia, ...otras] = captura.tomar()
      expect(otras).toEqual([])
      expect(
        await secuenciales(t.db.sql, sentencia!, [
          'atenciones',
          'pacientes',
          'muestras',
          'resultados',
          'laboratorio_resumen',
          'hallazgos_criticos',
        ]),
      ).toEqual([])
      const indices = await indicesDelPlan(t.db.sql, sentencia!)
      // The day's page: each priority's range of the laboratory's index by sede, priority and
      // arrival, read in order and cut at the page (three ranges, never the whole day sorted).
      expect(
        indices.filter((i) => i === 'atenciones_laboratorio_sede_dia_idx'),
        `${indices}`,
      ).toHaveLength(3)
      expect(indices).toEqual(
        expect.arrayContaining(['muestras_atencion_idx', 'laboratorio_resumen_pkey']),
      )
      // The pending call-backs from their partial index, or one page's results' by their key.
      expect(
        indices.some((i) => i.startsWith('hallazgos_criticos_')),
        `${indices}`,
      ).toBe(true)
    } finally {
      captura.soltar()
    }
  })
})
