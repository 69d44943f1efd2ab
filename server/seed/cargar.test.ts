import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BusquedaFila } from '../../shared/busqueda.js'
import type { Estadisticas } from '../../shared/estadisticas.js'
import { prepareDatabase } from '../startup.js'
import { createTestApp, testConfig, type TestApp } from '../test/app.js'
import { vaciar } from '../test/database.js'
import { cargarDatos, ultimosDocumentos } from './cargar.js'
import { cargarDemo, PACIENTES_DEMO } from './demo.js'

const TZ = 'America/Lima'

describe('npm run seed (cargarDatos)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  const contar = async () => {
    const [f] = await t.db.sql<
      {
        pacientes: number
        atenciones: number
        sinAtencion: number
        documentos: number
        vacios: number
      }[]
    >`
      select (select count(*)::int from pacientes) as pacientes,
        (select count(*)::int from atenciones) as atenciones,
        (select count(*)::int from pacientes_sin_atencion) as sin_atencion,
        (select count(distinct (tipo_documento, documento))::int from pacientes) as documentos,
        (select count(*)::int from pacientes p where not exists (select 1 from atenciones a where a.paciente_id = p.id)) as vacios`
    return f!
  }

  it('carga N pacientes con unas tres atenciones cada uno, por lotes', async () => {
    const avances: number[] = []
    const r = await cargarDatos(t.db.sql, {
      pacientes: 1200,
      tz: TZ,
      semilla: 11,
      lote: 500,
      alAvanzar: (a) => avances.push(a.pacientes),
    })
    expect(avances).toEqual([500, 1000, 1200])
    const c = await contar()
    expect(c.pacientes).toBe(1200)
    expect(r).toMatchObject({ pacientes: 1200, atenciones: c.atenciones, semilla: 11 })
    expect(c.atenciones / c.pacientes).toBeGreaterThan(2.6)
    expect(c.atenciones / c.pacientes).toBeLessThan(3.5)
    // The trigger-kept list of patients without atención stays right under bulk loads.
    expect(c.sinAtencion).toBe(c.vacios)
    expect(c.vacios).toBeGreaterThan(0)
  })

  it('cada estudio de imágenes informado tiene su informe, y solo esperan informe los recientes', async () => {
    const [f] = await t.db.sql<
      {
        informados: number
        conInforme: number
        importados: number
        viejos: number
        textos: number
      }[]
    >`
      select
        count(*) filter (where a.estado = 'Informado')::int as informados,
        count(*) filter (where a.estado = 'Informado' and exists (
          select 1 from informes i where i.atencion_id = a.id and i.estado = 'final'))::int as con_informe,
        (select count(*)::int from informes where importado and estado = 'final'
          and firmado_en >= completado_en and firmante_colegiatura like 'CMP %') as importados,
        count(*) filter (where a.estado = 'Completado'
          and coalesce(a.actualizado_en, a.llegada) < now() - interval '4 days')::int as viejos,
        (select count(*)::int from informes where contenido ? 'conclusion') as textos
      from atenciones a where a.modalidad <> 'LAB'`
    expect(f!.informados).toBeGreaterThan(500)
    expect(f!.conInforme).toBe(f!.informados)
    expect(f!.importados).toBe(f!.informados)
    expect(f!.textos).toBe(f!.informados)
    expect(f!.viejos).toBe(0)
  })

  it('al correrlo otra vez, agrega más junto a lo que hay, con documentos que siguen después del mayor', async () => {
    const antes = await ultimosDocumentos(t.db.sql)
    // The same seed again: the same people, under new documents.
    await cargarDatos(t.db.sql, { pacientes: 700, tz: TZ, semilla: 11, lote: 300, paralelo: 2 })
    const c = await contar()
    expect(c.pacientes).toBe(1900)
    expect(c.documentos).toBe(1900)
    expect(c.sinAtencion).toBe(c.vacios)
    const despues = await ultimosDocumentos(t.db.sql)
    expect(despues.dni).toBeGreaterThan(antes.dni)
  })

  it('continúa después de un documento registrado por la API', async () => {
    const { dni } = await ultimosDocumentos(t.db.sql)
    const documento = String(dni + 5)
    const res = await t.app.inject({
      method: 'POST',
      url: '/pacientes',
      headers: t.headers,
      payload: {
        tipoDocumento: 'dni',
        documento,
        primerNombre: 'Ñusta',
        primerApellido: 'Yupanqui',
        fechaNacimiento: '1990-05-05',
        sexo: 'Femenino',
        departamento: 'Cusco',
        municipio: 'Cusco',
        zonaResidencial: 'Wanchaq',
        aceptaPolitica: true,
      },
    })
    expect(res.statusCode).toBe(201)
    expect((await ultimosDocumentos(t.db.sql)).dni).toBe(dni + 5)
    const r = await cargarDatos(t.db.sql, { pacientes: 100, tz: TZ, lote: 100 })
    expect(r.pacientes).toBe(100)
  })

  it('la búsqueda encuentra sus nombres con tildes escritos sin tildes, y sus atenciones por sede', async () => {
    const buscar = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/pacientes/buscar?${query}`,
        headers: t.headers,
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<BusquedaFila[]>()
    }
    const nunez = await buscar('primerApellido=nunez&limite=200')
    expect(nunez.length).toBeGreaterThan(0)
    expect(
      nunez.every(
        (f) =>
          f.primerApellido.startsWith('Núñez') || f.primerApellido.toLowerCase().includes('nunez'),
      ),
    ).toBe(true)
    const jose = await buscar('primerNombre=jose&sede=Cusco')
    expect(jose.some((f) => f.primerNombre === 'José' && f.sede === 'Cusco')).toBe(true)
  })
})

describe('datos de demostración', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('llenan una base vacía una sola vez, al arrancar, y dan un dashboard con vida', async () => {
    const config = testConfig({ DEMO_DATA: 'true' })
    const log = { info: () => {}, warn: () => {}, error: () => {} } as never
    const inicio = Date.now()
    await prepareDatabase({ config, db: t.db, log })
    const ms = Date.now() - inicio
    await prepareDatabase({ config, db: t.db, log })
    const [c] = await t.db.sql<{ pacientes: number; sedes: number; modalidades: number }[]>`
      select (select count(*)::int from pacientes) as pacientes,
        (select count(distinct sede)::int from atenciones) as sedes,
        (select count(distinct modalidad)::int from atenciones) as modalidades`
    expect(c).toEqual({ pacientes: PACIENTES_DEMO, sedes: 3, modalidades: 4 })
    expect(ms).toBeLessThan(10_000)

    const res = await t.app.inject({ method: 'GET', url: '/estadisticas', headers: t.headers })
    expect(res.statusCode).toBe(200)
    const e = res.json<Estadisticas>()
    expect(e.tarjetas.totalPacientes).toBe(PACIENTES_DEMO)
    // Today's citas not yet arrived: none once the salas have closed for the day (or on a
    // Sunday), so counted here rather than assumed; the week ahead always has some.
    const [citas] = await t.db.sql<{ hoy: number; adelante: number }[]>`
      select count(*) filter (where estado = 'Programado'
          and (lower(turno) at time zone ${TZ})::date = (now() at time zone ${TZ})::date)::int as hoy,
        count(*) filter (where lower(turno) > now())::int as adelante
      from atenciones where turno is not null`
    expect(e.tarjetas.citasPendientes).toBe(citas!.hoy)
    expect(citas!.adelante).toBeGreaterThan(0)
    expect(e.tarjetas.estudiosHoy).toBeGreaterThan(0)
    expect(e.tarjetas.alertas).toBeGreaterThan(0)
    expect(e.atencionesPorMes.reduce((s, m) => s + m.total, 0)).toBeGreaterThan(PACIENTES_DEMO * 2)
    expect(e.ultimosPacientes).toHaveLength(5)
  })

  it('no se cargan cuando DEMO_DATA está apagado o ya hay pacientes', async () => {
    expect(await cargarDemo(t.db.sql, TZ)).toBeNull()
  })

  it('tarde en la noche y justo después de la medianoche del 1 de enero todavía muestran trabajo pendiente para hoy', async () => {
    const otra = await createTestApp()
    try {
      for (const ahora of ['2025-12-31T04:55:00Z', '2026-01-01T05:02:00Z']) {
        await vaciar(otra.db.sql, 'atenciones, pacientes restart identity cascade')
        await cargarDemo(otra.db.sql, TZ, new Date(ahora))
        const [f] = await otra.db.sql<{ espera: number; urgentes: number }[]>`
          select count(*) filter (where estado in ('Programado', 'En espera'))::int as espera,
            count(*) filter (where prioridad <> 'Rutina' and estado in ('Programado', 'En espera', 'En proceso'))::int as urgentes
          from atenciones where llegada >= ${ahora}::timestamptz - interval '2 hours'`
        expect(f!.espera, ahora).toBeGreaterThan(2)
        expect(f!.urgentes, ahora).toBeGreaterThan(0)
      }
    } finally {
      await otra.close()
    }
  })
})
