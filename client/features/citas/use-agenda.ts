// A sede's days as GET /agenda answers them, one call a day: one day, or the seven of a week. Days
// already seen are kept while the page is open, for the day and the week alike, and the
// neighbouring days (or weeks) are read ahead, so moving between them, or opening a day of the
// week, shows at once; what is shown is always read again behind it, since another desk may have
// booked meanwhile, and every REFRESCO_AGENDA_MS while the page is in view: another desk's
// bookings appear and a cita past its time shows it is late, with nobody reloading.
import { useEffect, useRef, useState } from 'react'
import type { Agenda } from '../../../shared/citas.js'
import { mensajeDe } from '../../api.js'
import { leerAgenda } from './citas-api.js'

export interface PedidoAgenda {
  sede: string
  /** The days shown, in order. */
  fechas: string[]
  /** Read ahead once those are shown. */
  vecinas: string[]
  duracion: number
}

export const REFRESCO_AGENDA_MS = 30_000

const clave = (sede: string, fecha: string, duracion: number) => `${sede}|${fecha}|${duracion}`

/** `cambios`: bumped after a change made elsewhere on the page, to read everything again. */
export function useAgenda(pedido: PedidoAgenda | null, cambios = 0) {
  const vistos = useRef(new Map<string, Agenda>())
  const [agendas, setAgendas] = useState<Agenda[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [cargando, setCargando] = useState(false)
  const [version, setVersion] = useState(0)
  const k = pedido ? `${pedido.sede}|${pedido.duracion}|${pedido.fechas.join(',')}` : null

  // A change made on the page (a cita moved) may touch any day kept: read them again. Declared
  // before the reading effect, so it runs first.
  useEffect(() => {
    if (cambios > 0) vistos.current.clear()
  }, [cambios])

  useEffect(() => {
    if (!pedido || !k) return
    const { sede, duracion } = pedido
    const guardadas = pedido.fechas.map((f) => vistos.current.get(clave(sede, f, duracion)))
    if (guardadas.every((a) => a !== undefined)) setAgendas(guardadas)
    const ctrl = new AbortController()
    const leer = (fecha: string) =>
      leerAgenda({ sede, fecha, duracion }, ctrl.signal).then((a) => {
        vistos.current.set(clave(sede, fecha, duracion), a)
        return a
      })
    setCargando(true)
    Promise.all(pedido.fechas.map(leer))
      .then((leidas) => {
        setAgendas(leidas)
        setError(null)
        setCargando(false)
        for (const f of pedido.vecinas)
          if (!vistos.current.has(clave(sede, f, duracion))) leer(f).catch(() => {}) // only a head start: the day is read again when opened
      })
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return
        setError(mensajeDe(err, 'No se pudo cargar la agenda'))
        setCargando(false)
      })
    return () => ctrl.abort()
  }, [k, version, cambios]) // `k` names the whole pedido

  useEffect(() => {
    if (!k) return
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') setVersion((v) => v + 1)
    }, REFRESCO_AGENDA_MS)
    return () => clearInterval(t)
  }, [k])

  return {
    /** The days asked for, or the ones before them while their answers come. */
    agendas,
    error,
    cargando,
    recargar: () => {
      vistos.current.clear()
      setVersion((v) => v + 1)
    },
  }
}
