import { afterAll, beforeAll, expect, test } from 'vitest'
import { diaJuliano, hoyEn } from '../../shared/edad.js'
import type { Estadisticas } from '../../shared/estadisticas.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

// Lima has no daylight saving time: always UTC-5.
const lima = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`).toISOString()
const diaAntes = (fecha: string) =>
  new Date((diaJuliano(fecha)! - 1) * 86_400_000).toISOString().slice(0, 10)

const leer = async (): Promise<Estadisticas> => {
  const res = await t.app.inject({ method: 'GET', url: '/estadisticas', headers: { ...t.headers } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

test('una base vacía da ceros y los meses hasta el actual', async () => {
  const e = await leer()
  const hoy = hoyEn(t.config.clinicTz)
  expect(e.hoy).toBe(hoy)
  expect(e.tarjetas).toEqual({ totalPacientes: 0, citasPendientes: 0, estudiosHoy: 0, alertas: 0 })
  expect(e.atencionesPorMes).toHaveLength(Number(hoy.slice(5, 7)))
  expect(e.atencionesPorMes[0]).toEqual({ mes: 1, nombre: 'Enero', total: 0 })
  expect(e.ultimosPacientes).toEqual([])
})

test('tarjetas, serie mensual y últimos pacientes a partir de filas reales, en la hora de la clínica', async () => {
  const sql = t.db.sql
  const hoy = hoyEn(t.config.clinicTz)
  const ayer = diaAntes(hoy)
  const anio = Number(hoy.slice(0, 4))
  const p: number[] = []
  for (let i = 0; i < 7; i++) {
    p.push(
      await insertarPaciente(sql, {
        primerNombre: `Paciente${'abcdefg'[i]}`,
        creadoEn: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      }),
    )
  }
  // Today (clinic-local): two waiting, one done, one cancelled.
  await insertarAtencion(sql, p[0]!, {
    llegada: lima(hoy, '00:00'),
    estado: 'En espera',
    estudios: ['Tórax PA', 'Mano'],
  })
  await insertarAtencion(sql, p[1]!, {
    llegada: lima(hoy, '23:59'),
    estado: 'Programado',
    estudios: ['Pelvis'],
    prioridad: 'Urgente',
  })
  await insertarAtencion(sql, p[2]!, {
    llegada: lima(hoy, '08:00'),
    estado: 'Completado',
    estudios: ['Cráneo', 'Mano', 'Pelvis'],
    prioridad: 'Emergencia',
  })
  await insertarAtencion(sql, p[3]!, {
    llegada: lima(hoy, '09:00'),
    estado: 'Cancelado',
    estudios: ['Mano', 'Pelvis'],
    prioridad: 'Urgente',
  })
  // Yesterday 23:59 in Lima is already today in UTC: it must not count as today.
  await insertarAtencion(sql, p[4]!, {
    llegada: lima(ayer, '23:59'),
    estado: 'En proceso',
    estudios: ['Mano'],
    prioridad: 'Emergencia',
  })
  // Last year: outside the monthly series, but an urgent one still open is an alert.
  await insertarAtencion(sql, p[5]!, {
    llegada: lima(`${anio - 1}-12-31`, '23:00'),
    estado: 'En espera',
    prioridad: 'Urgente',
  })
  await insertarAtencion(sql, p[6]!, { llegada: lima(`${anio}-01-01`, '00:30') })

  const e = await leer()
  // No cita among them (a walk-in Programado is none): estadisticas-citas.test.ts counts those.
  // On 1 January the year's first atención (00:30) is one of today's too.
  const estudiosHoy = 6 + (hoy === `${anio}-01-01` ? 1 : 0)
  expect(e.tarjetas).toEqual({ totalPacientes: 7, citasPendientes: 0, estudiosHoy, alertas: 3 })

  const esperado = new Map<number, number>()
  for (const fecha of [hoy, hoy, hoy, hoy, ayer, `${anio}-01-01`]) {
    if (fecha.startsWith(String(anio)))
      esperado.set(Number(fecha.slice(5, 7)), (esperado.get(Number(fecha.slice(5, 7))) ?? 0) + 1)
  }
  for (const m of e.atencionesPorMes) expect(m.total, m.nombre).toBe(esperado.get(m.mes) ?? 0)
  expect(e.atencionesPorMes.reduce((s, m) => s + m.total, 0)).toBe(
    [...esperado.values()].reduce((s, n) => s + n, 0),
  )

  expect(e.ultimosPacientes.map((u) => u.id)).toEqual([p[6], p[5], p[4], p[3], p[2]])
  expect(e.ultimosPacientes[0]).toMatchObject({
    nombreCompleto: 'Pacienteg Mamani',
    fechaRegistro: '2024-01-06',
    tipoEdad: 'años',
  })
})

test('los conteos por hora de la serie mensual siguen a las atenciones al insertar, mover y borrar', async () => {
  const sql = t.db.sql
  const p = await insertarPaciente(sql)
  const ids = [
    await insertarAtencion(sql, p, { llegada: '2024-06-01T10:15:00Z' }),
    await insertarAtencion(sql, p, { llegada: '2024-06-01T10:45:00Z' }),
    await insertarAtencion(sql, p, { llegada: '2024-06-01T11:00:00Z' }),
  ]
  await sql`update atenciones set llegada = '2024-07-01T08:00:00Z' where id = ${ids[0]!}`
  await sql`update atenciones set estado = 'En proceso' where id = ${ids[1]!}`
  await sql`delete from atenciones where id = ${ids[2]!}`
  const reales = await sql`
    select date_trunc('hour', llegada, 'UTC') as hora, count(*)::int as total from atenciones group by 1 order by 1`
  const contados =
    await sql`select hora, total from atenciones_por_hora where total > 0 order by hora`
  expect(contados).toEqual(reales)
  expect(
    contados.find((c) => (c.hora as Date).toISOString() === '2024-06-01T10:00:00.000Z')?.total,
  ).toBe(1)
})

test('Alertas no cuenta las citas urgentes de días que vienen: todavía no esperan a nadie', async () => {
  const sql = t.db.sql
  const hoy = hoyEn(t.config.clinicTz)
  const manana = new Date((diaJuliano(hoy)! + 1) * 86_400_000).toISOString().slice(0, 10)
  const antes = (await leer()).tarjetas.alertas
  const p = await insertarPaciente(sql)
  await insertarAtencion(sql, p, {
    llegada: lima(manana, '00:00'),
    estado: 'Programado',
    prioridad: 'Emergencia',
  })
  expect((await leer()).tarjetas.alertas).toBe(antes)
  // Today's, to its last minute, is one.
  await insertarAtencion(sql, p, {
    llegada: lima(hoy, '23:59'),
    estado: 'Programado',
    prioridad: 'Urgente',
  })
  expect((await leer()).tarjetas.alertas).toBe(antes + 1)
})
