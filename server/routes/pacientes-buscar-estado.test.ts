// The estado and prioridad filters: one value or a list, visit filters like sede. The dashboard's
// cards open the worklist with them, so the rows must be exactly what each card counts.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { BusquedaFila } from '../../shared/busqueda.js'
import { ESTADOS, PRIORIDADES } from '../../shared/catalogos.js'
import { diaJuliano, hoyEn } from '../../shared/edad.js'
import type { Estadisticas } from '../../shared/estadisticas.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { capturar, clienteBusqueda, indicesDelPlan, secuenciales } from '../test/planes.js'

let t: TestApp
let hoy: string
// Lima has no daylight saving time: always UTC-5.
const lima = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`).toISOString()
const diaAntes = (fecha: string) =>
  new Date((diaJuliano(fecha)! - 1) * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  t = await createTestApp()
  const sql = t.db.sql
  hoy = hoyEn(t.config.clinicTz)
  const ayer = diaAntes(hoy)
  // Every estado with every prioridad, today (from 00:00 to 23:59) and yesterday; one patient
  // with no arrival, whom any estado or prioridad filter leaves out.
  let minuto = 0
  for (const estado of ESTADOS) {
    for (const prioridad of PRIORIDADES) {
      const p = await insertarPaciente(sql, { primerApellido: `${estado} ${prioridad}` })
      for (const dia of [hoy, ayer]) {
        minuto += 37
        const hora = `${String(Math.floor(minuto / 60) % 24).padStart(2, '0')}:${String(minuto % 60).padStart(2, '0')}`
        await insertarAtencion(sql, p, {
          llegada: lima(dia, hora),
          estado,
          prioridad,
          sede: minuto % 2 ? 'Lima' : 'Cusco',
          estudios: minuto % 3 ? ['Tórax PA'] : ['Tórax PA', 'Mano'],
        })
      }
    }
  }
  await insertarPaciente(sql, { primerApellido: 'Sinatención' })
  await sql`analyze`
})
afterAll(async () => {
  await t?.close()
})

async function filas(query: string): Promise<BusquedaFila[]> {
  const res = await t.app.inject({
    url: `/pacientes/buscar?${query}&limite=200`,
    headers: t.headers,
  })
  expect(res.statusCode, `${query} ${res.body}`).toBe(200)
  return res.json()
}

const tarjetas = async (): Promise<Estadisticas['tarjetas']> => {
  const res = await t.app.inject({ url: '/estadisticas', headers: t.headers })
  return res.json<Estadisticas>().tarjetas
}

test('un estado, o varios separados por comas; lo mismo la prioridad', async () => {
  const enEspera = await filas('estado=En%20espera')
  expect(enEspera).toHaveLength(6)
  expect(new Set(enEspera.map((f) => f.estado))).toEqual(new Set(['En espera']))
  const abiertas = await filas('estado=Programado,En%20espera,En%20proceso')
  expect(abiertas).toHaveLength(18)
  const urgentes = await filas('prioridad=Urgente,Emergencia')
  // Every estado, two of the prioridades, today and yesterday.
  expect(urgentes).toHaveLength(ESTADOS.length * 2 * 2)
  expect(urgentes.every((f) => f.prioridad !== 'Rutina')).toBe(true)
  // Newest arrival first, and no patient without an arrival.
  const llegadas = abiertas.map((f) => `${f.fechaLlegada} ${f.horaLlegada}`)
  expect(llegadas).toEqual([...llegadas].sort().reverse())
  expect(abiertas.every((f) => f.atencionId !== null)).toBe(true)
  // The same value twice, or with blanks around it, is the same filter.
  expect(await filas('estado=%20En%20espera%20,En%20espera')).toEqual(enEspera)
})

test('cada tarjeta del dashboard cuenta las filas de su lista de trabajo', async () => {
  const t0 = await tarjetas()
  // Walk-in atenciones only here: no cita is pending (estadisticas-citas.test.ts counts citas).
  const pendientesHoy = await filas(
    `fechaInicial=${hoy}&fechaFinal=${hoy}&estado=Programado&cita=si`,
  )
  expect(pendientesHoy.length).toBe(t0.citasPendientes)
  expect(pendientesHoy.length).toBe(0)
  expect(await filas(`fechaInicial=${hoy}&fechaFinal=${hoy}&estado=Programado`)).toHaveLength(3)
  const deHoy = await filas(`fechaInicial=${hoy}&fechaFinal=${hoy}`)
  const estudios = deHoy
    .filter((f) => f.estado !== 'Cancelado' && f.estado !== 'No se presentó')
    .reduce((n, f) => n + f.estudios.length, 0)
  expect(estudios).toBe(t0.estudiosHoy)
  const alertas = await filas(
    'prioridad=Urgente,Emergencia&estado=Programado,En%20espera,En%20proceso',
  )
  expect(alertas.length).toBe(t0.alertas)
  expect(alertas.length).toBe(12)
})

test('con sede y nombres, todo a la vez', async () => {
  const todas = await filas('estado=Cancelado')
  const enLima = await filas('estado=Cancelado&sede=Lima')
  expect(enLima).toEqual(todas.filter((f) => f.sede === 'Lima'))
  expect(await filas('estado=Cancelado&q=urgente')).toEqual(
    todas.filter((f) => f.prioridad === 'Urgente'),
  )
})

test('valores inválidos: 400 con el mensaje en español bajo su campo', async () => {
  const casos: [string, string, string][] = [
    [
      'estado=Terminado',
      'estado',
      'Estado no válido: use Programado, En espera, En proceso, Completado, Informado, Cancelado, No se presentó',
    ],
    [
      'estado=En%20espera,Listo',
      'estado',
      'Estado no válido: use Programado, En espera, En proceso, Completado, Informado, Cancelado, No se presentó',
    ],
    ['prioridad=Alta', 'prioridad', 'Prioridad no válida: use Rutina, Urgente, Emergencia'],
    ['prioridad=urgente', 'prioridad', 'Prioridad no válida: use Rutina, Urgente, Emergencia'],
    ['estado=En%00espera', 'estado', 'Contiene caracteres no permitidos'],
  ]
  for (const [query, campo, mensaje] of casos) {
    const res = await t.app.inject({ url: `/pacientes/buscar?${query}`, headers: t.headers })
    expect(res.statusCode, query).toBe(400)
    expect(res.json(), query).toEqual({
      message: 'Filtros de búsqueda inválidos',
      errores: [{ campo, mensaje }],
    })
  }
  // Only commas and blanks: no value, so no filter.
  expect((await filas('estado=,%20,')).length).toBe((await filas('')).length)
})

test('ningún filtro de estado o prioridad necesita un Seq Scan de pacientes o atenciones', async () => {
  const captura = capturar(t.db.sql, await clienteBusqueda(t.db))
  try {
    for (const query of [
      'estado=Programado,En%20espera',
      `fechaInicial=${hoy}&fechaFinal=${hoy}&estado=Programado,En%20espera&sede=Lima`,
      'prioridad=Urgente,Emergencia&estado=Programado,En%20espera,En%20proceso',
      'prioridad=Emergencia&q=cancelado',
    ]) {
      captura.tomar()
      await filas(query)
      const sentencias = captura.tomar().filter((s) => /\b(pacientes|atenciones)\b/.test(s.texto))
      expect(sentencias.length, query).toBeGreaterThan(0)
      for (const s of sentencias)
        expect(
          await secuenciales(await clienteBusqueda(t.db), s, ['pacientes', 'atenciones']),
          query,
        ).toEqual([])
    }
  } finally {
    captura.soltar()
  }
})

test('las alertas leen sus índices parciales (0021): sin ellos, el plan lo dice', async () => {
  const busqueda = await clienteBusqueda(t.db)
  const captura = capturar(t.db.sql, busqueda)
  try {
    const alertas = 'prioridad=Urgente,Emergencia&estado=Programado,En%20espera,En%20proceso'
    for (const [query, indice] of [
      [alertas, 'atenciones_alertas_idx'],
      [`${alertas}&sede=Lima`, 'atenciones_alertas_sede_idx'],
    ] as const) {
      captura.tomar()
      await filas(query)
      const sentencias = captura.tomar().filter((s) => /\batenciones\b/.test(s.texto))
      const usados = (await Promise.all(sentencias.map((s) => indicesDelPlan(busqueda, s)))).flat()
      expect(usados, query).toContain(indice)
    }
  } finally {
    captura.soltar()
  }
})
