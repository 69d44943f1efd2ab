// A sede's day as GET /agenda answers it. Days already seen are kept while the page is open and
// the next and previous days are read ahead, so moving between days shows at once; what is shown
// is always read again behind it, since another desk may have booked meanwhile.
import { useEffect, useRef, useState } from 'react'
import type { Agenda } from '../../../shared/citas.js'
import { mensajeDe } from '../../api.js'
import { leerAgenda } from './citas-api.js'
import { sumarDias } from './fechas.js'

export interface PedidoAgenda {
  sede: string
  fecha: string
  duracion: number
}

const clave = (p: PedidoAgenda) => `${p.sede}|${p.fecha}|${p.duracion}`

/** `cambios`: bumped after a change made elsewhere on the page, to read everything again. */
export function useAgenda(pedido: PedidoAgenda | null, cambios = 0) {
  const vistos = useRef(new Map<string, Agenda>())
  const [agenda, setAgenda] = useState<Agenda | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [cargando, setCargando] = useState(false)
  const [version, setVersion] = useState(0)
  const k = pedido ? clave(pedido) : null

  // A change made on the page (a cita moved) may touch any day kept: read them again. Declared
  // before the reading effect, so it runs first.
  useEffect(() => {
    if (cambios > 0) vistos.current.clear()
  }, [cambios])

  useEffect(() => {
    if (!pedido || !k) return
    const guardada = vistos.current.get(k)
    if (guardada) setAgenda(guardada)
    const ctrl = new AbortController()
    setCargando(true)
    leerAgenda(pedido, ctrl.signal)
      .then((a) => {
        vistos.current.set(k, a)
        setAgenda(a)
        setError(null)
        setCargando(false)
        for (const dias of [1, -1]) {
          const vecino = { ...pedido, fecha: sumarDias(pedido.fecha, dias) }
          if (!vistos.current.has(clave(vecino)))
            leerAgenda(vecino, ctrl.signal)
              .then((v) => vistos.current.set(clave(vecino), v))
              .catch(() => {}) // only a head start: the day is read again when opened
        }
      })
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return
        setError(mensajeDe(err, 'No se pudo cargar la agenda'))
        setCargando(false)
      })
    return () => ctrl.abort()
  }, [k, version, cambios]) // `k` names the whole pedido

  return {
    /** The day asked for, or the one before it while its answer comes. */
    agenda,
    error,
    cargando,
    recargar: () => {
      vistos.current.clear()
      setVersion((v) => v + 1)
    },
  }
}
