// The clinic's DICOM service (docs/dicom.md): who may associate (a registered, active sala's AE
// title from its own address), the worklist it is answered and the MPPS it sends. Every
// association, query and MPPS message is audited as done by that sala.
import type { FastifyBaseLogger } from 'fastify'
import type { JuegoCaracteres } from '../../shared/catalogos.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { registrarEvento, type Evento } from '../queries/auditoria.js'
import { codigosDicom, leerWorklist, MAXIMO_ITEMS } from '../queries/worklist.js'
import { ConsultaInvalida, filtrosDeConsulta, item, texto } from './consulta.js'
import { ESTADO, escucharDicom, type Conexion, type Llamada, type ServidorDicom } from './dimse.js'
import { itemCompleto, recortar, type Destino } from './item.js'
import { cambiarMpps, crearMpps } from './mpps.js'

/** The sala an association speaks for. */
export interface SalaDicom {
  id: number
  aeTitle: string
  modalidad: string
  direccion: string
  juegoCaracteres: JuegoCaracteres
}

/** The host part of a sala's address: an IP, optionally with the equipment's port ("10.0.5.20:104"). */
export function hostDe(direccion: string): string {
  const v6 = /^\[([^\]]+)\](?::\d+)?$/.exec(direccion)
  if (v6) return v6[1]!
  const v4 = /^([^:]+)(?::\d+)?$/.exec(direccion)
  return v4 ? v4[1]! : direccion
}

/** The active sala with that AE title whose address is `direccion`; undefined otherwise. */
async function salaDe(sql: Sql, llamada: Llamada): Promise<SalaDicom | undefined> {
  const [sala] = await sql<SalaDicom[]>`
    select id, ae_title, modalidad, direccion, juego_caracteres from salas
    where ae_title = ${llamada.llamante} and activa and direccion is not null`
  return sala && hostDe(sala.direccion) === llamada.direccion ? sala : undefined
}

export interface ContextoDicom {
  config: Pick<Config, 'clinicTz' | 'dicomAeTitle' | 'dicomMaxPorDireccion' | 'dicomEsquemaCodigos'>
  sql: Sql
  log: FastifyBaseLogger
}

/** What one connection is answered, once its sala is known. */
export function conexionClinica(ctx: ContextoDicom): Conexion {
  const { sql, log, config } = ctx
  const tz = config.clinicTz
  let sala: SalaDicom | undefined
  let direccion = ''
  const evento = (accion: Evento['accion'], detalle: Record<string, unknown>): Evento => ({
    accion,
    usuarioId: null,
    usuario: `dicom:${sala?.aeTitle ?? ''}`,
    direccion,
    detalle: { sala: sala?.id, aeTitle: sala?.aeTitle, ...detalle },
  })

  return {
    async asociar(llamada) {
      direccion = llamada.direccion
      const llamadoBien = llamada.llamado === config.dicomAeTitle
      sala = llamadoBien ? await salaDe(sql, llamada) : undefined
      if (!sala) {
        const motivo = llamadoBien ? 'equipo no registrado' : 'AE title llamado desconocido'
        await registrarEvento(sql, {
          accion: 'dicom.rechazada',
          usuarioId: null,
          usuario: `dicom:${llamada.llamante}`,
          direccion,
          detalle: {
            aeTitle: llamada.llamante,
            llamado: llamada.llamado,
            motivo,
          },
        })
        log.warn({ aeTitle: llamada.llamante, direccion, motivo }, 'asociación DICOM rechazada')
        return llamadoBien ? 'llamanteDesconocido' : 'llamadoDesconocido'
      }
      await registrarEvento(sql, evento('dicom.asociacion', { llamado: llamada.llamado }))
      return 'aceptada'
    },

    limitada(desde) {
      const motivo = `más de ${config.dicomMaxPorDireccion} conexiones desde la dirección`
      log.warn({ direccion: desde, motivo }, 'asociación DICOM rechazada')
      registrarEvento(sql, {
        accion: 'dicom.rechazada',
        usuarioId: null,
        usuario: null,
        direccion: desde,
        detalle: { motivo },
      }).catch((err: unknown) => log.error({ err }, 'no se pudo auditar el rechazo DICOM'))
    },

    async worklist(consulta) {
      let filtros
      try {
        filtros = filtrosDeConsulta(consulta, await codigosDicom(sql))
      } catch (err) {
        if (!(err instanceof ConsultaInvalida)) throw err
        await registrarEvento(sql, evento('worklist.consultada', { error: err.message }))
        return { estado: ESTADO.identificadorInvalido, comentario: err.message }
      }
      // What was asked, as the trail keeps it: the matching keys with a value.
      const claves = Object.fromEntries(
        [
          ['Modality', item(consulta.ScheduledProcedureStepSequence).Modality],
          [
            'ScheduledStationAETitle',
            item(consulta.ScheduledProcedureStepSequence).ScheduledStationAETitle,
          ],
          [
            'ScheduledProcedureStepStartDate',
            item(consulta.ScheduledProcedureStepSequence).ScheduledProcedureStepStartDate,
          ],
          [
            'ScheduledProcedureStepStartTime',
            item(consulta.ScheduledProcedureStepSequence).ScheduledProcedureStepStartTime,
          ],
          ['PatientName', consulta.PatientName],
          ['PatientID', consulta.PatientID],
          ['AccessionNumber', consulta.AccessionNumber],
        ]
          .map(([k, v]) => [k, texto(v)])
          .filter(([, v]) => v !== ''),
      )
      const filas = await leerWorklist(
        sql,
        filtros,
        tz,
        evento('worklist.consultada', { consulta: claves }),
      )
      if (filas.length > MAXIMO_ITEMS)
        return {
          estado: ESTADO.demasiados,
          comentario: `Más de ${MAXIMO_ITEMS} resultados: acote la consulta por fecha o AE title`,
        }
      const destino: Destino = {
        aeLlamante: sala?.aeTitle,
        codigos: filtros.codigos,
        aeTitles: filtros.aeTitles,
        aeServidor: config.dicomAeTitle,
        // Per sala: dcmjs reads every query as UTF-8 and forgets the set it declared.
        juego: sala?.juegoCaracteres ?? 'ISO_IR 192',
        esquema: config.dicomEsquemaCodigos,
      }
      return { items: filas.map((f) => recortar(consulta, itemCompleto(f, destino))) }
    },

    crearMpps: (uid, datos) => crearMpps(sql, sala!, uid, datos, tz, evento),
    cambiarMpps: (uid, datos) => cambiarMpps(sql, sala!, uid, datos, tz, evento),

    error(err) {
      log.error({ err, aeTitle: sala?.aeTitle }, 'error en el servicio DICOM')
    },
  }
}

export class PuertoDicomError extends Error {}

/** Starts the DICOM service when DICOM_PORT is set; a port that cannot be opened is a startup error. */
export async function iniciarDicom(
  ctx: ContextoDicom & { config: Pick<Config, 'dicomPort' | 'dicomHost'> },
): Promise<ServidorDicom | undefined> {
  const { dicomPort, dicomHost } = ctx.config
  if (dicomPort === null) return undefined
  try {
    return await escucharDicom(
      { host: dicomHost, port: dicomPort, maxPorDireccion: ctx.config.dicomMaxPorDireccion },
      () => conexionClinica(ctx),
    )
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    throw new PuertoDicomError(
      e.code === 'EADDRINUSE'
        ? `No se pudo abrir el puerto DICOM ${dicomPort} en ${dicomHost}: ya está en uso`
        : `No se pudo abrir el puerto DICOM ${dicomPort} en ${dicomHost}: ${e.message}`,
    )
  }
}
