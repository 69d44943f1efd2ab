// The dashboard's numbers (docs/producto.md#dashboard), all counted in the clinic's time zone.
import { Type, type Static } from '@sinclair/typebox'
import { MESES } from './catalogos.js'
import { defineContract } from './contract.js'
import { enumTexto, PacienteSchema } from './paciente-datos.js'

export const EstadisticasSchema = Type.Object({
  /** Today in the clinic's time zone ('YYYY-MM-DD'). */
  hoy: Type.String({ format: 'date' }),
  tarjetas: Type.Object({
    totalPacientes: Type.Integer(),
    /** Today's citas (clinic time) not yet arrived: Programado, with a turno that starts today. */
    citasPendientes: Type.Integer(),
    /** Estudios of today's atenciones that are not cancelled. */
    estudiosHoy: Type.Integer(),
    /** Urgente or Emergencia atenciones not yet done, any day. */
    alertas: Type.Integer(),
  }),
  /** Atenciones per month of the current year, Enero to the current month. */
  atencionesPorMes: Type.Array(
    Type.Object({
      mes: Type.Integer({ minimum: 1, maximum: 12 }),
      nombre: enumTexto(MESES),
      total: Type.Integer(),
    }),
  ),
  ultimosPacientes: Type.Array(
    Type.Composite([
      Type.Pick(PacienteSchema, ['id', 'nombreCompleto', 'documento', 'tipoEdad', 'edad']),
      /** Registration date in the clinic's time zone. */
      Type.Object({ fechaRegistro: Type.String({ format: 'date' }) }),
    ]),
  ),
})
export type Estadisticas = Static<typeof EstadisticasSchema>

export const ULTIMOS_PACIENTES = 5

export const estadisticasContract = defineContract({
  method: 'GET',
  url: '/estadisticas',
  permiso: 'estadisticas.ver',
  summary: 'Tarjetas, atenciones por mes del año en curso y últimos pacientes del dashboard',
  tags: ['estadisticas'],
  response: { 200: EstadisticasSchema },
})

/** Of final informes signed this month: per modality, how long from Completado to the signature. */
export const TiempoInformeSchema = Type.Object({
  modalidad: Type.String(),
  /** The modality as the catalogue names it. */
  etiqueta: Type.String(),
  /** Final originals signed this month (adendas and corrections are not a study's first report). */
  informes: Type.Integer(),
  /** Median hours from the atención's Completado to its final signature (one decimal). */
  medianaHoras: Type.Number(),
})
export type TiempoInforme = Static<typeof TiempoInformeSchema>

export const EstadisticasInformesSchema = Type.Object({
  /** This month in the clinic's time zone ('YYYY-MM'). */
  mes: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }),
  tiempos: Type.Array(TiempoInformeSchema),
  /** Studies waiting to be reported, as «Por informar» counts them: up to 1000. */
  porInformar: Type.Integer(),
})
export type EstadisticasInformes = Static<typeof EstadisticasInformesSchema>

export const estadisticasInformesContract = defineContract({
  method: 'GET',
  url: '/estadisticas/informes',
  permiso: 'estadisticas.ver',
  summary:
    'Tiempo de informe del mes (mediana de horas de Completado a la firma final, por modalidad) y cuántos estudios esperan su informe',
  tags: ['estadisticas'],
  response: { 200: EstadisticasInformesSchema },
})
