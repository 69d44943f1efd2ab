// The dashboard: cards, atenciones per month of this year and the latest patients.
import type { FastifyInstance } from 'fastify'
import { MESES } from '../../shared/catalogos.js'
import { hoyEn } from '../../shared/edad.js'
import { estadisticasContract, ULTIMOS_PACIENTES } from '../../shared/estadisticas.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { eventoDe } from '../http/auditoria.js'
import { edadEn } from '../http/respuestas.js'
import { atencionesPorMes, tarjetas, ultimosPacientes } from '../queries/estadisticas.js'
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
}
