// The embedded home's own backups: once a day after RESPALDO_HORA (clinic time), or at the first
// minute the server is up after it, keeping the newest RESPALDO_CONSERVAR; and, over the control
// socket, the ones `npm run respaldo` asks for while the server runs. PostgreSQL's home has its
// own tools for a schedule (README, «Operación»): there `npm run respaldo` is run by cron.
import type { FastifyBaseLogger } from 'fastify'
import { fechaEnZona } from '../../shared/edad.js'
import { cadaMinuto } from '../cada-minuto.js'
import type { Config } from '../config.js'
import type { Database } from '../db.js'
import { horaLocal } from '../horario.js'
import { podarRespaldos } from './archivo.js'
import { escucharControl, type Respuesta } from './control.js'
import { respaldar, type Origen } from './respaldar.js'

/** After a failed daily backup, the next try waits this long (each one is logged). */
const REINTENTO = 60 * 60_000

export interface Respaldos {
  /** Takes the daily backup if it is due (the server asks every minute). */
  revisar(): Promise<void>
  cerrar(): Promise<void>
}

export async function iniciarRespaldos(ctx: {
  config: Config
  db: Database
  log: FastifyBaseLogger
  ahora?: () => Date
}): Promise<Respaldos | null> {
  const { config, db, log } = ctx
  if (db.home !== 'embedded') return null
  const ahora = ctx.ahora ?? (() => new Date())
  // One backup at a time: the daily one and one asked for never run together.
  let cola: Promise<unknown> = Promise.resolve()
  const enCola = <T>(trabajo: () => Promise<T>): Promise<T> => {
    const r = cola.then(trabajo)
    cola = r.catch(() => {})
    return r
  }

  const uno = async (origen: Origen, dir: string): Promise<Respuesta> => {
    try {
      const r = await enCola(() => respaldar(db, { dir, tz: config.clinicTz, origen, ahora }))
      log.info({ archivo: r.ruta, bytes: r.bytes, ms: r.milisegundos, origen }, 'respaldo hecho')
      return { ok: true, ...r }
    } catch (err) {
      log.error({ err, origen }, 'el respaldo falló')
      return { ok: false, error: (err as Error).message }
    }
  }

  // Without the socket (a DATA_DIR path too long for one, say) the server still runs; only
  // `npm run respaldo` cannot reach it, and says so.
  const cerrarControl = await escucharControl(config.dataDir, (p) =>
    uno('manual', p.destino ?? config.respaldoDir),
  ).catch((err: unknown) => {
    log.warn({ err }, 'sin socket de control: npm run respaldo no podrá pedir respaldos')
    return async () => {}
  })

  let hechoEl: string | null = null
  let proximoIntento = 0
  const revisar = async () => {
    const hora = config.respaldoHora
    const t = ahora()
    if (!hora || horaLocal(t, config.clinicTz) < hora || t.getTime() < proximoIntento) return
    const hoy = fechaEnZona(t, config.clinicTz)
    if (hechoEl === null) {
      const [fila] = await db.sql<{ inicio: Date | null }[]>`
        select max(inicio) as inicio from respaldos where origen = 'diario' and error is null`
      hechoEl = fila?.inicio ? fechaEnZona(fila.inicio, config.clinicTz) : ''
    }
    if (hechoEl === hoy) return
    const r = await uno('diario', config.respaldoDir)
    if (!r.ok) {
      proximoIntento = t.getTime() + REINTENTO
      return
    }
    hechoEl = hoy
    const borrados = await podarRespaldos(config.respaldoDir, config.respaldoConservar)
    if (borrados.length) log.info({ borrados }, 'respaldos antiguos borrados')
  }
  const tarea = cadaMinuto(revisar, (err: unknown) =>
    log.error({ err }, 'no se pudo revisar los respaldos'),
  )
  return {
    revisar: tarea.tic,
    async cerrar() {
      await tarea.detener()
      await cerrarControl()
      await cola
    },
  }
}
