// The dashboard: cards, atenciones per month of this year and the latest patients; and, in a call
// of its own so the first paint does not wait for it, the informes' turnaround time.
import type { FastifyInstance } from 'fastify'
import { MESES } from '../../shared/catalogos.js'
import { hoyEn } from '../../shared/edad.js'
import {
  estadisticasContract,
  estadisticasInformesContract,
  ULTIMOS_PACIENTES,
} from '../../shared/estadisticas.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { eventoDe } from '../http/auditoria.js'
import { edadEn } from '../http/respuestas.js'
import {
  atencionesPorMes,
  porInformarTotal,
  tarjetas,
  ultimosPacientes,
} from '../queries/estadisticas.js'
import { tiemposDelMes } from '../informes/tiempos.js'
import { route } from '../route.js'

export async function estadisticasRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const tz = config.clinicTz

  route(app, estadisticasContract, async (request) => {
    const hoy = hoyEn(tz)
    const anio = Number(hoy.slice(0, 4))
    const mesActual = Number(hoy.slice(5, 7))
    const [cartas, porMes, ultimos] = await Promise.all([
      tarjetas(sql, hoy, tz),
      atencionesPorMes(sql, anio, tz),
      // Names and documents of patients: their read is recorded by its own statement.
      ultimosPacientes(
        sql,
        ULTIMOS_PACIENTES,
        tz,
        eventoDe(request, 'pacientes.listados', { detalle: { lista: 'tablero' } }),
      ),
    ])
    const totales = new Map(porMes.map((m) => [m.mes, m.total]))
    return {
      hoy,
      tarjetas: cartas,
      atencionesPorMes: MESES.slice(0, mesActual).map((nombre, i) => ({
        mes: i + 1,
        nombre,
        total: totales.get(i + 1) ?? 0,
      })),
      ultimosPacientes: ultimos.map((p) => ({
        id: p.id,
        nombreCompleto: nombreCompleto(p),
        documento: p.documento,
        ...edadEn(p.fechaNacimiento, hoy),
        fechaRegistro: p.fechaRegistro,
      })),
    }
  })
  route(app, estadisticasInformesContract, async () => {
    const hoy = hoyEn(tz)
    const anio = Number(hoy.slice(0, 4))
    const mes = Number(hoy.slice(5, 7))
    const inicio = `${hoy.slice(0, 7)}-01`
    const fin = mes === 12 ? `${anio + 1}-01-01` : `${anio}-${String(mes + 1).padStart(2, '0')}-01`
    const [tiempos, porInformar] = await Promise.all([
      tiemposDelMes(sql, hoy.slice(0, 7), inicio, fin, tz),
      porInformarTotal(sql),
    ])
    return {
      mes: hoy.slice(0, 7),
      tiempos: tiempos.map((t) => ({ ...t, medianaHoras: Math.round(t.medianaHoras * 10) / 10 })),
      porInformar,
    }
  })
}
