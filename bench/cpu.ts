// CPU time spent per request by the server process, by the PostgreSQL backends serving it and by
// the bench's own client, read from /proc (Linux). On a saturated machine latency follows the sum:
// these say where it goes. PostgreSQL's share is read only when it runs on this machine.
import { readFileSync } from 'node:fs'
import type { Sql } from '../server/db.js'
import { redondear } from './measure.js'

/** Linux reports process times in USER_HZ ticks, 100 a second on every common architecture. */
const MS_POR_TICK = 10

/** User plus system CPU milliseconds of a process so far; NaN when /proc has no such process. */
function cpuMs(pid: number): number {
  try {
    // Fields after the command name, which may hold spaces and ends at the last ')'.
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .slice(0, -1)
      .split(') ')
      .at(-1)!
      .split(' ')
    return (Number(campos[11]) + Number(campos[12])) * MS_POR_TICK
  } catch {
    return NaN
  }
}

export interface CpuPorSolicitud {
  servidor: number
  postgres?: number
  cliente: number
}

/**
 * The backends of the server's connections (application_name 'clinica') to this database that are
 * processes of this machine: a pid of a PostgreSQL elsewhere may name some other local process.
 */
async function backends(sql: Sql): Promise<number[]> {
  const filas = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() and application_name = 'clinica'`
  return filas
    .map((f) => f.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')
      } catch {
        return false
      }
    })
}

/**
 * Starts counting; the returned function ends it and divides by the requests answered. A backend
 * that did not exist at the start counts whole (the pools are warm by then, so it is rare).
 */
export async function contarCpu(
  servidorPid: number,
  sql: Sql | null,
): Promise<(solicitudes: number) => Promise<CpuPorSolicitud>> {
  const servidor = cpuMs(servidorPid)
  const cliente = process.cpuUsage()
  const pids = sql ? await backends(sql) : []
  const postgres = new Map(pids.map((pid) => [pid, cpuMs(pid)]))
  return async (solicitudes) => {
    const n = Math.max(1, solicitudes)
    const c = process.cpuUsage(cliente)
    const r: CpuPorSolicitud = {
      servidor: redondear((cpuMs(servidorPid) - servidor) / n),
      cliente: redondear((c.user + c.system) / 1000 / n),
    }
    const todos = sql ? new Set([...pids, ...(await backends(sql))]) : new Set<number>()
    // A backend gone by the end is left out; none of this machine's leaves the share unknown.
    const deltas = [...todos]
      .map((pid) => cpuMs(pid) - (postgres.get(pid) ?? 0))
      .filter((d) => !Number.isNaN(d))
    if (deltas.length > 0) r.postgres = redondear(deltas.reduce((a, b) => a + b, 0) / n)
    return r
  }
}
